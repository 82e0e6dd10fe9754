import { useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { MSG } from "@contract/messages";
import type { CardSet } from "../../../../../api/src/game/sets";
import { useAudio } from "../../../audio/useAudio";
import { playReveal, type RevealHandle } from "../../../effects/cardStage";
import { useReducedMotion } from "../../../effects/useReducedMotion";
import { useLowEffects } from "../../../lib/lowEffects";
import { Button } from "../../../lib/ui/Button";
import { Icon } from "../../../lib/ui/Icon";
import type { PackReveal } from "../hooks";
import { cardLabel, highestTierOf, revealCardsOf, revealTitle } from "../packRules";

interface PackRevealOverlayProps {
  reveal: PackReveal;
  /** SPEC.md section 2: 'Open Another Pack' only shows when the player can pay for it. */
  canOpenAnother: boolean;
  onAwesome: () => void;
  onOpenAnother: () => void;
}

/**
 * The full-screen reveal (SPEC.md sections 2 and 4). The cards are drawn on the effects stage
 * (PixiJS, or plain images without WebGL); the texts, buttons and a spoken list of the cards are
 * DOM, so screen readers and keyboards get everything the canvas shows.
 */
export function PackRevealOverlay(props: PackRevealOverlayProps) {
  const titleId = useId();
  const layerRef = useRef<HTMLDivElement>(null);
  const skipRef = useRef<(() => boolean) | null>(null);
  const awesomeRef = useRef(props.onAwesome);
  awesomeRef.current = props.onAwesome;

  useEffect(() => {
    const appRoot = document.getElementById("root");
    const returnFocusTo = document.activeElement as HTMLElement | null;
    appRoot?.setAttribute("inert", "");
    document.body.classList.add("has-dialog");
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        event.preventDefault();
        // Escape first skips the animation, then closes like 'Awesome!'.
        if (!skipRef.current?.()) awesomeRef.current();
      } else if (event.key === "Tab" && layerRef.current) {
        const focusables = [...layerRef.current.querySelectorAll<HTMLElement>("button:not([disabled])")];
        if (focusables.length === 0) return;
        const first = focusables[0]!;
        const last = focusables[focusables.length - 1]!;
        if (event.shiftKey && document.activeElement === first) {
          event.preventDefault();
          last.focus();
        } else if (!event.shiftKey && document.activeElement === last) {
          event.preventDefault();
          first.focus();
        }
      }
    };
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      appRoot?.removeAttribute("inert");
      document.body.classList.remove("has-dialog");
      if (returnFocusTo?.isConnected) returnFocusTo.focus();
    };
  }, []);

  return createPortal(
    <div ref={layerRef} className={`reveal reveal--set${props.reveal.set.id}`} role="dialog" aria-modal="true" aria-labelledby={titleId}>
      <div className="reveal__backdrop" aria-hidden="true" />
      {/* A new pack (Open Another Pack) starts a fresh run of the reveal. */}
      <RevealRun key={props.reveal.id} {...props} titleId={titleId} skipRef={skipRef} />
    </div>,
    document.body,
  );
}

interface RevealRunProps extends PackRevealOverlayProps {
  titleId: string;
  skipRef: React.RefObject<(() => boolean) | null>;
}

function RevealRun({ reveal, canOpenAnother, onAwesome, onOpenAnother, titleId, skipRef }: RevealRunProps) {
  const stageRef = useRef<HTMLDivElement>(null);
  const skipButtonRef = useRef<HTMLButtonElement>(null);
  const actionsRef = useRef<HTMLElement>(null);
  const handleRef = useRef<RevealHandle | null>(null);
  const reducedMotion = useReducedMotion();
  const [lowEffects] = useLowEffects();
  const { playRarity, playClick } = useAudio();
  const cards = useMemo(() => revealCardsOf(reveal.cards), [reveal.cards]);
  const skipWanted = useRef(false);
  const skip = useCallback(() => {
    skipWanted.current = true;
    handleRef.current?.skip();
  }, []);
  const [shown, setShown] = useState(0);
  /** False until the stage is up (PixiJS still downloading or starting on a slow phone). */
  const [staged, setStaged] = useState(false);
  const [done, setDone] = useState(false);
  const doneRef = useRef(false);

  // The stage runs once per pack; settings changes mid-reveal do not restart it.
  const settings = useRef({ reducedMotion, lowEffects });
  const sound = useRef(playRarity);
  sound.current = playRarity;

  useEffect(() => {
    const container = stageRef.current;
    if (!container) return;
    let cancelled = false;
    const finish = () => {
      if (cancelled || doneRef.current) return;
      doneRef.current = true;
      setShown(cards.length);
      setDone(true);
      // SPEC.md section 4: after the cards, the sound of the highest tier.
      sound.current(highestTierOf(cards));
    };
    void playReveal(container, cards, {
      ...settings.current,
      onCardRevealed: (i) => !cancelled && setShown((n) => Math.max(n, i + 1)),
      onDone: finish,
    }).then((handle) => {
      if (cancelled) return handle.destroy();
      handleRef.current = handle;
      setStaged(true);
      // Skip pressed while the stage was still starting: honour it now.
      if (skipWanted.current) handle.skip();
    });
    skipRef.current = () => {
      if (doneRef.current) return false;
      skip();
      return true;
    };
    skipButtonRef.current?.focus();
    return () => {
      cancelled = true;
      skipRef.current = null;
      handleRef.current?.destroy();
      handleRef.current = null;
    };
  }, [cards, skipRef, skip]);

  useEffect(() => {
    // The buttons appear after the cards: move focus to 'Awesome!'.
    if (done) actionsRef.current?.querySelector<HTMLButtonElement>("button")?.focus();
  }, [done]);

  const title = revealTitle(reveal.set as CardSet, reveal.cards.length);

  return (
    <div className={["reveal__panel", done && "is-done", reveal.pending && "is-pending"].filter(Boolean).join(" ")}>
      <header className="reveal__head">
        <p className="reveal__eyebrow" aria-hidden="true">
          <Icon name="sparkles" size={16} /> {reveal.set.name}
        </p>
        <h2 id={titleId} className="reveal__title">
          {title}
        </h2>
        <p className="reveal__subtitle" aria-live="polite">
          {/* SPEC.md section 2: N is the number of cards pulled; the NEW! badges mark first copies. */}
          {done ? MSG.gotNewCards(reveal.cards.length) : "\u00a0"}
        </p>
      </header>

      <div ref={stageRef} className="reveal__stage">
        {!staged && <span className="reveal__loading" aria-hidden="true" />}
      </div>

      <ul className="visually-hidden" aria-label="Cards in this pack">
        {cards.slice(0, shown).map((card) => (
          <li key={card.key} data-testid="revealed-card">
            {cardLabel(card)}
          </li>
        ))}
      </ul>

      <footer ref={actionsRef} className="reveal__actions">
        {!done ? (
          <button
            ref={skipButtonRef}
            type="button"
            className="reveal__skip"
            onClick={() => {
              playClick();
              skip();
            }}
          >
            Skip <span aria-hidden="true">»</span>
          </button>
        ) : (
          <>
            <Button
              variant="primary"
              size="lg"
              onClick={() => {
                playClick();
                onAwesome();
              }}
              disabled={reveal.pending}
            >
              Awesome!
            </Button>
            {canOpenAnother && (
              <Button
                variant="gold"
                size="lg"
                busy={reveal.pending}
                busyLabel={MSG.packOpening}
                icon={<Icon name="refresh" size={18} />}
                onClick={() => {
                  playClick();
                  onOpenAnother();
                }}
              >
                Open Another Pack
              </Button>
            )}
          </>
        )}
      </footer>
    </div>
  );
}
