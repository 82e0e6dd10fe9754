import { startTransition, useEffect, useRef, useState, type ReactNode } from "react";
import { afterNextFrameOr } from "../../../lib/afterNextFrame";
import { rescueLostFocus } from "../../../lib/focusRescue";
import { Header, type HeaderSlots } from "./Header";
import { MainNav } from "./MainNav";
import { ShellFooter } from "./ShellFooter";
import type { NavItemId } from "../navigation";
import "./AppShell.css";

export interface AppShellProps extends HeaderSlots {
  children: ReactNode;
  onOpenSettings: () => void;
  onLogout: () => void;
  loggingOut?: boolean;
  /** Counts shown on navigation items, e.g. claimable rewards (later issues fill these). */
  navBadges?: Partial<Record<NavItemId, number>>;
}

/** The first screen of a page load waits at most this long for the frame's first drawing. */
const FIRST_SCREEN_MAX_WAIT_MS = 100;
let frameDrawn = false;

/** The signed-in frame: header, navigation (top tabs on desktop, bottom bar on phones), footer. */
export function AppShell({ children, navBadges, ...headerProps }: AppShellProps) {
  // The first time in a page load, the frame is drawn alone and the screen (and the footer below
  // it) in the next frame. The browser's first layout of a text style costs the first time only
  // (each font size and weight, ~2 ms at 4x CPU in traces; the frame and a screen use about 24):
  // drawn together, the first screen of a visit was one rendering task of ~90-170 ms at 4x CPU.
  const [screenShown, setScreenShown] = useState(frameDrawn);
  const mainRef = useRef<HTMLElement>(null);
  useEffect(() => (mainRef.current ? rescueLostFocus(mainRef.current) : undefined), []);
  useEffect(() => {
    if (screenShown) return;
    afterNextFrameOr(FIRST_SCREEN_MAX_WAIT_MS, () => {
      frameDrawn = true;
      startTransition(() => setScreenShown(true));
    });
  }, [screenShown]);
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <div className="shell__top">
        <Header {...headerProps} />
        <MainNav badges={navBadges} />
      </div>
      <main ref={mainRef} id="main" className="shell__main" tabIndex={-1}>
        {screenShown && children}
      </main>
      {screenShown && <ShellFooter />}
    </div>
  );
}
