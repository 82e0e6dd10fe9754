import { useId, type ReactNode } from "react";
import "./SelectField.css";

/** A select with its label above it, tied by id. */
export function SelectField({ label, value, onChange, className, children }: { label: ReactNode; value: string; onChange: (value: string) => void; className?: string; children: ReactNode }) {
  const id = useId();
  return (
    <div className={className ? `select-field ${className}` : "select-field"}>
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        {children}
      </select>
    </div>
  );
}
