import type { ReactNode } from "react";
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

/** The signed-in frame: header, navigation (top tabs on desktop, bottom bar on phones), footer. */
export function AppShell({ children, navBadges, ...headerProps }: AppShellProps) {
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <div className="shell__top">
        <Header {...headerProps} />
        <MainNav badges={navBadges} />
      </div>
      <main id="main" className="shell__main" tabIndex={-1}>
        {children}
      </main>
      <ShellFooter />
    </div>
  );
}
