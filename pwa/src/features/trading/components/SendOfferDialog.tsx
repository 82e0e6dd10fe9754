import type { CardIdentityDto } from "@contract/cards";
import { Button } from "../../../lib/ui/Button";
import { Dialog } from "../../../lib/ui/Dialog";
import { tradeBalance } from "../tradingModel";
import { ConfirmTradeButton, TradeValues } from "./TradeBalance";
import { TradePair } from "./TradeCard";

export interface OfferDraft {
  /** My card, and its points. */
  give: CardIdentityDto & { points: number };
  /** Their card, and its points. */
  get: CardIdentityDto & { points: number };
  partner: string;
}

/**
 * 'Confirm Trade' before an offer is sent (SPEC.md section 2): both cards, the partner, both
 * sides' points, and the second tap an uneven trade needs. The offer picker and Matches use it.
 */
export function SendOfferDialog({ draft, onClose, onConfirm, sending, online }: { draft: OfferDraft | null; onClose: () => void; onConfirm: () => void; sending: boolean; online: boolean }) {
  const balance = draft ? tradeBalance(draft.give.points, draft.get.points) : null;
  return (
    <Dialog
      open={draft !== null}
      onClose={onClose}
      dismissible={!sending}
      title="Confirm Trade"
      size="md"
      footer={
        <>
          <Button variant="ghost" onClick={onClose} disabled={sending}>
            Cancel
          </Button>
          {balance && <ConfirmTradeButton balance={balance} label="Send Trade Offer" onConfirm={onConfirm} disabled={!online} busy={sending} busyLabel="Sending..." />}
        </>
      }
    >
      {draft && balance && (
        <TradePair left={[draft.give, "You offer"]} right={[draft.get, "For their"]} className="trade-swap">
          <p className="trade-swap__partner">
            Trading with <strong>{draft.partner}</strong>
          </p>
          <TradeValues balance={balance} />
        </TradePair>
      )}
    </Dialog>
  );
}
