import { useId, useLayoutEffect, useRef, type ReactNode } from "react";
import { createPortal } from "react-dom";
import { Icon } from "./Icon";
import "./Dialog.css";

export interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  /** A short line under the title, read out with it. */
  description?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  size?: "sm" | "md" | "lg";
  /** False while something must finish first (creating an account): Escape, backdrop and X do nothing. */
  dismissible?: boolean;
  className?: string;
}

// Open dialogs, innermost last: only the top one answers Escape and keeps Tab inside itself.
const openStack: symbol[] = [];

const FOCUSABLE =
  'a[href], area[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Modal dialog: labelled, traps focus, closes on Escape, gives focus back to where it was. */
export function Dialog(props: DialogProps) {
  if (!props.open) return null;
  return createPortal(<OpenDialog {...props} />, document.body);
}

function OpenDialog({ onClose, title, description, children, footer, size = "md", dismissible = true, className }: DialogProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  const dismissibleRef = useRef(dismissible);
  dismissibleRef.current = dismissible;

  // A layout effect, in the commit that shows the dialog: it answers Escape and holds focus from
  // its first frame. As a passive effect it started a task or more later, and an Escape pressed as
  // the dialog appeared (seen in a browser test on a loaded machine) went to the page behind.
  useLayoutEffect(() => {
    const token = Symbol("dialog");
    openStack.push(token);
    const returnFocusTo = document.activeElement as HTMLElement | null;
    const appRoot = document.getElementById("root");
    appRoot?.setAttribute("inert", "");
    document.body.classList.add("has-dialog");

    const panel = panelRef.current;
    // The element marked data-autofocus takes focus first, else the dialog itself.
    const first = panel?.querySelector<HTMLElement>("[data-autofocus]") ?? panel;
    first?.focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (openStack[openStack.length - 1] !== token || !panel) return;
      if (event.key === "Escape") {
        event.preventDefault();
        if (dismissibleRef.current) closeRef.current();
      } else if (event.key === "Tab") {
        trapTab(event, panel);
      }
    };
    document.addEventListener("keydown", onKeyDown);

    return () => {
      document.removeEventListener("keydown", onKeyDown);
      openStack.splice(openStack.indexOf(token), 1);
      if (openStack.length === 0) {
        appRoot?.removeAttribute("inert");
        document.body.classList.remove("has-dialog");
      }
      if (returnFocusTo?.isConnected) restoreFocus(returnFocusTo);
    };
    // Runs once per opening; later prop changes are read through refs.
  }, []);

  return (
    <div className="dialog-layer">
      <div className="dialog-backdrop" aria-hidden="true" onClick={() => dismissible && onClose()} />
      <div
        ref={panelRef}
        className={["dialog", `dialog--${size}`, className].filter(Boolean).join(" ")}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
      >
        <header className="dialog__header">
          <h2 id={titleId} className="dialog__title">
            {title}
          </h2>
          {dismissible && (
            <button type="button" className="dialog__close" onClick={onClose} aria-label="Close">
              <Icon name="close" size={20} />
            </button>
          )}
        </header>
        {description && (
          <p id={descriptionId} className="dialog__description">
            {description}
          </p>
        )}
        <div className="dialog__body">{children}</div>
        {footer && <footer className="dialog__footer">{footer}</footer>}
      </div>
    </div>
  );
}

/**
 * Focus back on the opener. Focus can fail to land while the page settles in the same frame (an
 * outer dialog closing with this one, content briefly hidden while a view loads): then it is tried
 * once more on the next frame, unless the player has moved focus somewhere meanwhile.
 */
function restoreFocus(target: HTMLElement) {
  target.focus();
  if (document.activeElement === target) return;
  requestAnimationFrame(() => {
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (lost && target.isConnected) target.focus();
  });
}

function trapTab(event: KeyboardEvent, panel: HTMLElement) {
  const focusables = Array.from(panel.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => el.offsetParent !== null || el === document.activeElement);
  const first = focusables[0];
  const last = focusables[focusables.length - 1];
  if (!first || !last) {
    event.preventDefault();
    panel.focus();
    return;
  }
  const active = document.activeElement;
  if (event.shiftKey && (active === first || active === panel || !panel.contains(active))) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || !panel.contains(active))) {
    event.preventDefault();
    first.focus();
  }
}
