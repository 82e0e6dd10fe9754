import { createFileRoute } from "@tanstack/react-router";
import { useState } from "react";
import { MSG } from "@contract/messages";
import type { CardSet } from "../../../api/src/game/sets";
import { PackCard } from "../features/packs/components/PackCard";
import { PackRatesDialog } from "../features/packs/components/PackRatesDialog";
import { PackRevealOverlay } from "../features/packs/components/PackRevealOverlay";
import { usePackOpening } from "../features/packs/hooks";
import { useRevealRehearsal, useRevealWarmUp } from "../features/packs/useRevealWarmUp";
import { InstallOffer } from "../install/components/InstallOffer";
import { canAfford, canOpenAnother, PACK_SETS, pityOf } from "../features/packs/packRules";
import "../features/packs/components/packs.css";
import { useLowEffects } from "../lib/lowEffects";
import { useSignedInUser } from "../lib/session";
import { ErrorBanner, NoticeBanner } from "../lib/ui/ErrorBanner";
import { useOnlineStatus } from "../lib/useOnlineStatus";
import { usePageTitle } from "../lib/usePageTitle";

export const Route = createFileRoute("/")({
  component: PacksView,
});

const ignore = () => {};

/** SPEC.md section 2, pack opening screen: the seven packs, their rates, and the reveal. */
function PacksView() {
  usePageTitle("Packs");
  const user = useSignedInUser();
  const online = useOnlineStatus();
  const packs = usePackOpening();
  const [ratesFor, setRatesFor] = useState<CardSet | null>(null);
  const [lowEffects, setLowEffects] = useLowEffects();

  // PixiJS, the stage and its shaders (and the sounds) warm up in idle time while the player looks at the packs.
  useRevealWarmUp();
  const rehearsal = useRevealRehearsal();
  // The reveal's next pack is paid from the balance the server gave with these cards.
  const payer = packs.reveal?.balance ? { ...user, ...packs.reveal.balance } : user;

  return (
    <section className="packs" aria-labelledby="packs-title">
      <header className="packs__head">
        <h1 id="packs-title" className="packs__title">
          Card Packs
        </h1>
        <p className="packs__lede">Tear open a pack: three cards, each with a shot at holo, glitch or dark holo foil.</p>
        {/* ARCHITECTURE.md, Effects: a low-effects setting for phones that struggle (kept on this device). */}
        <button
          type="button"
          className="packs__effects"
          aria-pressed={lowEffects}
          onClick={() => setLowEffects(!lowEffects)}
        >
          <span className="packs__effects-dot" aria-hidden="true" />
          Low effects
        </button>
      </header>

      {!online && <NoticeBanner icon="offline">{MSG.packsOfflineNotice}</NoticeBanner>}
      <ErrorBanner className="packs__error">{packs.error}</ErrorBanner>
      <InstallOffer user={user} />

      <div className="packs__grid">
        {PACK_SETS.map((set) => (
          <PackCard
            key={set.id}
            set={set}
            user={user}
            opening={packs.opening.has(set.id)}
            offline={!online}
            onOpen={packs.open}
            onShowRates={setRatesFor}
          />
        ))}
      </div>

      <PackRatesDialog set={ratesFor} pity={ratesFor && pityOf(user, ratesFor.id)} onClose={() => setRatesFor(null)} />
      {rehearsal && !packs.reveal && (
        <PackRevealOverlay rehearsal={rehearsal.phase} reveal={rehearsal.reveal} canOpenAnother onAwesome={ignore} onOpenAnother={ignore} />
      )}
      {packs.reveal && (
        <PackRevealOverlay
          reveal={packs.reveal}
          canOpenAnother={online && (packs.reveal.count === 1 ? canOpenAnother(payer, packs.reveal.set) : canAfford(payer, packs.reveal.set, packs.reveal.count))}
          onAwesome={packs.closeReveal}
          onOpenAnother={packs.openAnother}
        />
      )}
    </section>
  );
}
