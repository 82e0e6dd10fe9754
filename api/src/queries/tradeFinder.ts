// Issue 48, trade finder: wishlist, spares and matches, all computed in the database.
//
// A player's spare copies of a card are the copies beyond the kept count (none when not for
// trade), less the copies in the player's open offers (pending, not expired; offered by them or
// requested from them): game/tradeFinder.ts. card_stacks holds per player and card the settings
// and whether the player holds 2 or more copies (migration 20261130100000); its partial indexes
// find the players who may have a spare (spareHint), and the copies are counted from cards only
// where the exact number matters: a player who keeps more than 1, or has copies in open offers.
import type { Db, Trx } from "../db/knex.ts";
import { runPrepared } from "../db/prepared.ts";
import { utcDayStart } from "../game/periods.ts";
import { OWNERS_COUNT_CAP } from "../contract/rules.ts";
import { DEFAULT_KEEP, holdersPerWantedCard, MIN_MUTUAL_PER_CARD, mutualCandidateBudget, ONE_SIDED_ROWS_CAP, PAIRS_PER_MATCH, WISHLIST_MAX } from "../game/tradeFinder.ts";
import { ACCEPTED_TRADES_PER_DAY, LOPSIDED_RATIO, SAME_NETWORK_WINDOW_MS, type TradeUnlock } from "../game/trading.ts";
import type { Card } from "../game/sets.ts";
import { packsOpenedSql } from "./tradeLimits.ts";
import { cardIdentityColumns, cardOfRow } from "../db/cardIdentity.ts";

const COLS = ["character", "background", "set", "is_holo", "is_glitch", "is_dark_holo"] as const;
const q = (c: string) => (c === "set" ? `"set"` : c);
/** The identity columns of alias `a`, comma separated. */
const cols = (a: string) => COLS.map((c) => `${a}.${q(c)}`).join(", ");
/** Same identity for aliases `a` and `b`. */
const same = (a: string, b: string) => COLS.map((c) => `${a}.${q(c)} = ${b}.${q(c)}`).join(" AND ");
/** Card `c` is in one of its owner's open offers. Uses trades' card-id indexes. */
const inOpenOffer = (c: string) => `(
  EXISTS (SELECT 1 FROM trades t WHERE t.offered_card_id = ${c}.id AND t.from_user_id = ${c}.user_id AND t.status = 'pending' AND t.expires_at > :now)
  OR EXISTS (SELECT 1 FROM trades t WHERE t.requested_card_id = ${c}.id AND t.to_user_id = ${c}.user_id AND t.status = 'pending' AND t.expires_at > :now))`;

/** Copies of identity `h` (with user_id) that its holder has in open offers: probes of trades by player and status (few rows). */
const copiesInOpenOffers = (h: string) => `(
  (SELECT count(*) FROM trades t JOIN cards oc ON oc.id = t.offered_card_id
    WHERE t.from_user_id = ${h}.user_id AND t.status = 'pending' AND t.expires_at > :now AND oc.user_id = ${h}.user_id AND ${same("oc", h)})
  + (SELECT count(*) FROM trades t JOIN cards oc ON oc.id = t.requested_card_id
    WHERE t.to_user_id = ${h}.user_id AND t.status = 'pending' AND t.expires_at > :now AND oc.user_id = ${h}.user_id AND ${same("oc", h)}))`;

/** Stack `s` may hold a spare: its player holds 2 or more copies (or keeps none), and it is for trade. The partial indexes' predicate (migration 20261130100000's SPARE_HINT), so they serve it. */
const spareHint = (s: string) => `(${s}.multi OR ${s}.keep_count = 0) AND NOT ${s}.not_for_trade`;

/** The copies player `s.user_id` holds of stack `s`'s card (index-only on cards_owner_identity). */
const copiesOf = (s: string) => `(SELECT count(*) FROM cards c WHERE c.user_id = ${s}.user_id AND ${same("c", s)})`;

/**
 * The spare copies of a stack that passed spareHint, less `offers` (SQL: its copies in open offers):
 * positive exactly when the player can spare one. Counted from cards only for a player who keeps
 * another number than 1 or has copies in open offers; otherwise 2 or more copies, keeping 1, is a
 * spare, and 1 stands for "at least one" (matches and owner counts ask only whether there is one).
 */
const spareAfterOffers = (s: string, offers: string) =>
  `CASE WHEN ${s}.keep_count = 1 AND ${offers} = 0 THEN 1 ELSE ${copiesOf(s)} - ${s}.keep_count - ${offers} END`;

/**
 * Player `u` may be matched with me at all: shown in matches, unlocked for trading, no block either
 * way (CTE `my_blocks`: the players I blocked or who blocked me, read once).
 */
const ELIGIBLE = (u: string) => `${u}.show_in_matches
  AND ${u}.created_at <= :unlockedBefore AND ${packsOpenedSql(u)} >= :minPacks
  AND NOT (${u}.id = ANY(ARRAY(SELECT id FROM my_blocks)))`;

/** CTE `my_blocks`: the ids of the players I blocked and of those who blocked me (both indexes of player_blocks). */
const MY_BLOCKS = `my_blocks AS MATERIALIZED (
    SELECT blocked_id AS id FROM player_blocks WHERE blocker_id = :me
    UNION SELECT blocker_id FROM player_blocks WHERE blocked_id = :me
  )`;

/** The ids of CTE `cand`'s players as one array: each probe below is one index scan over all of them (= ANY), not a scan per candidate. */
const idsOf = (cand: string) => `ARRAY(SELECT user_id FROM ${cand})`;

/** What ranking and the rules need of a candidate, read once per player (not once per card pair). */
const CANDIDATE_COLUMNS = `u.id AS user_id, u.display_name, u.updated_at AS active_at, u.created_at, u.signup_network, ${packsOpenedSql("u")} AS packs`;

/**
 * CTE body: the copies the players of CTE `cand` have in open offers (offered by them or asked of
 * them), per card: one index scan of trades a direction over all their ids (by player and status).
 * Two probes per candidate stack as subplans had cost the statement a tenth.
 */
const openOffersOf = (cand: string) => `
    SELECT o.user_id, ${cols("c")}, count(*)::int AS n
    FROM (
      SELECT t.from_user_id AS user_id, t.offered_card_id AS card_id FROM trades t
        WHERE t.from_user_id = ANY(${idsOf(cand)}) AND t.status = 'pending' AND t.expires_at > :now
      UNION ALL
      SELECT t.to_user_id, t.requested_card_id FROM trades t
        WHERE t.to_user_id = ANY(${idsOf(cand)}) AND t.status = 'pending' AND t.expires_at > :now
    ) o JOIN cards c ON c.id = o.card_id AND c.user_id = o.user_id
    GROUP BY o.user_id, ${cols("c")}`;

/**
 * The spare copies that the players of CTE `cand` hold of the cards of CTE `want` (by its number,
 * wid), less their copies in open offers (CTE `offers`, openOffersOf). One scan of the partial
 * index card_stacks_user_spare over all their ids, then one hash join with `want`. The OFFSET 0
 * fence keeps the planner to that order: it walked every holder of every wanted card instead (105 s
 * at 100,000 players), or scanned `want` again for every candidate.
 */
const sparesOfCandidates = (cand: string, offers: string) => `
    SELECT * FROM (
      SELECT s.user_id, w.wid, w.points, ${spareAfterOffers("s", "coalesce(o.n, 0)")} AS spare
      FROM (SELECT s.* FROM card_stacks s WHERE s.user_id = ANY(${idsOf(cand)}) AND ${spareHint("s")} OFFSET 0) s
      JOIN want w ON ${same("s", "w")}
      LEFT JOIN ${offers} o ON o.user_id = s.user_id AND ${same("o", "s")}
      OFFSET 0
    ) h WHERE h.spare > 0`;

/**
 * Spare holders per wanted card (holdersPerWantedCard), tabulated for the statement's LIMIT: index
 * rows * (WISHLIST_MAX + 1) + wanted + 1, rows (left to fill) up to ONE_SIDED_ROWS_CAP. Part of the
 * statement's text, prepared once per connection.
 */
const PER_CARD_TABLE = `{${Array.from({ length: ONE_SIDED_ROWS_CAP + 1 }, (_, rows) =>
  Array.from({ length: WISHLIST_MAX + 1 }, (_, wanted) => holdersPerWantedCard(wanted, rows)),
).flat().join(",")}}`;

/**
 * CTE `theirs`: the players matches rank and their spare copies of the cards I want (CTE `want`,
 * with each card's points), from the stored stacks (migration 20261129400000). Candidates are
 * bounded (game/tradeFinder.ts): first those who want one of my spares (`wanted_mine`, the mutual
 * side); only when they cannot fill the page, per wanted card some of its spare holders (as many
 * as the rows left call for, CTE budget) through the partial index card_stacks_spare (newest
 * accounts first). Which copy to offer is chosen at the end, for the pairs shown only.
 */
const SPARE_HOLDERS = `
  mutual_cand AS MATERIALIZED (
    SELECT ${CANDIDATE_COLUMNS} FROM users u WHERE u.id = ANY(${idsOf("wanted_mine")}) AND ${ELIGIBLE("u")}
  ),
  mutual_offers AS MATERIALIZED (${openOffersOf("mutual_cand")}),
  theirs_mutual AS MATERIALIZED (${sparesOfCandidates("mutual_cand", "mutual_offers")}),
  -- The one-sided budget for the rows the mutual side leaves (game/tradeFinder.ts, PER_CARD_TABLE).
  budget AS MATERIALIZED (
    SELECT (CAST('${PER_CARD_TABLE}' AS int[]))[
        least(greatest(CAST(:offset AS int) + CAST(:limit AS int) - m.n, 0), ${ONE_SIDED_ROWS_CAP}) * ${WISHLIST_MAX + 1} + w.n + 1] AS per_card
    FROM (SELECT count(*)::int AS n FROM want) w, (SELECT count(DISTINCT user_id)::int AS n FROM theirs_mutual) m
  ),
  other_cand AS MATERIALIZED (
    SELECT ${CANDIDATE_COLUMNS} FROM users u
    WHERE u.id IN (
        SELECT h.user_id FROM want w CROSS JOIN LATERAL (
          SELECT s.user_id FROM card_stacks s WHERE ${same("s", "w")} AND ${spareHint("s")} AND s.user_id <> :me
          ORDER BY s.user_id DESC LIMIT (SELECT per_card FROM budget)
        ) h
        -- Evaluated once, first: a page the mutual side fills never reads the rest.
        WHERE (SELECT count(DISTINCT user_id) FROM theirs_mutual) < CAST(:offset AS int) + CAST(:limit AS int)
      )
      AND u.id NOT IN (SELECT user_id FROM mutual_cand) AND ${ELIGIBLE("u")}
  ),
  other_offers AS MATERIALIZED (${openOffersOf("other_cand")}),
  theirs AS MATERIALIZED (
    SELECT * FROM theirs_mutual
    UNION ALL ${sparesOfCandidates("other_cand", "other_offers")}
  ),
  cand AS (SELECT * FROM mutual_cand UNION ALL SELECT * FROM other_cand)`;

/**
 * CTE `want`: my wanted cards with their points (stored with the wish, migration
 * 20261129500000), when `gate` (SQL) holds. Read in the statement itself: sending the wishlist
 * in as 30 kB of JSON was most of a matches call's cost in the API.
 */
const want = (gate = "true") => `want AS MATERIALIZED (
    SELECT ${COLS.map(q).join(", ")}, created_at, points FROM trade_wishes WHERE user_id = :me AND ${gate}
  )`;

/**
 * CTE `want` for matches: my wanted cards (when I may trade), numbered (wid) in the order of their
 * identity columns, so that ordering by wid orders by the card. The statement carries the number
 * from the candidates to the page and reads the card's columns for the shown pairs only.
 */
const NUMBERED_WANT = `want AS MATERIALIZED (
    SELECT row_number() OVER (ORDER BY ${COLS.map(q).join(", ")})::int AS wid, ${COLS.map(q).join(", ")}, points
    FROM trade_wishes WHERE user_id = :me AND EXISTS (SELECT 1 FROM may)
  )`;

/** CTE `my_open`: my cards in my open offers (offered by me or asked of me). */
const MY_OPEN = `
  my_open AS (
    SELECT offered_card_id AS id FROM trades WHERE from_user_id = :me AND status = 'pending' AND expires_at > :now
    UNION SELECT requested_card_id FROM trades WHERE to_user_id = :me AND status = 'pending' AND expires_at > :now
  )`;

/** CTEs `my_open` and `my_cards` (my copies per identity). */
const MY_CARDS = `${MY_OPEN},
  my_cards AS (
    SELECT ${cols("c")}, count(*)::int AS copies, max(c.points)::int AS points,
      coalesce(array_agg(c.id ORDER BY c.id) FILTER (WHERE o.id IS NOT NULL), '{}') AS offer_ids,
      min(c.id) FILTER (WHERE o.id IS NULL) AS card_id
    FROM cards c LEFT JOIN my_open o ON o.id = c.id
    WHERE c.user_id = :me
    GROUP BY ${cols("c")}
  ),
  my_keeps AS (
    SELECT m.*, coalesce(k.keep_count, :defaultKeep) AS keep, coalesce(k.not_for_trade, false) AS not_for_trade
    FROM my_cards m LEFT JOIN card_stacks k ON k.user_id = :me AND ${same("k", "m")}
  )`;

export interface IdentityRow extends Card {
  points: number;
}

export const identityWhere = (userId: number, card: Card) => ({ user_id: userId, ...cardIdentityColumns(card) });

export interface WishRow {
  card: Card;
  createdAt: Date;
  owners: number;
}

/**
 * My wishlist, newest first, with the number of other players holding a spare of each card who
 * show in matches (the players a Matches search could offer for it, before the trading rules).
 */
export async function wishlistOf(db: Db | Trx, userId: number, now: Date, only?: Card): Promise<WishRow[]> {
  const { rows } = await db.raw(
    `WITH ${want(only ? COLS.map((c) => `${q(c)} = :${c}`).join(" AND ") : "true")}
     SELECT w.*, (SELECT count(*) FROM (
         SELECT 1 FROM card_stacks s JOIN users u ON u.id = s.user_id AND u.show_in_matches
         WHERE ${same("s", "w")} AND ${spareHint("s")} AND s.user_id <> :me AND ${spareAfterOffers("s", copiesInOpenOffers("s"))} > 0
         LIMIT :cap) o)::int AS owners
     FROM want w
     ORDER BY w.created_at DESC, ${cols("w")}`,
    { me: userId, now, cap: OWNERS_COUNT_CAP, ...(only ? identityWhere(userId, only) : {}) },
  );
  return rows.map((r: Record<string, any>) => ({ card: cardOfRow(r), createdAt: new Date(r.created_at), owners: Number(r.owners) }));
}

export interface SpareRow {
  card: Card;
  points: number;
  copies: number;
  keep: number;
  notForTrade: boolean;
  offerIds: number[];
  freeCardId: number | null;
}

/** Every identity I own with copies, kept count, copies in open offers and one free copy, highest points first. */
export async function sparesOf(db: Db | Trx, userId: number, now: Date): Promise<SpareRow[]> {
  const { rows } = await db.raw(
    `WITH ${MY_CARDS}
     SELECT * FROM my_keeps ORDER BY points DESC, character, background, "set", is_holo, is_glitch, is_dark_holo`,
    { me: userId, now, defaultKeep: DEFAULT_KEEP },
  );
  return rows.map((r: Record<string, any>) => ({
    card: cardOfRow(r),
    points: Number(r.points),
    copies: Number(r.copies),
    keep: Number(r.keep),
    notForTrade: r.not_for_trade,
    offerIds: (typeof r.offer_ids === "string" ? r.offer_ids.replace(/[{}]/g, "").split(",").filter(Boolean) : r.offer_ids).map(Number),
    freeCardId: r.card_id === null ? null : Number(r.card_id),
  }));
}

export interface MatchPairRow {
  theirs: IdentityRow & { cardId: number };
  mine: IdentityRow & { cardId: number; inOpenOffers: number };
  theyWantMine: boolean;
  lopsided: boolean;
}

export interface MatchRow {
  userId: number;
  displayName: string | null;
  createdAt: Date;
  signupNetwork: string | null;
  packsOpened: number;
  mutual: boolean;
  wantedCards: number;
  fair: boolean;
  pairs: MatchPairRow[];
}

/**
 * A shown pair as the statement sends it: their card's identity columns, points and copy id (0-7),
 * then mine: identity columns, points, copy id, copies in open offers (8-16), then they want mine
 * and lopsided (17, 18). Arrays: naming every field of a hundred pairs was a tenth of the statement.
 */
const pairCardOf = (p: unknown[], at: number): IdentityRow => ({
  character: String(p[at]),
  background: p[at + 1] as string,
  set: Number(p[at + 2]),
  isHolo: Boolean(p[at + 3]),
  isGlitch: Boolean(p[at + 4]),
  isDarkHolo: Boolean(p[at + 5]),
  points: Number(p[at + 6]),
});

/**
 * Players to trade with, best first (issue 48): those who hold a spare I want and want a spare of
 * mine (mutual), then those who hold a spare I want (paired with my spare nearest in points); by
 * wanted cards covered, then fairness (a pair within RULES.md's lopsided ratio), then how recently
 * the player was active (users.updated_at: every pack, trade and daily visit writes it).
 *
 * Left out, as the trading rules would refuse the offer or its accept: players not unlocked,
 * over today's accepted-trade cap, blocked or blocking me, hidden from matches; on the same
 * network within a week of my sign-up, the lopsided pairs (and the player if no pair is left).
 * The statement reads my standing too, and ranks only when I may trade; the caller decides with
 * the rule functions, and re-checks each row with them.
 *
 * Candidates are bounded (SPARE_HOLDERS, game/tradeFinder.ts): every holder of a common card
 * cannot be ranked in time. EXPLAIN (ANALYZE, BUFFERS), PostgreSQL 15, bench/tradeFinderExplain.ts
 * at 100,000 players, 5M cards (3.8M stacks, 774k with a spare), 500k wishes, a player wanting 200
 * cards (about 1,200 spare holders each) and sparing 8:
 * - want: my 200 trade_wishes rows (their points stored), numbered; my_spares: card_stacks_user_spare;
 *   wanted_mine: trade_wishes_identity per spare card, a budget of ~60 players shared out;
 * - my_blocks: both player_blocks indexes once; mutual_cand: one users_pkey scan over the
 *   candidates' ids (= ANY); theirs_mutual: one card_stacks_user_spare scan over them (Heap
 *   Fetches: 0), one hash join with want, their open offers in one trades scan a direction;
 * - other_cand: a One-Time Filter, never executed when the mutual side fills the page;
 * - the one-sided pairs look their partner up in two jsonb maps (nearest, mutual_users): a join on
 *   CTEs the planner estimates at 1 row became a nested loop of 26 s at 3,000 players;
 * - the daily cap: trades_accepted_from / _to over the candidates' ids, top-N heapsort; the
 *   shown pairs ranked in one window, each pair's copy an index-only probe of cards_owner_identity.
 * A scan per candidate (a subplan or a lateral) cost its node's start and end each time: one scan
 * over the ids does the same descents for a fraction (bench/NOTES.md, 2026-11-30 evening).
 * No sequential scan. Before the stacks and the bounds: 4.3-5.8 s a call (every holder grouped
 * from cards); now ~5 ms with the plan prepared (planning alone was ~20 ms). bench/NOTES.md.
 */
let matchesSql: string | undefined;

/** Trades player `id` (SQL) took part in that were accepted since :dayStart: the daily cap's count (trades_accepted_from / _to). */
const acceptedTodaySql = (id: string) => `((SELECT count(*) FROM trades t WHERE t.from_user_id = ${id} AND t.accepted_at >= :dayStart)
        + (SELECT count(*) FROM trades t WHERE t.to_user_id = ${id} AND t.accepted_at >= :dayStart))`;

/**
 * One statement, one round trip: my standing (account age, packs, trades accepted today), and when
 * I may trade, the ranked page with each pair's copy to ask for. Each round trip on this machine
 * cost the API about as much CPU as the ranking costs PostgreSQL (EXPLAIN: bench/NOTES.md).
 */
export function matchesStatement(userId: number, unlock: TradeUnlock, now: Date, page: { limit: number; offset: number }) {
  // The same text for every call: built once (building it per request was a tenth of its API CPU).
  const sql = (matchesSql ??= `
  WITH me AS MATERIALIZED (
    SELECT u.id, u.created_at, u.signup_network, ${packsOpenedSql("u")} AS packs,
      ${acceptedTodaySql("u.id")}::int AS accepted_today
    FROM users u WHERE u.id = :me
  ),
  -- Matches only for a player who may trade now (the route has the last word, with canTrade).
  may AS MATERIALIZED (
    SELECT 1 FROM me WHERE me.created_at <= :unlockedBefore AND me.packs >= :minPacks AND me.accepted_today < :dailyCap
  ),
  ${NUMBERED_WANT},
  -- My spare stacks (card_stacks_user_spare), less my copies in open offers, each with a free copy
  -- and its points, numbered (sid) in the order of that copy's id; wid: the same card in want.
  ${MY_OPEN},
  my_spares AS MATERIALIZED (
    SELECT row_number() OVER (ORDER BY s.card_id)::int AS sid, s.*, w.wid FROM (
      SELECT ${cols("s")}, f.points, f.id AS card_id, o.in_offers, ${copiesOf("s")} - s.keep_count - o.in_offers AS spare
      FROM card_stacks s
      CROSS JOIN LATERAL (
        SELECT count(*)::int AS in_offers FROM cards c JOIN my_open m ON m.id = c.id WHERE c.user_id = :me AND ${same("c", "s")}
      ) o
      CROSS JOIN LATERAL (
        SELECT c.id, c.points FROM cards c WHERE c.user_id = :me AND ${same("c", "s")} AND c.id NOT IN (SELECT id FROM my_open) ORDER BY c.id LIMIT 1
      ) f
      WHERE s.user_id = :me AND ${spareHint("s")} AND EXISTS (SELECT 1 FROM may)
    ) s LEFT JOIN want w ON ${same("w", "s")}
    WHERE s.spare > 0
  ),
  mutual_budget AS MATERIALIZED (
    SELECT greatest(:minMutualPerCard, CAST(:mutualBudget AS int) / greatest(count(*), 1)) AS per_card FROM my_spares
  ),
  wanted_mine AS MATERIALIZED (
    SELECT tw.user_id, s.sid, s.wid AS swid, s.points
    FROM my_spares s CROSS JOIN LATERAL (
      SELECT tw.user_id FROM trade_wishes tw WHERE ${same("tw", "s")} AND tw.user_id <> :me ORDER BY tw.user_id DESC LIMIT (SELECT per_card FROM mutual_budget)
    ) tw
  ),
  ${MY_BLOCKS},
  ${SPARE_HOLDERS},
  -- From here on a card is its number: wid in want (theirs), sid in my_spares (mine). Same card: wid = swid.
  -- The CTE row estimates are guesses (1 row); the one-sided branch therefore looks its
  -- partners up in two small maps instead of joining: a nested loop over the misestimated CTEs
  -- took 25 s at 3,000 players.
  -- Players with a mutual pair (a card for another card): they get no one-sided pairs.
  mutual_users AS MATERIALIZED (
    SELECT coalesce(jsonb_object_agg(user_id::text, true), '{}') AS m
    FROM (SELECT DISTINCT t.user_id FROM theirs t JOIN wanted_mine w ON w.user_id = t.user_id AND t.wid IS DISTINCT FROM w.swid) d
  ),
  -- Per card of theirs, my spare nearest in points: [sid, points].
  nearest AS MATERIALIZED (
    SELECT coalesce(jsonb_object_agg(x.wid::text, jsonb_build_array(n.sid, n.points)), '{}') AS m
    FROM (SELECT DISTINCT t.wid, t.points FROM theirs t) x
    CROSS JOIN LATERAL (
      SELECT s.sid, s.points FROM my_spares s
      WHERE s.wid IS DISTINCT FROM x.wid
      ORDER BY greatest(s.points, x.points)::float8 / greatest(least(s.points, x.points), 1), s.points DESC, s.card_id
      LIMIT 1
    ) n
  ),
  pairs AS (
    SELECT t.user_id, t.wid, t.points AS t_points, w.sid, w.points AS m_points, true AS they_want
    FROM theirs t JOIN wanted_mine w ON w.user_id = t.user_id
    -- A card for the same card is no trade.
    WHERE t.wid IS DISTINCT FROM w.swid
    UNION ALL
    SELECT t.user_id, t.wid, t.points, (l.n->>0)::int, (l.n->>1)::int, false
    FROM theirs t
    CROSS JOIN LATERAL (SELECT (SELECT m FROM nearest) -> t.wid::text AS n) l
    WHERE l.n IS NOT NULL AND NOT jsonb_exists((SELECT m FROM mutual_users), t.user_id::text)
  ),
  -- Candidates passed the player rules already (ELIGIBLE); the pair rule is here.
  allowed AS MATERIALIZED (
    SELECT user_id, wid, t_points, sid, m_points, they_want, lopsided, spread FROM (
      SELECT p.*,
        greatest(p.t_points, p.m_points) > :ratio * greatest(least(p.t_points, p.m_points), 0) AS lopsided,
        greatest(p.t_points, p.m_points)::float8 / greatest(least(p.t_points, p.m_points), 1) AS spread,
        (u.signup_network IS NOT NULL AND u.signup_network = me.signup_network
          AND abs(extract(epoch FROM u.created_at - me.created_at)) * 1000 <= :window) AS same_owner
      FROM pairs p JOIN cand u ON u.user_id = p.user_id CROSS JOIN me
    ) j WHERE NOT (same_owner AND lopsided)
  ),
  -- Rank every candidate on light aggregates of numbers; the cards and their copies for the page only.
  ranked AS (
    SELECT user_id, bool_or(they_want) AS mutual,
      (count(DISTINCT wid) + count(DISTINCT sid) FILTER (WHERE they_want))::int AS wanted,
      bool_or(NOT lopsided) AS fair
    FROM allowed GROUP BY user_id
  ),
  -- The daily cap: the candidates' trades accepted today, in one index scan a direction.
  accepted_today AS MATERIALIZED (
    SELECT a.user_id, count(*) AS n FROM (
      SELECT t.from_user_id AS user_id FROM trades t WHERE t.from_user_id = ANY(${idsOf("cand")}) AND t.accepted_at >= :dayStart
      UNION ALL SELECT t.to_user_id FROM trades t WHERE t.to_user_id = ANY(${idsOf("cand")}) AND t.accepted_at >= :dayStart
    ) a GROUP BY a.user_id
  ),
  page AS MATERIALIZED (
    SELECT r.*, u.display_name, u.active_at, u.created_at, u.signup_network, u.packs
    FROM ranked r JOIN cand u ON u.user_id = r.user_id LEFT JOIN accepted_today a ON a.user_id = r.user_id
    WHERE coalesce(a.n, 0) < :dailyCap
    ORDER BY r.mutual DESC, r.wanted DESC, r.fair DESC, u.active_at DESC, r.user_id
    LIMIT :limit OFFSET :offset
  ),
  -- Each page row's best pairs, ranked in one pass (wid and sid order as the cards and my copies' ids do).
  shown_pairs AS MATERIALIZED (
    SELECT * FROM (
      SELECT a.user_id, a.wid, a.sid, a.they_want, a.lopsided,
        row_number() OVER (PARTITION BY a.user_id ORDER BY a.they_want DESC, a.lopsided, a.spread, a.t_points DESC, a.wid, a.sid) AS rank
      FROM allowed a WHERE a.user_id IN (SELECT user_id FROM page)
    ) r WHERE r.rank <= ${PAIRS_PER_MATCH}
  ),
  -- A pair as an array (pairCardOf reads it), with the copy it asks for: their lowest-id copy in none of their open offers.
  shown AS MATERIALIZED (
    SELECT sp.user_id, json_agg(json_build_array(
        ${cols("w")}, w.points,
        (SELECT min(c.id) FROM cards c WHERE c.user_id = sp.user_id AND ${same("c", "w")} AND NOT ${inOpenOffer("c")}),
        ${cols("s")}, s.points, s.card_id, s.in_offers, sp.they_want, sp.lopsided) ORDER BY sp.rank) AS pairs
    FROM shown_pairs sp JOIN want w ON w.wid = sp.wid JOIN my_spares s ON s.sid = sp.sid
    GROUP BY sp.user_id
  )
  -- My standing comes with every row, and alone (no match columns) when there is no match.
  SELECT me.created_at AS me_created_at, me.signup_network AS me_signup_network, me.packs AS me_packs, me.accepted_today AS me_accepted_today,
    p.user_id, p.display_name, p.created_at, p.signup_network, p.packs, p.mutual, p.wanted, p.fair, p.active_at, sh.pairs
  FROM me LEFT JOIN (page p JOIN shown sh ON sh.user_id = p.user_id) ON true
  ORDER BY p.mutual DESC, p.wanted DESC, p.fair DESC, p.active_at DESC, p.user_id`);
  const bindings = {
    me: userId,
    now,
    mutualBudget: mutualCandidateBudget(page.offset + page.limit),
    minMutualPerCard: MIN_MUTUAL_PER_CARD,
    ratio: LOPSIDED_RATIO,
    window: SAME_NETWORK_WINDOW_MS,
    unlockedBefore: new Date(now.getTime() - unlock.minAccountAgeMs),
    minPacks: unlock.minPacksOpened,
    dayStart: utcDayStart(now),
    dailyCap: ACCEPTED_TRADES_PER_DAY,
    limit: page.limit,
    offset: page.offset,
  };
  return { sql, bindings };
}

/** What the trading rules need of me: read in the matches statement. */
export interface MatchesStanding {
  createdAt: Date;
  signupNetwork: string | null;
  packsOpened: number;
  acceptedToday: number;
}

export async function matchesOf(
  db: Db,
  userId: number,
  unlock: TradeUnlock,
  now: Date,
  page: { limit: number; offset: number },
): Promise<{ standing: MatchesStanding | null; matches: MatchRow[] }> {
  const { sql, bindings } = matchesStatement(userId, unlock, now, page);
  // Prepared once per connection: planning this statement took longer than running it (~20 ms).
  const { text, values } = positional(sql, bindings);
  const rows = await runPrepared<Record<string, any>>(db, { name: "trade_matches", text }, values);
  const first = rows[0];
  const standing: MatchesStanding | null = first
    ? { createdAt: new Date(first.me_created_at), signupNetwork: first.me_signup_network, packsOpened: Number(first.me_packs), acceptedToday: Number(first.me_accepted_today) }
    : null;
  const matches = rows
    .filter((r) => r.user_id !== null)
    .map((r: Record<string, any>) => {
      const pairs = (typeof r.pairs === "string" ? JSON.parse(r.pairs) : r.pairs) as unknown[][];
      return {
        userId: Number(r.user_id),
        displayName: r.display_name,
        createdAt: new Date(r.created_at),
        signupNetwork: r.signup_network,
        packsOpened: Number(r.packs),
        mutual: r.mutual,
        wantedCards: Number(r.wanted),
        fair: r.fair,
        pairs: pairs
          .map((p) => ({
            theirs: { ...pairCardOf(p, 0), cardId: Number(p[7] ?? 0) },
            mine: { ...pairCardOf(p, 8), cardId: Number(p[15]), inOpenOffers: Number(p[16]) },
            theyWantMine: Boolean(p[17]),
            lopsided: Boolean(p[18]),
          }))
          // Every free copy went into an offer since the stacks were read: nothing to ask for.
          .filter((p) => p.theirs.cardId > 0),
      } satisfies MatchRow;
    })
    .filter((m) => m.pairs.length > 0);
  return { standing, matches };
}

const positionalTexts = new Map<string, { text: string; names: string[] }>();

/** `:name` bindings as `$n` (in order of first use) with their values, for a prepared statement; each text converted once. */
function positional(sql: string, bindings: Record<string, unknown>): { text: string; values: unknown[] } {
  let converted = positionalTexts.get(sql);
  if (!converted) {
    const names: string[] = [];
    const text = sql.replace(/(?<![:\w]):([A-Za-z]\w*)/g, (_, name: string) => {
      if (!names.includes(name)) names.push(name);
      return `$${names.indexOf(name) + 1}`;
    });
    positionalTexts.set(sql, (converted = { text, names }));
  }
  return {
    text: converted.text,
    values: converted.names.map((name) => {
      if (!(name in bindings)) throw new Error(`no binding for :${name}`);
      return bindings[name];
    }),
  };
}
