import { Link } from "@tanstack/react-router";
import { formatNumber } from "../../../lib/format";
import { useSignedInUser } from "../../../lib/session";
import { Icon } from "../../../lib/ui/Icon";
import { usePlayerRank } from "../../../offline/lastKnown";
import "./leaderboard.css";

const MEDALS = ["gold", "silver", "bronze"] as const;

/** The header's rank: '#N', with a gold, silver or bronze crown for the top three. */
export function HeaderRank() {
  const user = useSignedInUser();
  // The collection's source too: offline both show the server's last answer (issue 12: the header
  // read only the live answer and showed "--" where the collection showed the saved "#1").
  const rank = usePlayerRank(user.id)?.rank ?? null;
  const medal = rank && rank <= 3 ? MEDALS[rank - 1] : null;
  return (
    <Link to="/rank" className={`hud-rank${medal ? ` is-${medal}` : ""}`} aria-label={rank ? `Your rank: ${rank}` : "Your rank: not ranked yet"} data-testid="header-rank">
      <Icon name={medal ? "crown" : "rank"} size={16} />
      <span>{rank ? `#${formatNumber(rank)}` : "--"}</span>
    </Link>
  );
}
