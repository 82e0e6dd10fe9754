import type { ReactNode } from "react";
import { Icon } from "./Icon";
import "./Banner.css";

/** The red error banner of SPEC.md (failed calls, validation). Announced as an alert. */
export function ErrorBanner({ children, className }: { children: ReactNode; className?: string }) {
  if (!children) return null;
  return (
    <div className={["banner", "banner--error", className].filter(Boolean).join(" ")} role="alert">
      <Icon name="alert" size={20} className="banner__icon" />
      <div className="banner__text">{children}</div>
    </div>
  );
}

/** A calm notice (cancellation, offline): announced politely. */
export function NoticeBanner({ children, className, icon = "info" }: { children: ReactNode; className?: string; icon?: "info" | "offline" | "check" | "mail" }) {
  if (!children) return null;
  return (
    <div className={["banner", "banner--notice", className].filter(Boolean).join(" ")} role="status">
      <Icon name={icon} size={20} className="banner__icon" />
      <div className="banner__text">{children}</div>
    </div>
  );
}
