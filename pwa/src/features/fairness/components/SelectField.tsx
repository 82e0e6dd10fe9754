import type { ReactNode } from "react";
import { SETS, TIERS } from "../../../../../api/src/game/sets";

export interface SelectOption {
  value: string;
  label: string;
}

/** A labelled native select (phones get their own picker), with an optional "all" choice first. */
export function SelectField({ label, value, options, anyLabel, onChange }: { label: ReactNode; value: string; options: readonly SelectOption[]; anyLabel?: string; onChange: (value: string) => void }) {
  return (
    <label className="fairness__select">
      <span className="field__label">{label}</span>
      <select value={value} onChange={(e) => onChange(e.target.value)}>
        {anyLabel !== undefined && <option value="">{anyLabel}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}

export const SET_OPTIONS: readonly SelectOption[] = SETS.map((s) => ({ value: String(s.id), label: s.name }));
export const TIER_OPTIONS: readonly SelectOption[] = TIERS.map((t) => ({ value: t, label: t }));
