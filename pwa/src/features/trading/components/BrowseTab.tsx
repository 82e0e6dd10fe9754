import { useQuery } from "@tanstack/react-query";
import { useEffect, useId, useMemo, useState } from "react";
import type { CardDto } from "@contract/cards";
import { MSG } from "@contract/messages";
import type { OwnerEntryDto, UniqueCardDto } from "@contract/trades";
import { SETS } from "../../../../../api/src/game/sets";
import { formatNumber } from "../../../lib/format";
import { messageOf } from "../../../lib/http";
import { useQueryOffline } from "../../../lib/queryOffline";
import { useSignedInUser } from "../../../lib/session";
import { Button } from "../../../lib/ui/Button";
import { ErrorBanner } from "../../../lib/ui/ErrorBanner";
import { Icon } from "../../../lib/ui/Icon";
import { OfflineState } from "../../../lib/ui/OfflineState";
import { SelectField } from "../../../lib/ui/SelectField";
import { useDebouncedValue } from "../../../lib/useDebouncedValue";
import { useMediaQuery } from "../../../lib/useMediaQuery";
import { marketQuery, ownersQuery } from "../marketApi";
import { NO_FILTERS, backgroundOptions, characterOptions, filterMarket, identityKey, playerName, VARIANT_OPTIONS, type MarketFilters, type VariantFilter } from "../tradingModel";
import { OfferPicker } from "./OfferPicker";
import { cardLabel, TradeCard } from "./TradeCard";

/** SPEC.md section 9: under 768 px an owner row is tapped instead of a Trade button. */
const TAP_TO_TRADE_QUERY = "(max-width: 767px)";
/** Cards drawn at once; more on request, so a market of thousands stays quick. */
const PAGE = 48;

export interface TradeTarget {
  owner: OwnerEntryDto["user"];
  card: CardDto;
}

type SendOffer = (toUserId: number, offeredCardId: number, requestedCardId: number) => Promise<boolean>;

/** Browse: search and filters over every card players hold, owners per card, then the offer. */
export function BrowseTab({ send, online }: { send: SendOffer; online: boolean }) {
  const [target, setTarget] = useState<TradeTarget | null>(null);
  const [filters, setFilters] = useState<MarketFilters>(NO_FILTERS);
  if (target) return <OfferPicker target={target} onBack={() => setTarget(null)} send={send} online={online} />;
  return <MarketView filters={filters} onFilters={setFilters} onTrade={setTarget} online={online} />;
}

function MarketView({ filters, onFilters, onTrade, online }: { filters: MarketFilters; onFilters: (f: MarketFilters) => void; onTrade: (t: TradeTarget) => void; online: boolean }) {
  const market = useQuery(marketQuery);
  const view = useQueryOffline(market);
  const [search, setSearch] = useState(filters.search);
  const debounced = useDebouncedValue(search, 200);
  useEffect(() => {
    if (debounced !== filters.search) onFilters({ ...filters, search: debounced });
  }, [debounced, filters, onFilters]);
  const [limit, setLimit] = useState(PAGE);
  const [openKey, setOpenKey] = useState<string | null>(null);

  const all = market.data ?? [];
  const shown = useMemo(() => filterMarket(all, filters), [all, filters]);
  useEffect(() => setLimit(PAGE), [filters]);
  const characters = useMemo(() => characterOptions(filters.set), [filters.set]);
  const set = (patch: Partial<MarketFilters>) => onFilters({ ...filters, ...patch });
  // Phones fold the four selects behind a Filters button so the first cards are on screen.
  const [filtersOpen, setFiltersOpen] = useState(false);
  const filtersId = useId();
  const activeFilters = [filters.set !== "all", filters.character !== "all", filters.background !== "all", filters.variant !== "all"].filter(Boolean).length;

  return (
    <div className="market">
      <div className={`market__filters${filtersOpen ? " is-open" : ""}`}>
        <div className="market__search-row">
          <label className="market__search">
            <Icon name="search" size={18} />
            <span className="visually-hidden">Search cards</span>
            <input type="search" placeholder="Search cards..." value={search} onChange={(e) => setSearch(e.target.value)} />
          </label>
          <button type="button" className="market__filters-toggle" aria-expanded={filtersOpen} aria-controls={filtersId} onClick={() => setFiltersOpen((o) => !o)}>
            Filters{activeFilters > 0 ? ` (${activeFilters})` : ""}
          </button>
        </div>
        <div className="market__selects" id={filtersId}>
        <SelectField label="Set" value={String(filters.set)} onChange={(v) => set({ set: v === "all" ? "all" : Number(v), character: "all" })}>
          <option value="all">All Sets</option>
          {SETS.map((s) => (
            <option key={s.id} value={s.id}>
              {s.id} {s.name}
            </option>
          ))}
        </SelectField>
        <SelectField label="Character" value={filters.character} onChange={(v) => set({ character: v })}>
          <option value="all">All Characters</option>
          {characters.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </SelectField>
        <SelectField label="Background" value={filters.background} onChange={(v) => set({ background: v })}>
          <option value="all">All Backgrounds</option>
          {backgroundOptions().map((b) => (
            <option key={b.value} value={b.value}>
              {b.label}
            </option>
          ))}
        </SelectField>
        <SelectField label="Variant" value={filters.variant} onChange={(v) => set({ variant: v as VariantFilter })}>
          {VARIANT_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </SelectField>
        </div>
      </div>

      {view.loading && (
        <p className="trading__note" role="status">
          Loading cards...
        </p>
      )}
      <OfflineState view={view} />
      {view.error && (
        <ErrorBanner>
          {messageOf(view.error, "Failed to load cards")}{" "}
          <Button variant="ghost" size="sm" onClick={() => void market.refetch()}>
            Try Again
          </Button>
        </ErrorBanner>
      )}
      {market.isSuccess && (
        <p className="market__count" role="status">
          Showing {formatNumber(shown.length)} of {formatNumber(all.length)} unique cards
        </p>
      )}
      {market.isSuccess && all.length > 0 && (
        <p className="market__hint">
          <Icon name="info" size={16} />
          {MSG.tradeTierHint}
        </p>
      )}
      {market.isSuccess && shown.length === 0 && (
        <div className="trading__empty">
          <Icon name="search" size={32} />
          <p className="trading__empty-title">No cards found</p>
          <p>Try adjusting your filters or search terms</p>
        </div>
      )}

      <ul className="market__grid">
        {shown.slice(0, limit).map((card) => {
          const key = identityKey(card);
          return <MarketCard key={key} card={card} open={openKey === key} onToggle={() => setOpenKey(openKey === key ? null : key)} onTrade={onTrade} online={online} />;
        })}
      </ul>
      {shown.length > limit && (
        <Button variant="secondary" className="market__more" onClick={() => setLimit((n) => n + PAGE)}>
          Show more cards ({formatNumber(shown.length - limit)} left)
        </Button>
      )}
    </div>
  );
}

/** One unique card; clicking it blurs the card and lists who owns it. */
function MarketCard({ card, open, onToggle, onTrade, online }: { card: UniqueCardDto; open: boolean; onToggle: () => void; onTrade: (t: TradeTarget) => void; online: boolean }) {
  return (
    <li className={`market-card${open ? " is-open" : ""}`}>
      <button type="button" className="market-card__face" onClick={onToggle} aria-expanded={open} aria-label={`${cardLabel(card)}, ${card.count} owned. Show owners`}>
        <TradeCard card={card} />
        <span className="market-card__owned">{formatNumber(card.count)} owned</span>
      </button>
      {open && <OwnersList card={card} onClose={onToggle} onTrade={onTrade} online={online} />}
    </li>
  );
}

function OwnersList({ card, onClose, onTrade, online }: { card: UniqueCardDto; onClose: () => void; onTrade: (t: TradeTarget) => void; online: boolean }) {
  const me = useSignedInUser();
  const owners = useQuery(ownersQuery(card));
  const view = useQueryOffline(owners);
  const tapToTrade = useMediaQuery(TAP_TO_TRADE_QUERY);
  return (
    <div className="owners" role="group" aria-label={`Owners of ${cardLabel(card)}`}>
      <div className="owners__head">
        <strong>Owners</strong>
        <button type="button" className="owners__close" onClick={onClose} aria-label="Close owners">
          <Icon name="close" size={16} />
        </button>
      </div>
      {view.loading && <p className="owners__note">Loading...</p>}
      {view.error && <p className="owners__note is-error">{messageOf(view.error, "Failed to load owners")}</p>}
      <OfflineState view={view} />
      {owners.data?.length === 0 && <p className="owners__note">No owners found</p>}
      <ul className="owners__list">
        {owners.data?.map((o) => {
          const mine = o.user.id === me.id;
          const name = playerName(o.user);
          const trade = () => onTrade({ owner: o.user, card: o.card });
          const body = (
            <>
              <span className="owners__name">{mine ? `${name} (you)` : name}</span>
              <span className="owners__count">x{o.count}</span>
            </>
          );
          // The player's own entry has no Trade action (no trading with oneself).
          if (mine) return <li key={o.user.id} className="owners__row is-mine">{body}</li>;
          return tapToTrade ? (
            <li key={o.user.id}>
              <button type="button" className="owners__row is-tap" onClick={trade} disabled={!online} aria-label={`Trade with ${name}`}>
                {body}
                <Icon name="trading" size={16} />
              </button>
            </li>
          ) : (
            <li key={o.user.id} className="owners__row">
              {body}
              <Button size="sm" variant="primary" onClick={trade} disabled={!online} aria-label={`Trade with ${name}`}>
                Trade
              </Button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
