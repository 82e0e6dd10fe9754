import { useEffect, useMemo, useRef, useState } from "react";
import { playReveal, type RevealHandle } from "../../../effects/cardStage";
import { revealLayout } from "../../../effects/revealLayout";
import { useReducedMotion } from "../../../effects/useReducedMotion";
import { useLowEffects } from "../../../lib/lowEffects";
import type { ShownRound } from "../hooks";
import { battleRevealCard } from "../battleCards";
import { formatNumber } from "../../../lib/format";

interface RoundStageProps {
  round: ShownRound | null;
  myName: string;
  opponentName: string;
  /** The round's cards have both turned face up. */
  onRevealed(key: number): void;
}

/**
 * The two cards of a round, face down, then turned over (yours first) on the shared effects stage:
 * PixiJS with the cards' foil shaders, or the DOM/CSS 3D fallback without WebGL; calm fades under
 * reduced motion. Over it, in DOM, the round's verdict: the loser greyed, the winner crowned.
 */
export function RoundStage({ round, myName, opponentName, onRevealed }: RoundStageProps) {
  const stageRef = useRef<HTMLDivElement>(null);
  const reducedMotion = useReducedMotion();
  const [lowEffects] = useLowEffects();
  const settings = useRef({ reducedMotion, lowEffects });
  settings.current = { reducedMotion, lowEffects };
  const revealedRef = useRef(onRevealed);
  revealedRef.current = onRevealed;
  const [size, setSize] = useState({ width: 0, height: 0 });
  /** The round whose flip has finished on this screen (a resumed round flips again first). */
  const [turnedKey, setTurnedKey] = useState<number | null>(null);

  useEffect(() => {
    const el = stageRef.current;
    if (!el) return;
    const measure = () => setSize({ width: el.clientWidth, height: el.clientHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const key = round?.key;
  const cards = useMemo(
    () => (round ? [battleRevealCard(round.result.player1Card, `p1-${round.key}`), battleRevealCard(round.result.player2Card, `p2-${round.key}`)] : []),
    // One reveal per round: the key changes with every round (the round object may be re-created).
    [key],
  );

  useEffect(() => {
    const container = stageRef.current;
    if (!container || key === undefined || cards.length === 0) return;
    let cancelled = false;
    let handle: RevealHandle | null = null;
    void playReveal(container, cards, {
      ...settings.current,
      tapToSkip: false,
      onDone: () => {
        if (cancelled) return;
        setTurnedKey(key);
        revealedRef.current(key);
      },
    }).then((h) => {
      if (cancelled) h.destroy();
      else handle = h;
    });
    return () => {
      cancelled = true;
      handle?.destroy();
    };
  }, [key, cards]);

  const layout = revealLayout(2, size.width, size.height, { maxCardWidth: 300 });
  const settled = round !== null && round.settled && turnedKey === round.key;
  const winner = round?.result.roundWinner;
  const verdict = (side: "player1" | "player2") => (!settled ? "" : winner === "tie" ? "is-tie" : winner === side ? "is-winner" : "is-loser");

  return (
    <div className={`round-stage${round ? "" : " is-empty"}${settled ? " is-settled" : ""}`}>
      {/* The effects own this element's children (a canvas or the DOM cards). */}
      <div ref={stageRef} className="round-stage__canvas" data-testid="battle-stage" />
      {!round && (
        <div className="round-stage__placeholder" aria-hidden="true">
          {layout.cardWidth > 0 &&
            layout.slots.map((s, i) => (
              <span key={i} className="card-back" style={{ left: s.cx - s.width / 2, top: s.cy - s.height / 2, width: s.width, height: s.height }} />
            ))}
        </div>
      )}
      {round && !settled && (
        <span key={round.key} className="round-stage__banner" aria-hidden="true">
          Round {round.number}
        </span>
      )}
      <div className="round-stage__verdicts" aria-hidden="true">
          {round &&
            (["player1", "player2"] as const).map((side, i) => {
              const s = layout.slots[i];
              if (!s || s.width === 0) return null;
              const card = side === "player1" ? round.result.player1Card : round.result.player2Card;
              return (
                <div
                  key={side}
                  className={`verdict verdict--${side} ${verdict(side)}`}
                  style={{ left: s.cx - s.width / 2, top: s.cy - s.height / 2, width: s.width, height: s.height }}
                >
                  <span className="verdict__name">{side === "player1" ? myName : opponentName}</span>
                  {settled && (
                    <span className="verdict__tag">
                      {winner === "tie" ? "TIE" : winner === side ? "WIN" : "−1 ♥"}
                      <small>{formatNumber(card.points)} pts</small>
                    </span>
                  )}
                </div>
              );
            })}
          {layout.slots.length === 2 && layout.cardWidth > 0 && (
            <span
              className="round-stage__vs"
              style={{ left: (layout.slots[0]!.cx + layout.slots[1]!.cx) / 2, top: layout.slots[0]!.cy }}
            >
              VS
            </span>
          )}
      </div>
    </div>
  );
}
