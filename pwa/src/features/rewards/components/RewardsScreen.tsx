import { MSG } from "@contract/messages";
import type { RewardDto } from "@contract/rewards";
import { formatNumber } from "../../../lib/format";
import { useSignedInUser } from "../../../lib/session";
import { Button } from "../../../lib/ui/Button";
import { CurrencyIcon } from "../../../lib/ui/CurrencyIcon";
import { Icon } from "../../../lib/ui/Icon";
import { NoticeBanner } from "../../../lib/ui/ErrorBanner";
import { useNow } from "../../../lib/useNow";
import { useClaimReward, useRewards } from "../hooks";
import { claimState, resetLabel } from "../rewardRules";
import "./rewards.css";

/** SPEC.md section 2, Rewards screen: the Daily and Weekly panels. */
export function RewardsScreen() {
  const user = useSignedInUser();
  const state = useRewards(user.id);
  const claim = useClaimReward(user.id);
  const now = useNow(60_000);

  return (
    <section className="rewards" aria-labelledby="rewards-title">
      <header className="rewards__head">
        <h1 id="rewards-title" className="screen-title">Rewards</h1>
        <p className="screen-lede">Play every day and every week to earn free coins.</p>
      </header>
      {state.offline && state.rewards && (
        <NoticeBanner icon="offline">{MSG.rewardsOffline(state.syncedAt ? new Date(state.syncedAt).toLocaleString() : null)}</NoticeBanner>
      )}
      {/* Online but the server did not answer: SPEC.md falls back silently to the device's record. */}
      {state.offline && !state.rewards && !state.loading && <NoticeBanner icon="offline">{MSG.rewardsNotSynced}</NoticeBanner>}
      {state.loading && (
        <p className="rewards__loading" role="status">
          Loading rewards...
        </p>
      )}
      {state.rewards && (
        <div className="rewards__panels">
          {(["daily", "weekly"] as const).map((type) => {
            const list = state.rewards!.filter((r) => r.type === type);
            const reset = list[0] ? new Date(list[0].resetTime).getTime() - now.getTime() : 0;
            return (
              <section key={type} className={`reward-panel reward-panel--${type}`} aria-labelledby={`rewards-${type}`}>
                <header className="reward-panel__head">
                  <h2 id={`rewards-${type}`}>
                    <Icon name={type === "daily" ? "clock" : "crown"} size={20} />
                    {type === "daily" ? "Daily Rewards" : "Weekly Rewards"}
                  </h2>
                  <span className="reward-panel__reset" data-testid={`${type}-reset`}>
                    {resetLabel(reset)}
                  </span>
                </header>
                <ul className="reward-panel__list">
                  {list.map((reward) => (
                    <RewardTile
                      key={reward.id}
                      reward={reward}
                      claimed={state.claimed[reward.id] === true}
                      claiming={claim.isPending && claim.variables?.id === reward.id}
                      offline={state.offline}
                      onClaim={() => claim.mutate(reward)}
                    />
                  ))}
                </ul>
              </section>
            );
          })}
        </div>
      )}
    </section>
  );
}

function RewardTile({ reward, claimed, claiming, offline, onClaim }: { reward: RewardDto; claimed: boolean; claiming: boolean; offline: boolean; onClaim: () => void }) {
  const state = claimState(reward, claimed, claiming);
  const shown = Math.min(reward.progress, reward.requirement);
  const percent = Math.round((shown / reward.requirement) * 100);
  return (
    <li className={`reward-tile is-${state}`} aria-label={reward.title}>
      <div className="reward-tile__text">
        <h3>{reward.title}</h3>
        <p>{reward.description}</p>
      </div>
      <div className="reward-tile__progress">
        <span className="reward-tile__bar" role="progressbar" aria-valuemin={0} aria-valuemax={reward.requirement} aria-valuenow={shown} aria-label={`${reward.title} progress`}>
          <span style={{ width: `${percent}%` }} />
        </span>
        <span className="reward-tile__count">
          {formatNumber(shown)}/{formatNumber(reward.requirement)}
        </span>
      </div>
      <div className="reward-tile__foot">
        <span className="reward-tile__coins">
          <CurrencyIcon kind="coin" size={18} /> {formatNumber(reward.coinReward)}
        </span>
        {state === "claimed" ? (
          <Button size="sm" variant="secondary" disabled className="reward-tile__claimed" icon={<Icon name="check" size={16} />}>
            Claimed
          </Button>
        ) : offline && state === "completable" ? (
          // Only the server pays a claim: offline the button stays, disabled, with the reason beside it.
          <span className="reward-tile__offline">
            <Button size="sm" variant="gold" disabled aria-describedby={`claim-offline-${reward.id}`}>
              Claim Reward
            </Button>
            <small id={`claim-offline-${reward.id}`}>{MSG.rewardClaimNeedsConnection}</small>
          </span>
        ) : (
          <Button size="sm" variant="gold" disabled={state === "locked"} busy={state === "claiming"} busyLabel="Claiming..." onClick={onClaim}>
            Claim Reward
          </Button>
        )}
      </div>
    </li>
  );
}
