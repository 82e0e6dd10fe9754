import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { createPortal } from "react-dom";
import { Icon, type IconName } from "./Icon";
import "./Toasts.css";

// SPEC.md section 9: toasts last 4 s by default and at most 3 are visible (the oldest goes).

export type ToastVariant = "success" | "error" | "info";

export interface ToastOptions {
  variant?: ToastVariant;
  /** Milliseconds on screen; 4000 unless a screen's rule says otherwise. */
  durationMs?: number;
  /** A second, smaller line under SPEC.md's exact text: the server's reason, when it gave one. */
  detail?: string;
}

interface Toast {
  id: number;
  message: string;
  detail?: string;
  variant: ToastVariant;
  durationMs: number;
}

export const TOAST_DEFAULT_MS = 4000;
export const TOAST_MAX_VISIBLE = 3;

type ShowToast = (message: string, options?: ToastOptions) => void;

const ToastContext = createContext<ShowToast | null>(null);

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => setToasts((list) => list.filter((t) => t.id !== id)), []);

  const show = useCallback<ShowToast>((message, options = {}) => {
    const toast: Toast = {
      id: nextId.current++,
      message,
      detail: options.detail,
      variant: options.variant ?? "info",
      durationMs: options.durationMs ?? TOAST_DEFAULT_MS,
    };
    setToasts((list) => [...list, toast].slice(-TOAST_MAX_VISIBLE));
  }, []);

  const value = useMemo(() => show, [show]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      {createPortal(
        <div className="toasts" aria-label="Notifications" role="region">
          {toasts.map((toast) => (
            <ToastItem key={toast.id} toast={toast} onDismiss={dismiss} />
          ))}
        </div>,
        document.body,
      )}
    </ToastContext.Provider>
  );
}

const ICONS: Record<ToastVariant, IconName> = { success: "check", error: "alert", info: "info" };

function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss: (id: number) => void }) {
  useEffect(() => {
    const timer = window.setTimeout(() => onDismiss(toast.id), toast.durationMs);
    return () => window.clearTimeout(timer);
  }, [toast, onDismiss]);

  return (
    <div className={`toast toast--${toast.variant}`} role={toast.variant === "error" ? "alert" : "status"}>
      <Icon name={ICONS[toast.variant]} size={20} className="toast__icon" />
      <p className="toast__message">
        {toast.message}
        {toast.detail && <span className="toast__detail">{toast.detail}</span>}
      </p>
      <button type="button" className="toast__close" onClick={() => onDismiss(toast.id)} aria-label="Dismiss notification">
        <Icon name="close" size={16} />
      </button>
    </div>
  );
}

/** `toast("Saved!", { variant: "success" })` from anywhere under the provider. */
export function useToast(): ShowToast {
  const show = useContext(ToastContext);
  if (!show) throw new Error("useToast needs a ToastProvider");
  return show;
}
