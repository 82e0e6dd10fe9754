import { useEffect, useRef } from "react";
import { FALLBACK, MSG } from "@contract/messages";
import type { BattleDto } from "@contract/battle";
import { preloadCardStage } from "../../../effects/cardStage";
import { messageOf } from "../../../lib/http";
import { useSession, useSignedInUser } from "../../../lib/session";
import { Button } from "../../../lib/ui/Button";
import { CurrencyIcon } from "../../../lib/ui/CurrencyIcon";
import { ErrorBanner, NoticeBanner } from "../../../lib/ui/ErrorBanner";
import { Icon } from "../../../lib/ui/Icon";
import { onIdle } from "../../../lib/idle";
import { useQueryOffline } from "../../../lib/queryOffline";
import { useOnlineStatus } from "../../../lib/useOnlineStatus";
import { useLastKnownChampions } from "../../../offline/lastKnown";
import { cardSummary } from "../battleCards";
import { outcomeTitle, roundLimit } from "../battleRules";
import { useBattle, useBattleAllowance, useChampions, type BattleControls } from "../hooks";
import { RewardPanel, RulesPanel } from "./ArenaPanels";
import { ChampionsList } from "./ChampionsList";
import { Hearts } from "./Hearts";
import { RoundStage } from "./RoundStage";
import "./battle.css";
import { formatNumber } from "../../../lib/format";

/** SPEC.md section 2, Battle arena; section 4, Battle. */
export function BattleArena() {
  const { user } = useSession();
  if (!user) {
    return (
      <section className="arena" aria-labelledby="arena-title">
        <ArenaHead />
        <NoticeBanner>{MSG.battleLoginRequired}</NoticeBanner>
      </section>
    );
  }
  return <SignedInArena />;
}

function ArenaHead() {
  return (
    <header className="arena__head">
      <h1 id="arena-title" className="arena__title">
        Card Battle Arena
      </h1>
      <p className="arena__lede">Your five best cards fight it out, round by round. Win the battle, win a coin.</p>
    </header>
  );
}

function SignedInArena() {
  const battle = useBattle();
  const allowance = useBattleAllowance();
  const champions = useChampions();
  const allowanceView = useQueryOffline(allowance);
  const liveChampionsView = useQueryOffline(champions);
  // Offline before the champions were loaded in this page: the copy saved at the last sync.
  const savedChampions = useLastKnownChampions(useSignedInUser().id, liveChampionsView.missing);
  const shownChampions = champions.data ?? savedChampions ?? undefined;
  const championsView =
    liveChampionsView.missing && shownChampions ? { ...liveChampionsView, missing: false, lastKnown: true } : liveChampionsView;
  const online = useOnlineStatus();

  // The flips draw on the shared PixiJS stage: start loading it while the player reads the panels.
  useEffect(() => {
    return onIdle(() => preloadCardStage(), 800);
  }, []);

  const inArena = battle.phase === "idle" || battle.phase === "searching";

  return (
    <section className="arena" aria-labelledby="arena-title">
      <ArenaHead />

      {inArena || !battle.battle ? (
        <>
          <div className="arena__panels">
            <RulesPanel />
            <RewardPanel allowance={allowance.data} loading={allowanceView.loading} />
          </div>
          {!online && (
            <NoticeBanner icon="offline" className="arena__offline">
              {MSG.battleOffline}
            </NoticeBanner>
          )}
          <ErrorBanner className="arena__error">{battle.error}</ErrorBanner>
          <div className="arena__cta">
            <Button
              variant="primary"
              size="lg"
              className="arena__find"
              busy={battle.phase === "searching"}
              busyLabel={MSG.battleFinding}
              disabled={!online}
              icon={<Icon name="battle" size={20} />}
              onClick={() => battle.findBattle()}
            >
              Find Battle
            </Button>
          </div>
        </>
      ) : (
        <BattleBoard battle={battle} dto={battle.battle} dailyCap={allowance.data?.dailyCap} online={online} />
      )}

      <ChampionsList
        champions={shownChampions}
        view={championsView}
        error={championsView.error ? messageOf(championsView.error, FALLBACK.champions) : null}
      />
    </section>
  );
}

function rankLabel(rank: number | null, name: string): string {
  if (rank !== null) return `Rank #${formatNumber(rank)}`;
  return name === "Arena Bot" ? "House champion" : "Unranked";
}

function BattleBoard({ battle, dto, dailyCap, online }: { battle: BattleControls; dto: BattleDto; dailyCap: number | undefined; online: boolean }) {
  const resultRef = useRef<HTMLDivElement>(null);
  const limit = roundLimit(dto);
  const round = battle.round;
  const complete = battle.phase === "complete" && battle.result;

  useEffect(() => {
    if (complete) resultRef.current?.querySelector<HTMLButtonElement>("button")?.focus();
  }, [complete]);

  const status =
    battle.phase === "starting"
      ? MSG.battleStarting
      : battle.retrying
        ? MSG.battleRetrying
        : round && round.settled
          ? round.result.roundWinner === "tie"
            ? `Round ${round.number}: a tie! Both players lose a life.`
            : round.result.roundWinner === "player1"
              ? `Round ${round.number}: you win the round!`
              : `Round ${round.number}: ${dto.player2Name} wins the round.`
          : round
            ? `Round ${round.number}: cards are turning...`
            : "\u00a0";

  return (
    <section className={`battle-board panel${complete ? " is-complete" : ""}`} aria-label="Battle" data-phase={battle.phase}>
      <div className="fighters">
        <Fighter side="you" name={dto.player1Name} rank={rankLabel(dto.player1Rank, dto.player1Name)} lives={battle.lives.player1} />
        <div className="fighters__round">
          <span className="fighters__round-label">{battle.phase === "starting" ? "Get ready" : "Round"}</span>
          <span className="fighters__round-count">
            {battle.phase === "starting" ? "VS" : `${round?.number ?? 0}/${limit}`}
          </span>
        </div>
        <Fighter side="opponent" name={dto.player2Name} rank={rankLabel(dto.player2Rank, dto.player2Name)} lives={battle.lives.player2} />
      </div>

      <p className={`battle-board__status${battle.phase === "starting" ? " is-starting" : ""}`} aria-live="polite" data-testid="battle-status">
        {status}
      </p>

      <RoundStage round={round} myName="You" opponentName={dto.player2Name} onRevealed={battle.roundRevealed} />

      {round?.settled && (
        <p className="visually-hidden" aria-live="polite">
          {`Your card: ${cardSummary(round.result.player1Card)}. ${dto.player2Name}'s card: ${cardSummary(round.result.player2Card)}.`}
        </p>
      )}

      {battle.error && (
        <div className="battle-board__error">
          <ErrorBanner>{battle.error}</ErrorBanner>
          <div className="battle-board__error-actions">
            <Button variant="primary" onClick={battle.retryRound} disabled={!online} icon={<Icon name="refresh" size={18} />}>
              Try Again
            </Button>
            <Button variant="ghost" onClick={battle.returnToArena}>
              Return to Arena
            </Button>
          </div>
        </div>
      )}

      {complete && battle.result && (
        <div className={`battle-result battle-result--${battle.result.outcome}`} role="status">
          {battle.result.outcome === "won" && battle.result.coinsEarned > 0 && (
            <div className="coin-shower" aria-hidden="true">
              {Array.from({ length: 14 }, (_, i) => (
                <span key={i} style={{ "--i": i } as React.CSSProperties}>
                  <CurrencyIcon kind="coin" size={22 + (i % 3) * 6} />
                </span>
              ))}
            </div>
          )}
          <div ref={resultRef} className="battle-result__card">
            <p className="battle-result__eyebrow">Battle over</p>
            <h2 className="battle-result__title">{outcomeTitle(battle.result.outcome)}</h2>
            {battle.result.outcome === "won" &&
              (battle.result.coinsEarned > 0 ? (
                <p className="battle-result__coins">
                  <CurrencyIcon kind="coin" size={28} /> {MSG.battleCoinsWon(battle.result.coinsEarned)}
                </p>
              ) : (
                <p className="battle-result__note">{MSG.battleCapReached(dailyCap ?? 20)}</p>
              ))}
            <p className="battle-result__score">
              <span>
                You <b>{battle.lives.player1}</b>
              </span>
              <span aria-hidden="true">♥</span>
              <span>
                <b>{battle.lives.player2}</b> {dto.player2Name}
              </span>
            </p>
            <Button
              variant={battle.result.outcome === "won" ? "gold" : "primary"}
              size="lg"
              onClick={() => battle.returnToArena()}
            >
              Return to Arena
            </Button>
          </div>
        </div>
      )}
    </section>
  );
}

function Fighter({ side, name, rank, lives }: { side: "you" | "opponent"; name: string; rank: string; lives: number }) {
  return (
    <div className={`fighter fighter--${side}`} data-testid={`fighter-${side}`}>
      <span className="fighter__avatar" aria-hidden="true">
        {name.slice(0, 1).toUpperCase()}
      </span>
      <div className="fighter__text">
        <span className="fighter__tag">{side === "you" ? "You" : "Opponent"}</span>
        <span className="fighter__name">{name}</span>
        <span className="fighter__rank">{rank}</span>
      </div>
      <Hearts lives={lives} label={side === "you" ? "Your lives" : `${name}'s lives`} />
    </div>
  );
}
