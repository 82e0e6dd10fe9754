import type { UserDto } from "@contract/user";
import { formatNumber, formatTimeLeft } from "../../../lib/format";
import { CurrencyIcon } from "../../../lib/ui/CurrencyIcon";
import { Icon } from "../../../lib/ui/Icon";
import { COIN_CAP } from "../../../../../api/src/game/coins";
import { useCoinTimer } from "../hooks";

/** Coins with the countdown to the next one, and gems. */
export function Wallet({ user }: { user: Pick<UserDto, "coins" | "gems" | "nextCoinAt"> }) {
  return (
    <div className="wallet" role="group" aria-label="Your balance">
      <span className="wallet__pill wallet__pill--coins">
        <CurrencyIcon kind="coin" size={22} />
        <span className="wallet__amount">{formatNumber(user.coins)}</span>
        <span className="visually-hidden">coins</span>
        <CoinTimer user={user} />
      </span>
      <span className="wallet__pill wallet__pill--gems">
        <CurrencyIcon kind="gem" size={22} />
        <span className="wallet__amount">{formatNumber(user.gems)}</span>
        <span className="visually-hidden">gems</span>
      </span>
    </div>
  );
}

/** SPEC.md section 4, coin timer: '50/50' at the cap, else minutes or seconds to the next coin. */
function CoinTimer({ user }: { user: Pick<UserDto, "coins" | "nextCoinAt"> }) {
  const state = useCoinTimer(user);
  let text: string;
  let label: string;
  if (state.kind === "full") {
    text = `${COIN_CAP}/${COIN_CAP}`;
    label = "Coins are full";
  } else if (state.kind === "due") {
    text = "+1";
    label = "A new coin is arriving";
  } else {
    text = state.msLeft >= 60_000 ? `${Math.ceil(state.msLeft / 60_000)}m` : formatTimeLeft(state.msLeft);
    label = `Next coin in ${text}`;
  }
  return (
    <span className="wallet__timer" title={label}>
      <Icon name="clock" size={13} />
      <span aria-hidden="true">{text}</span>
      <span className="visually-hidden">{label}</span>
    </span>
  );
}
