import { useSvgId } from "./useSvgId";

/** Filled coin and gem glyphs, the two currencies everywhere in the game. */
export function CurrencyIcon({ kind, size = 20 }: { kind: "coin" | "gem"; size?: number }) {
  const id = useSvgId(kind);
  if (kind === "coin") {
    return (
      <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <defs>
          <linearGradient id={id} x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#fff1b8" />
            <stop offset="0.45" stopColor="#f5c451" />
            <stop offset="1" stopColor="#b9771f" />
          </linearGradient>
        </defs>
        <circle cx="12" cy="12" r="10" fill={`url(#${id})`} stroke="#7a4a0e" strokeWidth="1" />
        <circle cx="12" cy="12" r="6.5" fill="none" stroke="#8a5812" strokeWidth="1.4" opacity="0.7" />
        <path d="M12 8.2l1.1 2.4 2.6.3-1.9 1.8.5 2.6-2.3-1.3-2.3 1.3.5-2.6-1.9-1.8 2.6-.3z" fill="#8a5812" opacity="0.85" />
      </svg>
    );
  }
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={id} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#c9fbff" />
          <stop offset="0.5" stopColor="#4fd8ff" />
          <stop offset="1" stopColor="#7b4dff" />
        </linearGradient>
      </defs>
      <path d="M6 3h12l4 6-10 12L2 9z" fill={`url(#${id})`} stroke="#2a1f6e" strokeWidth="1" strokeLinejoin="round" />
      <path d="M2 9h20M9 3l3 18M15 3l-3 18M6 3l3 6M18 3l-3 6" fill="none" stroke="#ffffff" strokeOpacity="0.45" strokeWidth="0.8" />
    </svg>
  );
}
