import type { ReactNode } from "react";
import { Link } from "@tanstack/react-router";
import { MuteButtons } from "../../../audio/MuteButtons";
import { useSignedInUser } from "../../../lib/session";
import { Icon } from "../../../lib/ui/Icon";
import { Logo } from "../../../lib/ui/Logo";
import { Wallet } from "./Wallet";

/** Places later issues plug their header pieces into; nothing is drawn for an empty slot. */
export interface HeaderSlots {
  /** The player's rank with its crown (leaderboard). */
  rankSlot?: ReactNode;
  /** Sound and music mute buttons (audio). */
  audioSlot?: ReactNode;
  /** Global chat button (chat). */
  chatSlot?: ReactNode;
  /** Support & Feedback button (support). */
  supportSlot?: ReactNode;
}

interface HeaderProps extends HeaderSlots {
  onOpenSettings: () => void;
  onLogout: () => void;
  loggingOut?: boolean;
}

export function Header({ rankSlot, audioSlot, chatSlot, supportSlot, onOpenSettings, onLogout, loggingOut }: HeaderProps) {
  const user = useSignedInUser();
  const name = user.displayName ?? user.username;
  return (
    <header className="hud">
      <div className="hud__inner">
        <Link to="/" className="hud__logo">
          <Logo size="sm" />
        </Link>

        <div className="hud__status">
          <Wallet user={user} />
          {rankSlot}
          <ComingSoonButtons />
        </div>

        <div className="hud__actions">
          {audioSlot ?? <MuteButtons />}
          {chatSlot}
          {supportSlot}
          <button type="button" className="hud__user" onClick={onOpenSettings} aria-haspopup="dialog" aria-label={`${name}, Account Settings`} title="Account Settings">
            <span className="hud__avatar" aria-hidden="true">
              {name.slice(0, 1).toUpperCase()}
            </span>
            <span className="hud__name">{name}</span>
          </button>
          <button type="button" className="hud__logout" onClick={onLogout} disabled={loggingOut} aria-label="Log out" title="Log out">
            <Icon name="logout" size={20} />
            <span className="hud__logout-text" aria-hidden="true">
              Log out
            </span>
          </button>
        </div>
      </div>
    </header>
  );
}

/** SPEC.md section 2: two further header buttons, disabled and labelled 'Coming Soon'. */
function ComingSoonButtons() {
  return (
    <div className="hud__soon">
      <button type="button" className="hud__soon-btn" disabled title="Coming Soon">
        <Icon name="sparkles" size={16} />
        <span className="hud__soon-text">Coming Soon</span>
      </button>
      <button type="button" className="hud__soon-btn" disabled title="Coming Soon">
        <Icon name="crown" size={16} />
        <span className="hud__soon-text">Coming Soon</span>
      </button>
    </div>
  );
}
