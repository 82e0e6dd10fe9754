import { useState } from "react";
import { useAppConfig } from "../appConfig";
import { useSvgId } from "./useSvgId";
import "./Logo.css";

/** Once the logo file fails (missing, offline before it was cached), every logo draws itself. */
let logoFileFailed = false;

/**
 * The game's logo: /logo.svg (generated art an operator may replace), or, when that file cannot
 * load, an emblem and the product name drawn here.
 */
export function Logo({ size = "md" }: { size?: "sm" | "md" | "lg" }) {
  const { appName } = useAppConfig();
  const [failed, setFailed] = useState(logoFileFailed);
  if (!failed) {
    return (
      <span className={`logo logo--${size}`}>
        <img
          className="logo__image"
          src="/logo.svg"
          alt={appName}
          width={511}
          height={128}
          onError={() => {
            logoFileFailed = true;
            setFailed(true);
          }}
        />
      </span>
    );
  }
  return (
    <span className={`logo logo--${size}`}>
      <Emblem />
      <span className="logo__word">{appName}</span>
    </span>
  );
}

function Emblem() {
  const foil = useSvgId("logo-foil");
  return (
    <svg className="logo__emblem" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={foil} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#f5c451" />
          <stop offset="0.35" stopColor="#e879f9" />
          <stop offset="0.7" stopColor="#8b5cf6" />
          <stop offset="1" stopColor="#22d3ee" />
        </linearGradient>
      </defs>
      <rect x="9" y="4" width="26" height="36" rx="4" transform="rotate(-12 22 22)" fill="#1d1638" stroke={`url(#${foil})`} strokeWidth="2" />
      <rect x="14" y="7" width="26" height="36" rx="4" transform="rotate(8 27 25)" fill={`url(#${foil})`} />
      <path d="M27.5 15l2.4 5.6 6 .6-4.6 4 1.4 5.9-5.2-3.1-5.2 3.1 1.4-5.9-4.6-4 6-.6z" fill="#fff" opacity="0.92" />
    </svg>
  );
}
