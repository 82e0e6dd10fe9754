import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { FALLBACK } from "@contract/messages";
import type { BattleDto, RoundResultDto } from "@contract/battle";
import { useAudio } from "../../audio/useAudio";
import { ApiError, messageOf } from "../../lib/http";
import { getSession, updateUser, useSession } from "../../lib/session";
import { refreshUserData } from "../../lib/userData";
import { onLiveEvent } from "../../live/liveEvents";
import { championsQueryOptions, findOpponent, getAllowance, getBattle, playRound } from "./api";
import {
  BATTLE_LIVES,
  BATTLE_START_DELAY_MS,
  battleOutcome,
  livesOf,
  mayRequestRound,
  NEXT_ROUND_DELAY_MS,
  ROUND_MAX_RETRIES,
  ROUND_RETRY_MS,
  RESUME_DELAY_MS,
  ROUND_SETTLE_MS,
  roundLimit,
  type BattleOutcome,
  type Lives,
} from "./battleRules";

export const allowanceQueryKey = ["battle", "allowance"] as const;

// Issue 47: a round or a result of a battle this player is in (another tab's, too).
onLiveEvent("battle", (_, queryClient) => void queryClient.invalidateQueries({ queryKey: ["battle"] }));

/** The reward panel's figures (GET /battle/allowance). */
export function useBattleAllowance() {
  const { isAuthenticated } = useSession();
  return useQuery({ queryKey: allowanceQueryKey, queryFn: getAllowance, enabled: isAuthenticated, staleTime: 15_000 });
}

/** 'Your Champions': the top 5 cards (GET /user/champions). */
export function useChampions() {
  const { isAuthenticated } = useSession();
  return useQuery({ ...championsQueryOptions, enabled: isAuthenticated, staleTime: 30_000 });
}

/**
 * SPEC.md section 4, Battle: no battle, searching, battle loaded (3 lives each), automatic rounds,
 * then the result until 'Return to Arena'.
 */
export type BattlePhase = "idle" | "searching" | "starting" | "fighting" | "complete";

/** One round on screen: `settled` once its cards have turned (loser greyed, hearts updated). */
export interface ShownRound {
  key: number;
  number: number;
  result: RoundResultDto;
  settled: boolean;
}

export interface BattleResultView {
  outcome: BattleOutcome;
  coinsEarned: number;
}

export interface BattleState {
  phase: BattlePhase;
  battle: BattleDto | null;
  /** Hearts as shown: they change when a round's reveal has finished, not when the server answered. */
  lives: Lives;
  round: ShownRound | null;
  result: BattleResultView | null;
  error: string | null;
  /** A round was answered 429 and is being asked for again. */
  retrying: boolean;
}

export interface BattleControls extends BattleState {
  findBattle(): void;
  /** The round's cards have turned: grey the loser, update the hearts, then go on. */
  roundRevealed(key: number): void;
  /** After 'Failed to continue battle round': ask for the round again. */
  retryRound(): void;
  returnToArena(): void;
}

const IDLE: BattleState = { phase: "idle", battle: null, lives: { player1: BATTLE_LIVES, player2: BATTLE_LIVES }, round: null, result: null, error: null, retrying: false };

/** The battle in progress survives a trip to another view (per tab, like the route itself). */
const ACTIVE_KEY = "foilbound-active-battle";
interface ActiveBattle {
  userId: number;
  battleId: number;
}

function readActive(): ActiveBattle | undefined {
  try {
    const raw = window.sessionStorage.getItem(ACTIVE_KEY);
    return raw ? (JSON.parse(raw) as ActiveBattle) : undefined;
  } catch {
    return undefined;
  }
}
function writeActive(value: ActiveBattle | null): void {
  try {
    if (value) window.sessionStorage.setItem(ACTIVE_KEY, JSON.stringify(value));
    else window.sessionStorage.removeItem(ACTIVE_KEY);
  } catch {
    // Storage unavailable: a battle left mid-way is simply not resumed.
  }
}

export function useBattle(): BattleControls {
  const queryClient = useQueryClient();
  const { play } = useAudio();
  const playRef = useRef(play);
  playRef.current = play;
  const [state, setState] = useState<BattleState>(IDLE);
  const stateRef = useRef(state);
  stateRef.current = state;

  const alive = useRef(true);
  const timers = useRef(new Set<number>());
  const roundKey = useRef(0);
  const retries = useRef(0);
  /** Ignores answers to a battle the player has already left. */
  const generation = useRef(0);

  const later = useCallback((fn: () => void, ms: number) => {
    const id = window.setTimeout(() => {
      timers.current.delete(id);
      if (alive.current) fn();
    }, ms);
    timers.current.add(id);
  }, []);

  const clearTimers = useCallback(() => {
    for (const id of timers.current) window.clearTimeout(id);
    timers.current.clear();
  }, []);

  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
      for (const id of timers.current) window.clearTimeout(id);
      timers.current.clear();
    };
  }, []);

  const finish = useCallback(
    (battleWinner: number | null, lives: Lives, coinsEarned: number, newCoinCount: number | undefined) => {
      const user = getSession().user;
      const outcome = battleOutcome(battleWinner, user?.id, lives);
      writeActive(null);
      setState((s) => ({ ...s, phase: "complete", lives, result: { outcome, coinsEarned }, retrying: false, error: null }));
      if (newCoinCount !== undefined) updateUser({ coins: newCoinCount });
      // SPEC.md section 4: the winner hears the coin sound; user data refreshes at completion.
      if (outcome === "won") playRef.current("coin");
      void refreshUserData(queryClient);
      void queryClient.invalidateQueries({ queryKey: allowanceQueryKey });
    },
    [queryClient],
  );

  const requestRound = useCallback(
    function request() {
      const gen = generation.current;
      const { battle, lives } = stateRef.current;
      if (!battle) return;
      const current = stateRef.current.round?.result.currentRound ?? battle.currentRound;
      if (!mayRequestRound(current, lives, roundLimit(battle))) {
        // Nothing left to play: the server has already decided; read its verdict.
        void getBattle(battle.id).then(
          (b) => gen === generation.current && finish(b.battleWinner, livesOf(b), b.coinsEarned, undefined),
          () => gen === generation.current && finish(null, lives, 0, undefined),
        );
        return;
      }
      playRound(battle.id).then(
        (result) => {
          if (gen !== generation.current || !alive.current) return;
          retries.current = 0;
          roundKey.current += 1;
          setState((s) => ({
            ...s,
            phase: "fighting",
            retrying: false,
            error: null,
            round: { key: roundKey.current, number: result.currentRound, result, settled: false },
          }));
        },
        (err: unknown) => {
          if (gen !== generation.current || !alive.current) return;
          // 429: under 1 s since the last round. Wait and ask again rather than failing.
          if (err instanceof ApiError && err.status === 429 && retries.current < ROUND_MAX_RETRIES) {
            retries.current += 1;
            setState((s) => ({ ...s, retrying: true }));
            later(request, ROUND_RETRY_MS);
            return;
          }
          retries.current = 0;
          // 409: the battle is already over (another tab finished it): show its result.
          if (err instanceof ApiError && err.status === 409) {
            void getBattle(battle.id).then(
              (b) => gen === generation.current && finish(b.battleWinner, livesOf(b), b.coinsEarned, undefined),
              () => gen === generation.current && setState((s) => ({ ...s, retrying: false, error: FALLBACK.battleRound })),
            );
            return;
          }
          // SPEC.md section 8: 'Failed to process round' from the server shows as this text.
          setState((s) => ({ ...s, retrying: false, error: FALLBACK.battleRound }));
        },
      );
    },
    [finish, later],
  );

  const begin = useCallback(
    (battle: BattleDto) => {
      const last = battle.rounds.at(-1);
      const lives = last ? livesOf(last) : livesOf(battle);
      const user = getSession().user;
      if (battle.battleComplete) {
        writeActive(null);
        setState({ ...IDLE, battle, lives, phase: "starting" });
        finish(battle.battleWinner, livesOf(battle), battle.coinsEarned, undefined);
        return;
      }
      if (user) writeActive({ userId: user.id, battleId: battle.id });
      roundKey.current += 1;
      const round: ShownRound | null = last ? { key: roundKey.current, number: last.currentRound, result: { ...last, battleComplete: false, battleWinner: null, coinsEarned: 0 }, settled: true } : null;
      setState({ ...IDLE, phase: last ? "fighting" : "starting", battle, lives, round });
      // A resumed battle first turns its last round again, then goes on.
      later(requestRound, last ? RESUME_DELAY_MS : BATTLE_START_DELAY_MS);
    },
    [finish, later, requestRound],
  );

  const findBattle = useCallback(() => {
    if (stateRef.current.phase !== "idle") return;
    const gen = ++generation.current;
    setState({ ...IDLE, phase: "searching" });
    findOpponent()
      .then(({ battleId }) => getBattle(battleId))
      .then(
        (battle) => {
          if (gen !== generation.current || !alive.current) return;
          begin(battle);
        },
        (err: unknown) => {
          if (gen !== generation.current || !alive.current) return;
          // SPEC.md section 8: the server's text (e.g. no cards yet) or 'Failed to find opponent'.
          setState({ ...IDLE, error: messageOf(err, FALLBACK.findOpponent) });
        },
      );
  }, [begin]);

  const roundRevealed = useCallback(
    (key: number) => {
      const shown = stateRef.current.round;
      if (!shown || shown.key !== key || shown.settled) return;
      const { result } = shown;
      // The loser greys and the hearts break now; the round is over once that has been seen.
      setState((s) => (s.round?.key === key ? { ...s, round: { ...shown, settled: true }, lives: livesOf(result) } : s));
      later(() => {
        if (stateRef.current.round?.key !== key) return;
        if (result.battleComplete) finish(result.battleWinner, livesOf(result), result.coinsEarned, result.newCoinCount);
        else later(requestRound, NEXT_ROUND_DELAY_MS);
      }, ROUND_SETTLE_MS);
    },
    [finish, later, requestRound],
  );

  const retryRound = useCallback(() => {
    if (!stateRef.current.battle || stateRef.current.phase === "complete") return;
    setState((s) => ({ ...s, error: null }));
    requestRound();
  }, [requestRound]);

  const returnToArena = useCallback(() => {
    generation.current += 1;
    clearTimers();
    writeActive(null);
    setState(IDLE);
  }, [clearTimers]);

  // A battle left running in this tab (the player went to another view) carries on where it was.
  useEffect(() => {
    const active = readActive();
    const user = getSession().user;
    if (!active || !user || active.userId !== user.id) return;
    const gen = ++generation.current;
    setState({ ...IDLE, phase: "searching" });
    getBattle(active.battleId).then(
      (battle) => gen === generation.current && alive.current && begin(battle),
      () => {
        writeActive(null);
        if (gen === generation.current && alive.current) setState(IDLE);
      },
    );
  }, [begin]);

  return { ...state, findBattle, roundRevealed, retryRound, returnToArena };
}
