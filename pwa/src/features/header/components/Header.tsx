import { useEffect, useId, useRef, useState, type MouseEvent, type ReactNode } from "react";
import { Link } from "@tanstack/react-router";
import { MSG } from "@contract/messages";
import { MuteButtons } from "../../../audio/MuteButtons";
import { useSignedInUser } from "../../../lib/session";
import { Button } from "../../../lib/ui/Button";
import { Dialog } from "../../../lib/ui/Dialog";
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

/**
 * One row: logo, balances and rank, then the icon buttons. On phones the icon buttons fold into a
 * menu behind the avatar (issue 13: two header rows plus the tab bar took 38% of the screen).
 * The menu hides its buttons with CSS rather than unmounting them, so a dialog a button opened
 * (chat, support) stays open when the menu closes.
 */
export function Header({ rankSlot, audioSlot, chatSlot, supportSlot, onOpenSettings, onLogout, loggingOut }: HeaderProps) {
  const user = useSignedInUser();
  const name = user.displayName ?? user.username;
  const [confirmingLogout, setConfirmingLogout] = useState(false);
  const menu = useOverflowMenu();
  return (
    <header className="hud">
      <div className="hud__inner">
        <Link to="/" className="hud__logo">
          <Logo size="sm" />
        </Link>

        <div className="hud__status">
          <Wallet user={user} />
          {rankSlot}
        </div>

        <button
          type="button"
          ref={menu.toggleRef}
          className="hud__menu-toggle"
          aria-expanded={menu.open}
          aria-controls={menu.id}
          aria-label={`${MSG.menuLabel}, ${name}`}
          onClick={menu.toggle}
        >
          <span className="hud__avatar" aria-hidden="true">
            {name.slice(0, 1).toUpperCase()}
          </span>
          <span className="hud__menu-dots" aria-hidden="true" />
        </button>

        <div id={menu.id} ref={menu.panelRef} className={`hud__actions${menu.open ? " is-open" : ""}`} onClick={menu.closeAfterChoice}>
          <button type="button" className="hud__user" onClick={onOpenSettings} aria-haspopup="dialog" aria-label={`${name}, Account Settings`} title="Account Settings">
            <span className="hud__avatar" aria-hidden="true">
              {name.slice(0, 1).toUpperCase()}
            </span>
            <span className="hud__name">{name}</span>
            <span className="hud__user-hint" aria-hidden="true">
              Account Settings
            </span>
          </button>
          <Link to="/fairness" className="hud__fair icon-button" aria-label="Fair Play: check your pulls" title="Fair Play">
            <Icon name="fair" size={20} />
          </Link>
          <ComingSoonButtons />
          {audioSlot ?? <MuteButtons />}
          {chatSlot}
          {supportSlot}
          <button type="button" className="hud__logout" onClick={() => setConfirmingLogout(true)} disabled={loggingOut} aria-haspopup="dialog" aria-label="Log out" title="Log out">
            <Icon name="logout" size={20} />
            <span className="hud__logout-text" aria-hidden="true">
              Log out
            </span>
          </button>
        </div>
      </div>
      <LogoutConfirm
        open={confirmingLogout}
        busy={loggingOut}
        onCancel={() => setConfirmingLogout(false)}
        onConfirm={() => {
          setConfirmingLogout(false);
          onLogout();
        }}
      />
    </header>
  );
}

/** Log out asks once: on phones it sat beside the avatar, one stray tap from signing out. */
function LogoutConfirm({ open, busy, onCancel, onConfirm }: { open: boolean; busy?: boolean; onCancel: () => void; onConfirm: () => void }) {
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      title={MSG.logoutConfirmTitle}
      description={MSG.logoutConfirmBody}
      size="sm"
      footer={
        <>
          <Button variant="ghost" onClick={onCancel} data-autofocus>
            Cancel
          </Button>
          <Button variant="danger" onClick={onConfirm} busy={busy} busyLabel="Logging out...">
            Log out
          </Button>
        </>
      }
    >
      {null}
    </Dialog>
  );
}

/** Open/close state of the phone menu: closes on Escape, on a tap outside and after a choice. */
function useOverflowMenu() {
  const id = useId();
  const [open, setOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!panelRef.current?.contains(target) && !toggleRef.current?.contains(target)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);
  return {
    id,
    open,
    toggleRef,
    panelRef,
    toggle: () => setOpen((o) => !o),
    // A mute toggle keeps the menu open (a player may flip both); anything that opens a dialog closes it.
    closeAfterChoice: (event: MouseEvent) => {
      const button = (event.target as HTMLElement).closest("button");
      if (button && button.getAttribute("aria-pressed") === null) setOpen(false);
    },
  };
}

/** SPEC.md section 2: two further header buttons, disabled and labelled 'Coming Soon': locked teasers. */
function ComingSoonButtons() {
  return (
    <div className="hud__soon">
      <button type="button" className="hud__soon-btn" disabled title="Coming Soon">
        <Icon name="sparkles" size={16} />
        <span className="hud__soon-text">Coming Soon</span>
        <Icon name="lock" size={12} className="hud__soon-lock" />
      </button>
      <button type="button" className="hud__soon-btn" disabled title="Coming Soon">
        <Icon name="crown" size={16} />
        <span className="hud__soon-text">Coming Soon</span>
        <Icon name="lock" size={12} className="hud__soon-lock" />
      </button>
    </div>
  );
}
