import { forwardRef, useId, type InputHTMLAttributes, type ReactNode } from "react";
import { Icon, type IconName } from "./Icon";
import "./TextField.css";

export type FieldMessageTone = "error" | "success" | "pending" | "info";

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id"> {
  label: ReactNode;
  /** Always-visible guidance under the input. */
  hint?: ReactNode;
  /** Validation or availability result; announced politely as it changes. */
  message?: ReactNode;
  messageTone?: FieldMessageTone;
  icon?: IconName;
  id?: string;
}

/** A labelled input whose hint and live message are tied to it with aria-describedby. */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, hint, message, messageTone = "info", icon, id, className, ...inputProps },
  ref,
) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const hintId = `${inputId}-hint`;
  const messageId = `${inputId}-message`;
  const describedBy = [hint ? hintId : null, messageId].filter(Boolean).join(" ");
  return (
    <div className={["field", className].filter(Boolean).join(" ")}>
      <label className="field__label" htmlFor={inputId}>
        {label}
      </label>
      <div className={["field__control", icon && "field__control--icon"].filter(Boolean).join(" ")}>
        {icon && <Icon name={icon} size={18} className="field__icon" />}
        <input
          ref={ref}
          id={inputId}
          className="field__input"
          aria-describedby={describedBy}
          aria-invalid={messageTone === "error" && message ? true : undefined}
          {...inputProps}
        />
      </div>
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      <p id={messageId} className={`field__message field__message--${messageTone}`} aria-live="polite">
        {message}
      </p>
    </div>
  );
});
