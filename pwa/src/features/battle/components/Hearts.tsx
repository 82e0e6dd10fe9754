import { BATTLE_LIVES } from "../battleRules";

/** Three hearts; lost ones break and empty. Spoken as 'N of 3 lives'. */
export function Hearts({ lives, label }: { lives: number; label: string }) {
  const shown = Math.max(0, Math.min(BATTLE_LIVES, lives));
  return (
    <div className="hearts" role="img" aria-label={`${label}: ${shown} of ${BATTLE_LIVES} lives`} data-lives={shown}>
      {Array.from({ length: BATTLE_LIVES }, (_, i) => (
        <svg key={i} className={`heart${i < shown ? " is-full" : " is-lost"}`} viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
          <path d="M12 21s-7.5-4.6-9.6-9.4C.9 8.1 3 4.5 6.6 4.5c2.1 0 3.6 1.1 5.4 3.1 1.8-2 3.3-3.1 5.4-3.1 3.6 0 5.7 3.6 4.2 7.1C19.5 16.4 12 21 12 21Z" />
        </svg>
      ))}
    </div>
  );
}
