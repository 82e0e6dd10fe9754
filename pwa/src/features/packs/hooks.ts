import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useRef, useState } from "react";
import { FALLBACK, MSG } from "@contract/messages";
import type { OpenPackResponse, PulledCardDto } from "@contract/cards";
import type { CardSet, PackCount, SetId } from "../../../../api/src/game/sets";
import { ApiError, messageOf } from "../../lib/http";
import { getSession, updateUser } from "../../lib/session";
import { afterNextFrame, afterNextFrameOr } from "../../lib/afterNextFrame";
import { afterRevealsSettle } from "../../effects/revealActivity";
import { IdleSteps } from "../../lib/idleSteps";
import { refreshUserData } from "../../lib/userData";
import { addPulledCards } from "../../offline/collectionQuery";
import { openPack } from "./api";
import { fundsProblem, openedCounterKey, withPity } from "./packRules";

/**
 * One pack on screen. The reveal opens at the tap, with the request in flight: `cards` is null
 * until the server answers (issue 11: the intro never waits for the request, nor the request for
 * the intro).
 */
export interface PackReveal {
  /** Changes with every pack, so the reveal stage starts over. */
  id: number;
  set: CardSet;
  /** Packs in this reveal: 1, or 10 for a bulk open. */
  count: PackCount;
  cards: PulledCardDto[] | null;
  /** What the packs were drawn with, once the server answered (one per pack). */
  pulls?: OpenPackResponse["pull"][];
  /** The balance after these packs, from the server's answer (the session's may not have it yet). */
  balance?: { coins: number; gems: number };
}

export interface PackOpening {
  /** Sets whose pack is being opened right now (the per-pack 'Opening...' flag). */
  opening: ReadonlySet<SetId>;
  error: string | null;
  reveal: PackReveal | null;
  open: (set: CardSet, count?: PackCount) => void;
  /** 'Open Another Pack': the same set (and count) again, in a fresh reveal. */
  openAnother: () => void;
  /** 'Awesome!': clears the results and refreshes user data (SPEC.md section 4). */
  closeReveal: () => void;
  dismissError: () => void;
}

/** The open-pack request waits for the reveal's first frame at most this long. */
const REQUEST_AFTER_FRAME_MAX_MS = 100;

/** The longest the updates behind the reveal wait for its cards to settle... */
const BEHIND_REVEAL_MAX_WAIT_MS = 5000;
/** ...and then for an idle moment. */
const BEHIND_REVEAL_IDLE_MS = 300;

/** The pack-opening state machine of SPEC.md section 4: idle, opening, revealed, or failed. */
export function usePackOpening(): PackOpening {
  const queryClient = useQueryClient();
  const [opening, setOpening] = useState<ReadonlySet<SetId>>(new Set());
  const [error, setError] = useState<string | null>(null);
  const [reveal, setReveal] = useState<PackReveal | null>(null);
  // A synchronous guard too: two taps in one frame must not open two packs.
  const inFlight = useRef(new Set<SetId>());
  const revealCount = useRef(0);
  /** The updates behind the last reveal while they wait, and the step that refreshes the user data. */
  const behindReveal = useRef<{ steps: IdleSteps; refresh: () => void } | null>(null);

  /** Runs the waiting updates now (a button of the reveal needs them); true when they refreshed the user data. */
  const flushBehindReveal = useCallback((): boolean => {
    const waiting = behindReveal.current;
    behindReveal.current = null;
    if (!waiting) return false;
    const refreshes = waiting.steps.has(waiting.refresh);
    waiting.steps.flush();
    return refreshes;
  }, []);

  const applyOpenedPack = useCallback(
    (set: CardSet, response: OpenPackResponse, revealId: number, count: PackCount) => {
      // The reveal of this pack turns its cards first (unless the player closed it meanwhile);
      // the balance, the collection and the refetches behind the dialog follow once its cards
      // have settled, one per idle moment: at 4x CPU they were one task of ~150-350 ms, which
      // landed among the cards' turns (a frozen turn) when it only waited for an idle moment.
      setReveal((shown) =>
        shown?.id === revealId
          ? { ...shown, cards: response.cards, pulls: response.pulls ?? [response.pull], balance: { coins: response.newCoinCount, gems: response.newGemCount } }
          : shown,
      );
      flushBehindReveal();
      const refresh = () => void refreshUserData(queryClient);
      const steps = new IdleSteps(
        [
          () => {
            const user = getSession().user;
            if (!user) return;
            const counter = openedCounterKey(set.id);
            updateUser({ coins: response.newCoinCount, gems: response.newGemCount, [counter]: user[counter] + count, ...(response.pity && { pity: withPity(user.pity, response.pity) }) });
          },
          () => {
            const user = getSession().user;
            if (user) void addPulledCards(queryClient, user.id, response.cards);
          },
          refresh,
          () => window.dispatchEvent(new Event("pack-opened")),
        ],
        BEHIND_REVEAL_IDLE_MS,
      );
      behindReveal.current = { steps, refresh };
      // After the frame that shows the end (an idle moment can come before a pending frame).
      afterRevealsSettle(() => afterNextFrameOr(BEHIND_REVEAL_IDLE_MS, () => steps.start()), BEHIND_REVEAL_MAX_WAIT_MS);
    },
    [queryClient, flushBehindReveal],
  );

  /** Starts opening a pack; false when a rule stopped it first (the reason is in `error`). */
  const start = useCallback(
    (set: CardSet, count: PackCount = 1): boolean => {
      const user = getSession().user;
      const problem = !user ? MSG.mustBeLoggedInToOpen : !navigator.onLine ? MSG.packsOfflineNotice : fundsProblem(user, set, count);
      if (problem) {
        setError(problem);
        return false;
      }
      if (inFlight.current.has(set.id)) return false;
      inFlight.current.add(set.id);
      // The tile's 'Opening...' comes a frame later: the overlay covers the page from the tap's
      // frame, and re-rendering every tile in the tap's task made it a long one (~55 ms at 4x CPU).
      afterNextFrame(() => setOpening(new Set(inFlight.current)));
      setError(null);
      revealCount.current += 1;
      const revealId = revealCount.current;
      setReveal({ id: revealId, set, count, cards: null });
      // Sent once the frame showing the reveal is drawn: starting a request is ~1-2 ms of main
      // thread here (4x that on a slow phone), about half of the tap's own work. The request
      // still runs while the stage plays; it leaves one frame later.
      afterNextFrameOr(REQUEST_AFTER_FRAME_MAX_MS, () => void openPack(set.id, count)
        .then(
          (response) => applyOpenedPack(set, response, revealId, count),
          (err: unknown) => {
            setReveal((shown) => (shown?.id === revealId ? null : shown));
            setError(err instanceof ApiError && err.status === 401 ? MSG.mustBeLoggedInToOpen : messageOf(err, FALLBACK.openPack));
            // The balance the client knew was wrong if the server refused for funds: fetch it.
            void refreshUserData(queryClient);
          },
        )
        .finally(() => {
          inFlight.current.delete(set.id);
          setOpening(new Set(inFlight.current));
        }));
      return true;
    },
    [applyOpenedPack, queryClient],
  );

  const open = useCallback((set: CardSet, count: PackCount = 1) => void start(set, count), [start]);

  const openAnother = useCallback(() => {
    if (!reveal?.cards) return;
    // The balance the next pack is checked against includes this one.
    flushBehindReveal();
    if (!start(reveal.set, reveal.count)) setReveal(null);
  }, [start, reveal, flushBehindReveal]);

  const closeReveal = useCallback(() => {
    setReveal(null);
    // Unless the waiting updates just did (SPEC.md section 4: closing refreshes the user data).
    if (!flushBehindReveal()) void refreshUserData(queryClient);
  }, [queryClient, flushBehindReveal]);

  const dismissError = useCallback(() => setError(null), []);

  return { opening, error, reveal, open, openAnother, closeReveal, dismissError };
}

