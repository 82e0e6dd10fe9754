import { queryOptions, useQuery } from "@tanstack/react-query";
import type { AppInfo } from "@contract/user";
import { apiRequest } from "./http";
import { DEFAULT_APP_INFO, readStoredAppInfo, storeAppInfo } from "./storedAppInfo";

// {product} and {email} of SPEC.md come from the server (APP_NAME, SUPPORT_EMAIL). The last
// answer is kept so the names are right offline; RULES.md defaults stand in before the first one.

export const appConfigQueryKey = ["app-config"] as const;

async function fetchAppConfig(): Promise<AppInfo> {
  const info = await apiRequest<AppInfo>("/config", { fallback: "Failed to load configuration" });
  storeAppInfo(info);
  return info;
}

export const appConfigQueryOptions = queryOptions({
  queryKey: appConfigQueryKey,
  queryFn: fetchAppConfig,
  initialData: () => readStoredAppInfo() ?? DEFAULT_APP_INFO,
  // Treat the stored copy as old so the server's answer replaces it once per visit.
  initialDataUpdatedAt: 0,
  staleTime: 60 * 60 * 1000,
  retry: false,
  meta: { keepOnSignOut: true },
});

export function useAppConfig(): AppInfo {
  return useQuery(appConfigQueryOptions).data;
}
