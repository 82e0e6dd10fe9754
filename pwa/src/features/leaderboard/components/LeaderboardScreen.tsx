import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { Fragment, useEffect, useState } from "react";
import type { LeaderboardEntryDto } from "@contract/leaderboard";
import type { LeaderboardSnapshot } from "../../../offline/db";
import { MSG } from "@contract/messages";
import { toRevealCard } from "../../../effects/cardStage";
import { fullCardName } from "../../../lib/cardName";
import { formatCompact, formatNumber } from "../../../lib/format";
import { messageOf } from "../../../lib/http";
import { useSignedInUser } from "../../../lib/session";
import { Button } from "../../../lib/ui/Button";
import { CardArt } from "../../../lib/ui/CardArt";
import { ErrorBanner, NoticeBanner } from "../../../lib/ui/ErrorBanner";
import { Icon } from "../../../lib/ui/Icon";
import { SMALL_SCREEN_QUERY, useMediaQuery } from "../../../lib/useMediaQuery";
import { useOnlineStatus } from "../../../lib/useOnlineStatus";
import { useLeaderboardSnapshot, usePlayerRank } from "../../../offline/lastKnown";
import { splitAtGaps } from "../../../offline/leaderboardSnapshot";
import { fetchLeaderboardPage, leaderboardKey, PAGE_SIZE, pageOffsetOf } from "../api";
import "./leaderboard.css";

const rowId = (userId: number) => `leaderboard-row-${userId}`;

/** SPEC.md section 2, Leaderboard screen: paged from the top, with a jump to the player's own row. */
export function LeaderboardScreen() {
  const me = useSignedInUser();
  const small = useMediaQuery(SMALL_SCREEN_QUERY);
  // The board is being looked at: the place must be current, not the header's 30 s old copy.
  const rank = usePlayerRank(me.id, "always");
  const online = useOnlineStatus();
  const board = useInfiniteQuery({
    queryKey: leaderboardKey,
    queryFn: ({ pageParam, signal }) => fetchLeaderboardPage(pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => (last.length === PAGE_SIZE ? pages.length * PAGE_SIZE : undefined),
    refetchOnWindowFocus: true,
  });
  const rows = board.data?.pages.flat() ?? [];
  const myRank = rank?.rank ?? null;
  const loadedToRank = rows.length;
  // The player's own page when it lies beyond what is loaded from the top.
  const [aroundOffset, setAroundOffset] = useState<number | null>(null);
  const around = useQuery({
    queryKey: [...leaderboardKey, "around", aroundOffset],
    queryFn: ({ signal }) => fetchLeaderboardPage(aroundOffset!, signal),
    enabled: aroundOffset !== null,
  });
  const [scrollTarget, setScrollTarget] = useState<number | null>(null);

  useEffect(() => {
    if (scrollTarget === null) return;
    const el = document.getElementById(rowId(scrollTarget));
    if (!el) return;
    el.scrollIntoView({ behavior: "smooth", block: "center" });
    el.focus({ preventScroll: true });
    setScrollTarget(null);
  }, [scrollTarget, rows.length, around.data]);

  const jumpToMe = () => {
    if (!myRank) return;
    if (myRank > loadedToRank) setAroundOffset(pageOffsetOf(myRank));
    setScrollTarget(me.id);
  };

  const players = rank?.players;
  const aroundRows = (around.data ?? []).filter((r) => r.rank > loadedToRank);
  // No live rows (offline, or the server failing): the rows saved at the last sync, with their time.
  const useSaved = rows.length === 0 && (!online || board.isError);
  const saved = useLeaderboardSnapshot(me.id, useSaved);
  if (useSaved && saved !== undefined) return <SavedLeaderboard saved={saved} offline={!online} meId={me.id} players={players} compact={small} />;

  return (
    <section className="leaderboard" aria-labelledby="leaderboard-title">
      <header className="leaderboard__head">
        <div>
          <h1 id="leaderboard-title" className="screen-title">Leaderboard</h1>
          <p className="leaderboard__count">{players !== undefined ? `${formatNumber(players)} ${players === 1 ? "player" : "players"}` : " "}</p>
        </div>
        {myRank && (
          <Button variant="gold" onClick={jumpToMe} icon={<Icon name="rank" size={18} />}>
            Your rank: #{formatNumber(myRank)}
          </Button>
        )}
      </header>

      {board.isPending && (
        <p className="leaderboard__note" role="status">
          {MSG.leaderboardLoading}
        </p>
      )}
      {board.isError && !rows.length && <ErrorBanner>Error: {messageOf(board.error, MSG.leaderboardFailed)}</ErrorBanner>}
      {board.isSuccess && rows.length === 0 && <p className="leaderboard__note">{MSG.leaderboardEmpty}</p>}

      {rows.length > 0 && (
        <ol className="leaderboard__list">
          {rows.map((entry) => (
            <LeaderboardRow key={entry.user.id} entry={entry} mine={entry.user.id === me.id} compact={small} />
          ))}
        </ol>
      )}
      {board.hasNextPage && (
        <Button className="leaderboard__more" onClick={() => void board.fetchNextPage()} busy={board.isFetchingNextPage} busyLabel="Loading...">
          Show more players
        </Button>
      )}
      {aroundRows.length > 0 && (
        <>
          <p className="leaderboard__gap" aria-hidden="true">
            ⋯
          </p>
          <ol className="leaderboard__list" start={aroundRows[0]!.rank} aria-label="Players around you">
            {aroundRows.map((entry) => (
              <LeaderboardRow key={entry.user.id} entry={entry} mine={entry.user.id === me.id} compact={small} />
            ))}
          </ol>
        </>
      )}
    </section>
  );
}

/** The leaderboard as last synced: the first page, then the player's own page after a gap. */
function SavedLeaderboard({ saved, offline, meId, players, compact }: { saved: LeaderboardSnapshot | null; offline: boolean; meId: number; players: number | undefined; compact: boolean }) {
  const time = saved ? new Date(saved.syncedAt).toLocaleString() : "";
  const count = players ?? saved?.players;
  return (
    <section className="leaderboard" aria-labelledby="leaderboard-title">
      <header className="leaderboard__head">
        <div>
          <h1 id="leaderboard-title" className="screen-title">Leaderboard</h1>
          <p className="leaderboard__count">{count !== undefined ? `${formatNumber(count)} ${count === 1 ? "player" : "players"}` : " "}</p>
        </div>
      </header>
      {!saved ? (
        <NoticeBanner icon="offline">{MSG.leaderboardNotSynced}</NoticeBanner>
      ) : (
        <>
          <NoticeBanner icon="offline">{offline ? MSG.leaderboardSnapshot(time) : MSG.leaderboardStaleSnapshot(time)}</NoticeBanner>
          {saved.entries.length === 0 && <p className="leaderboard__note">{MSG.leaderboardEmpty}</p>}
          {splitAtGaps(saved.entries).map((run, i) => (
            <Fragment key={run[0]!.rank}>
              {i > 0 && (
                <p className="leaderboard__gap" aria-hidden="true">
                  ⋯
                </p>
              )}
              <ol className="leaderboard__list" start={run[0]!.rank} aria-label={i > 0 ? "Players around you" : undefined}>
                {run.map((entry) => (
                  <LeaderboardRow key={entry.user.id} entry={entry} mine={entry.user.id === meId} compact={compact} />
                ))}
              </ol>
            </Fragment>
          ))}
        </>
      )}
    </section>
  );
}

const MEDALS = ["gold", "silver", "bronze"] as const;

function LeaderboardRow({ entry, mine, compact }: { entry: LeaderboardEntryDto; mine: boolean; compact: boolean }) {
  const medal = entry.rank <= 3 ? MEDALS[entry.rank - 1] : null;
  const name = entry.user.displayName ?? entry.user.username;
  return (
    <li id={rowId(entry.user.id)} tabIndex={-1} className={`lb-row${mine ? " is-mine" : ""}${medal ? ` is-${medal}` : ""}`}>
      <div className="lb-row__main">
        <span className="lb-row__rank" aria-label={`Rank ${entry.rank}`}>
          {medal ? <Icon name="crown" size={20} /> : null}
          <span>{formatNumber(entry.rank)}</span>
        </span>
        <span className="lb-row__name">
          {name}
          {mine && <span className="lb-row__you">YOU</span>}
        </span>
        <span className="lb-row__score">
          {compact ? formatCompact(entry.totalScore) : formatNumber(entry.totalScore)} <small>pts</small>
        </span>
      </div>
      {entry.bestCards.length > 0 && (
        <details className="lb-row__cards">
          <summary>Top 9 Cards</summary>
          <ul>
            {entry.bestCards.map((card) => (
              <li key={card.id} title={`${fullCardName(card)}, ${card.tier}, ${formatNumber(card.points)} points`}>
                <CardArt card={toRevealCard(card, String(card.id))} />
                <span className="lb-row__card-points">{formatCompact(card.points)}</span>
              </li>
            ))}
          </ul>
        </details>
      )}
    </li>
  );
}
