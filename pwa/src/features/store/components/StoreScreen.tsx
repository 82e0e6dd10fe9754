import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { MSG } from "@contract/messages";
import { formatNumber } from "../../../lib/format";
import { useQueryOffline } from "../../../lib/queryOffline";
import { useSignedInUser } from "../../../lib/session";
import { Button } from "../../../lib/ui/Button";
import { CurrencyIcon } from "../../../lib/ui/CurrencyIcon";
import { ErrorBanner, NoticeBanner } from "../../../lib/ui/ErrorBanner";
import { Icon } from "../../../lib/ui/Icon";
import { OfflineState } from "../../../lib/ui/OfflineState";
import { useOnlineStatus } from "../../../lib/useOnlineStatus";
import { fetchSpendingLimit, spendingLimitKey } from "../../spending/api";
import { reservedLine, spentLine } from "../../spending/spendingRules";
import { usePackages, usePaymentsConfig, usePurchaseFlow } from "../hooks";
import { PackageGrid } from "./PackageGrid";
import { PaymentPanel } from "./PaymentPanel";
import { PurchaseHistory } from "./PurchaseHistory";
import { PurchaseSuccess } from "./PurchaseSuccess";
import "./store.css";

/** SPEC.md section 2, Store view: 'Game Store'. */
export function StoreScreen() {
  const user = useSignedInUser();
  const packages = usePackages();
  const packagesView = useQueryOffline(packages);
  const online = useOnlineStatus();
  const { payments, checking, unavailable } = usePaymentsConfig();
  const flow = usePurchaseFlow(user.id);
  const limit = useQuery({ queryKey: spendingLimitKey, queryFn: ({ signal }) => fetchSpendingLimit(signal) });
  const [historyOpen, setHistoryOpen] = useState(false);
  const stepHeading = useRef<HTMLHeadingElement>(null);

  // A new step replaces the content: bring it into view and move focus to its heading.
  const step = flow.view.step;
  useEffect(() => {
    if (step === "packages") return;
    window.scrollTo({ top: 0 });
    stepHeading.current?.focus({ preventScroll: true });
  }, [step]);

  return (
    <section className="store" aria-labelledby="store-title">
      <header className="store__head">
        <h1 id="store-title" className="screen-title">Game Store</h1>
        <p className="screen-lede">Top up your coins and gems to open more packs.</p>
        {limit.data && (
          <p className="store__spent" data-testid="store-spent">
            <Icon name="lock" size={16} /> {spentLine(limit.data)}
          </p>
        )}
        {limit.data && limit.data.reservedCents > 0 && (
          <p className="store__reserved" data-testid="store-reserved">
            {reservedLine(limit.data)}
          </p>
        )}
      </header>

      {!online && (
        <NoticeBanner icon="offline" className="store__offline">
          {MSG.storeOffline(formatNumber(user.coins), formatNumber(user.gems))}
        </NoticeBanner>
      )}
      {/* Offline the config cannot be asked for: the offline note says enough. */}
      {unavailable && online && <NoticeBanner icon="info">{MSG.paymentsUnavailable}</NoticeBanner>}
      {payments.provider === "test" && (
        <NoticeBanner icon="info" className="store__test-mode">
          <strong>TEST MODE</strong> {MSG.testModeBanner.replace(/^TEST MODE: /, "")}
        </NoticeBanner>
      )}

      {flow.view.step === "packages" && (
        <>
          {flow.error && <ErrorBanner>{flow.error}</ErrorBanner>}
          {packagesView.loading && (
            <p className="store-muted" role="status">
              Loading packages...
            </p>
          )}
          <OfflineState view={packagesView} />
          {packagesView.error && (
            <div className="store-retry">
              <ErrorBanner>{packagesView.error.message}</ErrorBanner>
              <Button size="sm" icon={<Icon name="refresh" size={16} />} onClick={() => void packages.refetch()}>
                Try again
              </Button>
            </div>
          )}
          {packages.data && packages.data.length === 0 && <p className="store-muted">No packages are on sale right now. Please check back later.</p>}
          {packages.data && packages.data.length > 0 && (
            <PackageGrid packages={packages.data} creatingId={flow.creatingId} disabled={unavailable || checking || !online} limit={limit.data} onChoose={(pkg) => void flow.choose(pkg)} />
          )}
        </>
      )}

      {flow.view.step === "payment" && (
        <PaymentPanel
          pkg={flow.view.pkg}
          payments={payments}
          processing={flow.processing}
          error={flow.error}
          onBack={flow.backToPackages}
          onPay={(confirm) => void flow.pay(confirm)}
          onFail={flow.fail}
          headingRef={stepHeading}
          online={online}
        />
      )}

      {flow.view.step === "success" && <PurchaseSuccess pkg={flow.view.pkg} result={flow.view.result} onDone={flow.backToPackages} headingRef={stepHeading} />}

      <PurchaseHistory userId={user.id} open={historyOpen} onToggle={() => setHistoryOpen((o) => !o)} online={online} testMode={payments.provider === "test"} />

      <WhyBuy />

      <footer className="store__foot">
        <p>
          <Icon name="shield" size={16} />
          {payments.provider === "test"
            ? "Test store: card payments are simulated and no money is taken."
            : "Secure payments processed by Stripe. Your card details never reach our servers."}
        </p>
        <p>
          <Icon name="info" size={16} />
          All purchases are final. Coins and gems have no cash value and cannot be refunded or exchanged.
        </p>
        <p>
          <Icon name="lock" size={16} />
          You must be 18 or older to make purchases.
        </p>
      </footer>
    </section>
  );
}

function WhyBuy() {
  return (
    <section className="store-why" aria-labelledby="store-why-title">
      <h2 id="store-why-title">
        <Icon name="sparkles" size={20} /> Why Buy Coins &amp; Gems
      </h2>
      <ul>
        <li>
          <CurrencyIcon kind="coin" size={28} />
          <div>
            <h3>More packs, sooner</h3>
            <p>Coins open packs right away, without waiting for the free coin that comes every 30 minutes.</p>
          </div>
        </li>
        <li>
          <CurrencyIcon kind="gem" size={28} />
          <div>
            <h3>The gem-only set</h3>
            <p>Gems open Sharkbite packs, the premium set whose cards are worth the most points.</p>
          </div>
        </li>
        <li>
          <Icon name="crown" size={28} className="store-why__crown" />
          <div>
            <h3>Climb the leaderboard</h3>
            <p>Every pack is a chance at a Mythic card and the points that come with it. Bigger packages add bonus coins.</p>
          </div>
        </li>
      </ul>
    </section>
  );
}
