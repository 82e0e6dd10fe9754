import { useState } from "react";
import { MSG } from "@contract/messages";
import { formatNumber } from "../../../lib/format";
import { Button } from "../../../lib/ui/Button";
import { Icon } from "../../../lib/ui/Icon";
import type { TradeBalance } from "../tradingModel";

/** Both sides' points side by side, and plainly when the player gives over 3x what they get. */
export function TradeValues({ balance }: { balance: TradeBalance }) {
  return (
    <div className={`trade-values${balance.uneven ? " is-uneven" : ""}`}>
      <p className="trade-values__row">
        <span>
          You give <strong>{formatNumber(balance.give)} pts</strong>
        </span>
        <span>
          You get <strong>{formatNumber(balance.get)} pts</strong>
        </span>
      </p>
      {balance.uneven && (
        <p className="trade-values__warning" role="status">
          <Icon name="alert" size={18} />
          {MSG.tradeUneven(formatNumber(balance.give), formatNumber(balance.get), timesText(balance.ratio))}
        </p>
      )}
    </div>
  );
}

function timesText(ratio: number): string {
  return Number.isFinite(ratio) ? formatNumber(Math.round(ratio)) : "infinitely";
}

/**
 * The dialog's confirming button. An uneven trade needs a second tap: the first turns the button
 * into 'Yes, trade anyway' (issue 13: one tap sent a 2,500-point Legendary for a 36-point card).
 * The dialog unmounts when closed, so the armed state never outlives it.
 */
export function ConfirmTradeButton({ balance, label, onConfirm, disabled, busy, busyLabel }: { balance: TradeBalance; label: string; onConfirm: () => void; disabled?: boolean; busy?: boolean; busyLabel?: string }) {
  const [armed, setArmed] = useState(false);
  const needsSecondTap = balance.uneven && !armed;
  return (
    <Button
      variant={balance.uneven ? "danger" : "primary"}
      onClick={() => (needsSecondTap ? setArmed(true) : onConfirm())}
      disabled={disabled}
      busy={busy}
      busyLabel={busyLabel}
    >
      {balance.uneven && armed ? MSG.tradeUnevenConfirm : label}
    </Button>
  );
}
