import { lazy, Suspense, useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { Link } from "@tanstack/react-router";
import { MSG } from "@contract/messages";
import { CARDS_PER_PACK, type CardSet } from "../../../../../api/src/game/sets";
import { useAudio } from "../../../audio/useAudio";
import { startPackReveal, type RevealHandle, type RevealOptions } from "../../../effects/cardStage";
import { useReducedMotion } from "../../../effects/useReducedMotion";
import { afterNextFrame } from "../../../lib/afterNextFrame";
import { useLowEffects } from "../../../lib/lowEffects";
import { Button } from "../../../lib/ui/Button";
import { Icon } from "../../../lib/ui/Icon";
import type { PackReveal } from "../hooks";
import type { RehearsalPhase } from "../useRevealWarmUp";
import { ShareButton } from "../../share/ShareButton";

// Issue 48: the reveal's best card can go on the wishlist. Loaded when the buttons show, so the
// packs screen's first load does not carry the trade finder.
const loadWishButton = () => import("../../tradeFinder/components/WishButton");
const WishButton = lazy(() => loadWishButton().then((m) => ({ default: m.WishButton })));
/** The wish button's room: while its code loads, and in the rehearsal (which asks the server nothing). */
const wishRoom = <span className="btn btn--lg btn--secondary reveal__wish-room" aria-hidden="true" />;
import { CALM_TEAR_MS, PackTear, TEAR_MS } from "./PackTear";
import { bestCardIndex, worthHolding } from "../../../effects/revealOrder";
import { markRevealTurning } from "../../../effects/revealActivity";
import type { RevealCard } from "../../../effects/revealCard";
import { cardLabel, celebrationOf, fairPacksLabel, heroBanner, highestTierOf, newCardCount, revealCardsOf, revealTitle } from "../packRules";

interface PackRevealOverlayProps {
  reveal: PackReveal;
  /** SPEC.md section 2: 'Open Another Pack' only shows when the player can pay for it. */
  canOpenAnother: boolean;
  onAwesome: () => void;
  onOpenAnother: () => void;
  /**
   * Drawn unseen while the player looks at the packs (useRevealRehearsal), as at the tap and then
   * as after Skip: no effects stage, no focus, nothing done to the page behind, out of the
   * accessibility tree, the keyboard's and the pointer's way.
   */
  rehearsal?: RehearsalPhase;
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

  const { rehearsal } = props;
  useEffect(() => {
    if (rehearsal) return;
    const appRoot = document.getElementById("root");
    const returnFocusTo = document.activeElement as HTMLElement | null;
    // The page behind is hidden from assistive technology once the overlay's first frame is
    // drawn; the overlay covers it (no pointer reaches it) and keeps the keyboard in (Tab below).
    // Not inert: inert is inherited style, so setting it restyled the whole page behind (~340
    // elements, 35-70 ms at 4x CPU), in the frames where the cards are dealt or the Skip's
    // buttons appear, and again on closing.
    const cancelSeal = afterNextFrame(() => {
      appRoot?.setAttribute("aria-hidden", "true");
      document.body.classList.add("has-dialog");
      // Once the overlay has faded in (it is opaque), the page behind stops being rendered
      // (base.css, #root.is-covered). Under reduced motion there is no fade: at once.
      const fadeIn = layerRef.current?.getAnimations().find((a) => a instanceof CSSAnimation && a.animationName === "reveal-in");
      const cover = () => sealed && appRoot?.classList.add("is-covered");
      if (fadeIn) fadeIn.finished.then(cover, () => {});
      else cover();
    });
    let sealed = true;
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
      cancelSeal();
      sealed = false;
      appRoot?.classList.remove("is-covered");
      appRoot?.removeAttribute("aria-hidden");
      document.body.classList.remove("has-dialog");
      if (returnFocusTo?.isConnected) returnFocusTo.focus();
    };
  }, [rehearsal]);

  const dialog: React.HTMLAttributes<HTMLDivElement> = rehearsal ? { "aria-hidden": true, inert: true } : { role: "dialog", "aria-modal": true, "aria-labelledby": titleId };
  return createPortal(
    <div ref={layerRef} className={`reveal reveal--set${props.reveal.set.id}${rehearsal ? " reveal--rehearsal" : ""}`} {...dialog}>
      <div className="reveal__backdrop" aria-hidden="true" />
      {/* A new pack (Open Another Pack) starts a fresh run of the reveal. */}
      <RevealRun key={props.reveal.id} {...props} titleId={titleId} skipRef={skipRef} />
    </div>,
    document.body,
  );
}

/**
 * The room the buttons take at the end of a reveal on this screen, as the overlay's rehearsal laid
 * them out. A reveal keeps it from the tap on: the cards no longer move up when the buttons come
 * (by 82 px on a 390x844 phone, 19 px at 1440x900), and the frame that shows them (Skip's) does
 * not lay the stage and its cards out again. It holds for the window width it was learnt at: after
 * a resize or a turned phone the next reveal learns it again at its end (the buttons wrap
 * differently), instead of keeping the old width's room for the rest of the visit.
 */
let actionsRoom: { width: number; height: number } | null = null;
const roomAt = (width: number) => (actionsRoom?.width === width ? actionsRoom.height : null);
/** Called where the layout is clean anyway (the commit that shows the buttons, the frame after it). */
function learnRoom(footer: HTMLElement): void {
  const height = footer.getBoundingClientRect().height;
  if (height) actionsRoom = { width: window.innerWidth, height };
}

interface RevealRunProps extends PackRevealOverlayProps {
  titleId: string;
  skipRef: React.RefObject<(() => boolean) | null>;
}

function RevealRun({ reveal, canOpenAnother, onAwesome, onOpenAnother, titleId, skipRef, rehearsal }: RevealRunProps) {
  const stageRef = useRef<HTMLDivElement>(null);
  const skipButtonRef = useRef<HTMLButtonElement>(null);
  const actionsRef = useRef<HTMLElement>(null);
  const handleRef = useRef<RevealHandle | null>(null);
  const reducedMotion = useReducedMotion();
  const [lowEffects] = useLowEffects();
  const { playRarity, play } = useAudio();
  const cards = useMemo(() => (reveal.cards ? revealCardsOf(reveal.cards) : null), [reveal.cards]);
  // Which cards have turned: a bulk open turns them from the last to the first (rarest last).
  const [turned, setTurned] = useState<ReadonlySet<number>>(() => new Set());
  const [ended, setDone] = useState(false);
  /** The best card waits for the player's tap (RULES.md, The reveal order). */
  const [held, setHeld] = useState(false);
  /** The hero moment: the best card of a pack worth it has turned (banner), and whether it flashes (not after Skip). */
  const [hero, setHero] = useState<{ card: RevealCard; flash: boolean } | null>(null);
  const skippedRef = useRef(false);
  /** Issue 44: the reveal opens on the pack; the cards come out once it is torn (or skipped). */
  const [torn, setTorn] = useState(false);
  /** The torn pack has finished its exit (it plays over the first cards being dealt). */
  const [packGone, setPackGone] = useState(false);
  const done = ended || rehearsal === "done";
  // The pack waiting to be torn counts as a reveal whose cards are still to turn: the updates
  // behind the reveal (hooks.ts: the balance's re-render of the whole app, the collection's
  // writes, the refetches; 35-55 ms tasks at 4x CPU) waited only for the stage, which starts at
  // the tear, and so ran while the player looked at the pack, and into the tear.
  useLayoutEffect(() => {
    if (rehearsal || done) return;
    return markRevealTurning();
  }, [rehearsal, done]);
  // The rehearsal shows the wish button's room only; its code loads meanwhile, for the real reveal.
  useEffect(() => {
    if (rehearsal) void loadWishButton().catch(() => {});
  }, [rehearsal]);
  /** Skip ended the reveal: the buttons appear without their entrance. */
  const [skipped, setSkipped] = useState(false);
  /** Focus has moved from Skip to the buttons: Skip can leave the page. */
  const [handedOver, setHandedOver] = useState(false);
  const doneRef = useRef(false);
  const [room] = useState(() => (rehearsal ? null : roomAt(window.innerWidth)));
  // The room is learnt with every button shown (as the rehearsal shows them), read at the end.
  const canOpenAnotherRef = useRef(canOpenAnother);
  canOpenAnotherRef.current = canOpenAnother;

  // The stage runs once per pack; settings changes mid-reveal do not restart it.
  const settings = useRef({ reducedMotion, lowEffects });
  const sound = useRef(playRarity);
  sound.current = playRarity;
  const cardsRef = useRef(cards);
  cardsRef.current = cards;

  const skip = useCallback(() => {
    skippedRef.current = true;
    setSkipped(true);
    setHeld(false);
    setTorn(true);
    setPackGone(true);
    handleRef.current?.skip();
  }, []);
  const calm = settings.current.reducedMotion || settings.current.lowEffects;
  const tear = useCallback(() => {
    setTorn(true);
    // The pack (a button) goes: keyboard focus stays on Skip, not on the page behind. After the
    // frame: focus() forces a style pass, which would come on top of the tear's.
    if (document.activeElement?.closest(".pack-tear")) afterNextFrame(() => skipButtonRef.current?.focus());
    play("tear");
    if (!calm && typeof navigator.vibrate === "function") navigator.vibrate(24);
    window.setTimeout(() => setPackGone(true), calm ? CALM_TEAR_MS : TEAR_MS);
  }, [calm, play]);
  const release = useCallback(() => {
    setHeld(false);
    handleRef.current?.release();
  }, []);
  /** The tier sound plays on the best card's flip (it turns last), once. */
  const soundPlayed = useRef(false);

  const options = useMemo<RevealOptions>(
    () => ({
      ...settings.current,
      // RULES.md, The reveal order: the best card (dealt first) turns last, and waits for the
      // player's tap when it is worth it.
      turnOrder: "rarestLast",
      holdBest: true,
      onHeld: () => setHeld(true),
      onCardRevealed: (i) => {
        setTurned((prev) => new Set(prev).add(i));
        const shown = cardsRef.current;
        if (shown && i === bestCardIndex(shown)) {
          setHeld(false);
          const best = shown[i]!;
          if (worthHolding(best)) setHero({ card: best, flash: !skippedRef.current && !settings.current.reducedMotion });
          // SPEC.md section 4's tier sound, on the best card's own flip.
          if (!soundPlayed.current) sound.current(highestTierOf(shown));
          soundPlayed.current = true;
        }
      },
      onDone: () => {
        if (doneRef.current) return;
        doneRef.current = true;
        setHeld(false);
        setTurned(new Set((cardsRef.current ?? []).map((_, i) => i)));
        setDone(true);
        if (cardsRef.current && !soundPlayed.current) sound.current(highestTierOf(cardsRef.current));
        soundPlayed.current = true;
      },
    }),
    [],
  );

  useLayoutEffect(() => {
    if (rehearsal) return;
    skipRef.current = () => {
      if (doneRef.current) return false;
      skip();
      return true;
    };
    // Focus moves once the first frame is drawn: focus() forces a style and layout pass of the
    // new overlay, which inside the tap's task or that frame's callbacks came on top of the
    // frame's own (10-20 ms at 4x CPU).
    const cancelFocus = afterNextFrame(() => skipButtonRef.current?.focus());
    return () => {
      cancelFocus();
      skipRef.current = null;
    };
  }, [skipRef, skip, rehearsal]);

  // At the tear: the backs come out of the pack at once, whether or not the server has answered
  // (it usually has: the player looked at the pack meanwhile). Skip tears it too.
  const dealtRef = useRef(0);
  /** The stage started in this commit: the cards it is given wait a frame (below). */
  const freshRef = useRef<RevealHandle | null>(null);
  useLayoutEffect(() => {
    const container = stageRef.current;
    // The stage has a rehearsal of its own (warmUpCardStage); this one is the overlay's.
    if (!container || rehearsal || !torn) return;
    const count = cardsRef.current?.length ?? CARDS_PER_PACK * reveal.count;
    dealtRef.current = count;
    const handle = startPackReveal(container, count, options);
    handleRef.current = handle;
    freshRef.current = handle;
    if (skippedRef.current) handle.skip();
    return () => {
      // The current one: a delivery of another number of cards replaced it.
      handleRef.current?.destroy();
      handleRef.current = null;
    };
  }, [options, rehearsal, torn]);

  // The server answered: the cards turn (or, skipped already, show at once). A layout effect, so
  // a Skip pressed before the answer ends the reveal in the very frame the cards arrive in.
  useLayoutEffect(() => {
    const container = stageRef.current;
    const handle = handleRef.current;
    if (!cards || !container || !handle) return;
    if (cards.length === dealtRef.current) {
      // Torn after the answer (the usual case): the backs come out in the tear's frame and the
      // faces are dressed in the next, so the tear's task stays short (two tasks, not one of
      // 100-200 ms at 4x CPU). Skipped, the final layout comes at once.
      if (freshRef.current === handle && !skippedRef.current) {
        freshRef.current = null;
        return afterNextFrame(() => handle.deliver(cards));
      }
      freshRef.current = null;
      return handle.deliver(cards);
    }
    // Another number of cards than the backs dealt: start over with the right number.
    handle.destroy();
    dealtRef.current = cards.length;
    const next = startPackReveal(container, cards.length, options);
    handleRef.current = next;
    if (skipped) next.skip();
    next.deliver(cards);
    // `skipped` is read, not watched: a skip is carried over, never a reason to start over.
  }, [cards, options, torn]);

  useEffect(() => {
    // The buttons appear after the cards: focus moves to 'Awesome!' once they are drawn (focus()
    // forces a style pass, which would otherwise hold back the frame that shows them). Skip,
    // focused since the tap, stays in the page until then, out of sight (.is-done): removing, or
    // hiding with the hidden attribute, the focused element made the browser update the overlay's
    // style (and layout) at once (30-45 ms at 4x CPU inside Skip's task).
    if (!done || rehearsal) return;
    return afterNextFrame(() => {
      const footer = actionsRef.current;
      if (footer && room === null && canOpenAnotherRef.current) learnRoom(footer);
      footer?.querySelector<HTMLButtonElement>("button:not(.reveal__skip)")?.focus();
      setHandedOver(true);
    });
  }, [done, rehearsal, room]);

  // The rehearsal's end measures the buttons' room, in the commit that shows them: unseen idle
  // work, so the layout it asks for early costs the player nothing. A ResizeObserver here missed
  // it on a slow machine: its first answer came a frame after React's passive effects, and the
  // rehearsal, two frames long, had gone by then (the cards then jumped in every reveal).
  useLayoutEffect(() => {
    const footer = actionsRef.current;
    if (rehearsal !== "done" || !footer) return;
    learnRoom(footer);
  }, [rehearsal]);

  const cardCount = reveal.cards?.length ?? CARDS_PER_PACK * reveal.count;
  const title = revealTitle(reveal.set as CardSet, cardCount);
  // A Legendary or Mythic that has turned lights the whole overlay, title and button bands too.
  const shownCards = (cards ?? []).filter((_, i) => turned.has(i));
  const celebration = celebrationOf(shownCards, shownCards.length);

  return (
    <div
      className={[
        "reveal__panel",
        done && "is-done",
        skipped && "is-skipped",
        celebration && `is-celebrating is-celebrating-${celebration.toLowerCase()}`,
        hero?.flash && `is-hero-${hero.card.finish}`,
      ]
        .filter(Boolean)
        .join(" ")}
    >
      {/* The hero moment's light, over the whole screen (not the stage's box), by finish and tier. */}
      {hero?.flash && <div className={`reveal__flash reveal__flash--${hero.card.finish} reveal__flash--${hero.card.tier.toLowerCase()}`} aria-hidden="true" />}
      <header className="reveal__head">
        <p className="reveal__eyebrow" aria-hidden="true">
          <Icon name="sparkles" size={16} /> {reveal.set.name}
        </p>
        <h2 id={titleId} className="reveal__title">
          {title}
        </h2>
        <p className="reveal__subtitle" aria-live="polite">
          {/* RULES.md, Bulk open: an honest count, 'N cards - M new' (the NEW! badges mark first copies). */}
          {done ? MSG.cardsAndNew(cardCount, newCardCount(reveal.cards ?? [])) : "\u00a0"}
        </p>
      </header>

      {/* The stage always shows something from the tap on: PixiJS when it is up, else the DOM cards. */}
      <div ref={stageRef} className="reveal__stage">
        {!packGone && !done && <PackTear set={reveal.set as CardSet} count={reveal.count} calm={calm} onTear={tear} />}
        {hero && (
          <p className={`reveal__banner reveal__banner--${hero.card.finish} reveal__banner--${hero.card.tier.toLowerCase()}${reveal.count > 1 ? " is-fleeting" : ""}`} aria-hidden="true">
            {heroBanner(hero.card)}
          </p>
        )}
        {held && !done && (
          // The stage itself takes the tap; this is the same for keyboards and screen readers.
          <button type="button" className="reveal__tap" onClick={release}>
            {MSG.tapToReveal}
          </button>
        )}
      </div>

      <ul className="visually-hidden" aria-label="Cards in this pack">
        {shownCards.map((card) => (
          <li key={card.key} data-testid="revealed-card">
            {cardLabel(card)}
          </li>
        ))}
      </ul>

      <footer ref={actionsRef} className="reveal__actions" style={room ? { minHeight: room } : undefined}>
        {!handedOver && (
          <button
            ref={skipButtonRef}
            type="button"
            className="reveal__skip"
            onClick={skip}
          >
            Skip <span aria-hidden="true">»</span>
          </button>
        )}
        {done && (
          <>
            <Button
              variant="primary"
              size="lg"
              onClick={onAwesome}
            >
              Awesome!
            </Button>
            {canOpenAnother && (
              <Button
                variant="gold"
                size="lg"
                icon={<Icon name="refresh" size={18} />}
                onClick={onOpenAnother}
              >
                {reveal.count === 1 ? "Open Another Pack" : `Open ${reveal.count} More`}
              </Button>
            )}
            {cards?.[0] && <ShareButton card={cards[0]} size="lg" />}
            {cards?.[0] &&
              (rehearsal ? (
                wishRoom
              ) : (
                <Suspense fallback={wishRoom}>
                  <WishButton kind={cards[0]} size="lg" />
                </Suspense>
              ))}
            {reveal.pulls?.[0] && (
              <Link to="/fairness" className="reveal__fair text-link" onClick={onAwesome} title={`Commitment ${reveal.pulls[0].serverSeedHash}`}>
                <Icon name="fair" size={16} /> Provably fair: {fairPacksLabel(reveal.pulls.map((p) => p.nonce))}
              </Link>
            )}
          </>
        )}
      </footer>
    </div>
  );
}
