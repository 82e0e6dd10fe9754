import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { Link } from "@tanstack/react-router";
import { formatNumber } from "../../../lib/format";
import { rankQueryKey, rankQueryOptions } from "../../../lib/rank";
import { useSignedInUser } from "../../../lib/session";
import { Icon } from "../../../lib/ui/Icon";
import "./leaderboard.css";

const MEDALS = ["gold", "silver", "bronze"] as const;

/** The header's rank: '#N', with a gold, silver or bronze crown for the top three. */
export function HeaderRank() {
  const user = useSignedInUser();
  const queryClient = useQueryClient();
  const { data } = useQuery(rankQueryOptions(user.id));
  useEffect(() => {
    const refresh = () => void queryClient.invalidateQueries({ queryKey: rankQueryKey(user.id) });
    window.addEventListener("pack-opened", refresh);
    window.addEventListener("trade-completed", refresh);
    return () => {
      window.removeEventListener("pack-opened", refresh);
      window.removeEventListener("trade-completed", refresh);
    };
  }, [queryClient, user.id]);
  const rank = data?.rank ?? null;
  const medal = rank && rank <= 3 ? MEDALS[rank - 1] : null;
  return (
    <Link to="/rank" className={`hud-rank${medal ? ` is-${medal}` : ""}`} aria-label={rank ? `Your rank: ${rank}` : "Your rank: not ranked yet"} data-testid="header-rank">
      <Icon name={medal ? "crown" : "rank"} size={16} />
      <span>{rank ? `#${formatNumber(rank)}` : "--"}</span>
    </Link>
  );
}
