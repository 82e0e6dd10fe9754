import { MSG } from "@contract/messages";
import type { BattleAllowanceDto } from "@contract/battle";
import { CurrencyIcon } from "../../../lib/ui/CurrencyIcon";
import { Icon } from "../../../lib/ui/Icon";
import { BATTLE_LIVES, BATTLE_MAX_ROUNDS } from "../battleRules";
import { serverNow } from "../../../lib/serverClock";

/** The rules panel (SPEC.md section 2 and RULES.md, Battles). */
export function RulesPanel() {
  return (
    <section className="arena-panel panel" aria-labelledby="battle-rules-title">
      <h2 id="battle-rules-title" className="arena-panel__title">
        <Icon name="shield" size={18} /> Battle Rules
      </h2>
      <ul className="arena-rules">
        <li>
          <strong>{BATTLE_LIVES} lives</strong> each: lose them all and you are out
        </li>
        <li>
          Up to <strong>{BATTLE_MAX_ROUNDS} rounds</strong>, one champion per round, picked at random
        </li>
        <li>
          <strong>Higher points</strong> win the round; the loser loses a life
        </li>
        <li>
          <strong>Ties</strong> damage both players
        </li>
        <li>
          Your champions are your <strong>top 5 cards</strong>
        </li>
      </ul>
    </section>
  );
}

function resetsIn(resetTime: string, now: number): string {
  const ms = Math.max(0, Date.parse(resetTime) - now);
  const minutes = Math.ceil(ms / 60_000);
  const hours = Math.floor(minutes / 60);
  return hours > 0 ? `${hours}h ${minutes % 60}m` : `${minutes}m`;
}

/** The reward panel: what a win pays, today's cap and what is left of it (GET /battle/allowance). */
export function RewardPanel({ allowance, loading }: { allowance: BattleAllowanceDto | undefined; loading: boolean }) {
  const share = allowance ? Math.min(1, allowance.earnedToday / Math.max(1, allowance.dailyCap)) : 0;
  return (
    <section className="arena-panel arena-panel--reward panel" aria-labelledby="battle-reward-title">
      <h2 id="battle-reward-title" className="arena-panel__title">
        <CurrencyIcon kind="coin" size={20} /> Victory Reward
      </h2>
      <p className="arena-reward__headline">
        <span className="arena-reward__amount">+{allowance?.coinsPerWin ?? 1}</span> coin per win
      </p>
      {allowance ? (
        <>
          <div
            className="arena-reward__meter"
            role="progressbar"
            aria-label="Battle coins won today"
            aria-valuemin={0}
            aria-valuemax={allowance.dailyCap}
            aria-valuenow={allowance.earnedToday}
          >
            <span style={{ width: `${share * 100}%` }} />
          </div>
          <dl className="arena-reward__facts">
            <div>
              <dt>Daily cap</dt>
              <dd>{allowance.dailyCap} coins</dd>
            </div>
            <div>
              <dt>Left today</dt>
              <dd data-testid="battle-coins-left">{allowance.leftToday}</dd>
            </div>
            <div>
              <dt>Resets in</dt>
              <dd>{resetsIn(allowance.resetTime, serverNow())}</dd>
            </div>
          </dl>
          {allowance.leftToday === 0 && <p className="arena-reward__note">{MSG.battleCapReached(allowance.dailyCap)}</p>}
        </>
      ) : (
        <p className="arena-reward__note">{loading ? "Checking today's rewards..." : "Wins pay up to 20 coins a day."}</p>
      )}
    </section>
  );
}
