import { useEffect } from "react";
import { useAppConfig } from "./appConfig";

/** "Collection · Foilbound" in the browser tab and the history list. */
export function usePageTitle(title?: string): void {
  const { appName } = useAppConfig();
  useEffect(() => {
    document.title = title ? `${title} · ${appName}` : appName;
  }, [title, appName]);
}
