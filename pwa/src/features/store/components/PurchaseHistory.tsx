import { useId, useState } from "react";
import type { PurchaseHistoryItemDto } from "@contract/store";
import { formatNumber } from "../../../lib/format";
import { useQueryOffline } from "../../../lib/queryOffline";
import { Button } from "../../../lib/ui/Button";
import { CurrencyIcon } from "../../../lib/ui/CurrencyIcon";
import { ErrorBanner } from "../../../lib/ui/ErrorBanner";
import { Icon } from "../../../lib/ui/Icon";
import { OfflineState } from "../../../lib/ui/OfflineState";
import { MSG } from "@contract/messages";
import { usePurchaseHistory, useTestRefund } from "../hooks";
import { awardedParts, formatCents, reversedParts, statusLabel, statusTone } from "../storeRules";

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

const formatWhen = (iso: string | null): string | null => {
  if (!iso) return null;
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? iso : dateTime.format(at);
};

/** SPEC.md section 2: the collapsible Purchase History with its count badge and refresh. */
export function PurchaseHistory({ userId, open, onToggle, online, testMode }: { userId: number; open: boolean; onToggle: () => void; online: boolean; testMode: boolean }) {
  const history = usePurchaseHistory(userId);
  const testRefund = useTestRefund(userId);
  const view = useQueryOffline(history);
  const bodyId = useId();
  const items = history.data;
  return (
    <section className={`store-history${open ? " is-open" : ""}`} aria-labelledby="store-history-title">
      <div className="store-history__head">
        <h2 id="store-history-title">
          <button type="button" className="store-history__toggle" aria-expanded={open} aria-controls={bodyId} onClick={onToggle}>
            <Icon name="clock" size={18} className="icon-clock" />
            <span>Purchase History</span>
            {items && (
              <span className="store-history__count">
                {items.length}
                <span className="visually-hidden"> {items.length === 1 ? "purchase" : "purchases"}</span>
              </span>
            )}
            <svg className="store-history__chevron" width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
              <path d="m6 9 6 6 6-6" />
            </svg>
          </button>
        </h2>
        <Button
          variant="ghost"
          size="sm"
          className="store-history__refresh"
          icon={<Icon name="refresh" size={16} className={history.isFetching ? "is-spinning" : undefined} />}
          onClick={() => void history.refetch()}
          disabled={history.isFetching || !online}
          aria-label="Refresh purchase history"
        >
          <span className="store-history__refresh-text">Refresh</span>
        </Button>
      </div>
      <div id={bodyId} className="store-history__body" hidden={!open}>
        {view.error && <ErrorBanner>{view.error.message}</ErrorBanner>}
        {testRefund.error && <ErrorBanner>{testRefund.error}</ErrorBanner>}
        <OfflineState view={view} />
        {view.loading && (
          <p className="store-muted" role="status">
            Loading purchase history...
          </p>
        )}
        {items && items.length === 0 && <p className="store-muted">No purchases yet. Coins and gems you buy show up here.</p>}
        {items && items.length > 0 && (
          <ul className="store-history__list">
            {items.map((item) => (
              <HistoryRow
                key={item.id}
                item={item}
                onTestRefund={testMode && online && item.test && item.status === "completed" ? () => void testRefund.refund(item.paymentIntentId) : undefined}
                refunding={testRefund.busyId === item.paymentIntentId}
              />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

function HistoryRow({ item, onTestRefund, refunding }: { item: PurchaseHistoryItemDto; onTestRefund?: () => void; refunding: boolean }) {
  const tone = statusTone(item.status);
  const parts = awardedParts(item);
  const takenBack = reversedParts(item);
  // RULES.md: a payment counts when it was taken (its capture); the checkout's time shows where it differs.
  const paid = formatWhen(item.paidAt);
  const checkout = formatWhen(item.createdAt);
  return (
    <li className="store-history__item" data-testid="purchase-row">
      <div className="store-history__what">
        <span className="store-history__name">{item.packageDetails.name}</span>
        <time dateTime={item.paidAt ?? item.createdAt} data-testid="purchase-time">
          {paid ? `Paid ${paid}` : checkout}
        </time>
        {paid && paid !== checkout && (
          <time dateTime={item.createdAt} className="store-history__checkout" data-testid="purchase-checkout-time">
            Checkout {checkout}
          </time>
        )}
        {item.test && <span className="store-history__test">{MSG.testPurchase}</span>}
      </div>
      <div className="store-history__awarded">
        {parts.map((p) => (
          <span key={p.kind}>
            <CurrencyIcon kind={p.kind} size={16} /> +{formatNumber(p.amount)}
            <span className="visually-hidden">{p.kind === "coin" ? " coins" : " gems"}</span>
          </span>
        ))}
        {takenBack.map((p) => (
          <span key={`back-${p.kind}`} className="store-history__taken">
            <CurrencyIcon kind={p.kind} size={16} /> -{formatNumber(p.amount)}
            <span className="visually-hidden">{p.kind === "coin" ? " coins taken back" : " gems taken back"}</span>
          </span>
        ))}
      </div>
      <span className="store-history__amount">{formatCents(item.amountUsd)}</span>
      <span className={`store-status store-status--${tone}`}>{statusLabel(item.status)}</span>
      {onTestRefund && (
        <Button variant="ghost" size="sm" className="store-history__refund" onClick={onTestRefund} disabled={refunding}>
          {refunding ? "Refunding..." : "Refund (test)"}
        </Button>
      )}
    </li>
  );
}
