import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { MSG } from "@contract/messages";
import { useSignedInUser } from "../../../lib/session";
import { Icon } from "../../../lib/ui/Icon";
import { useToast } from "../../../lib/ui/Toasts";
import { useOnlineStatus } from "../../../lib/useOnlineStatus";
import { finderSettingsKey, finderSettingsQuery, putFinderSettings } from "../api";

/** Account Settings (issue 48): "Show me in other players' matches", on unless the player turns it off. */
export function MatchesVisibilitySection() {
  const me = useSignedInUser();
  const online = useOnlineStatus();
  const toast = useToast();
  const queryClient = useQueryClient();
  const settings = useQuery(finderSettingsQuery(me.id));
  const change = useMutation({
    mutationFn: (showInMatches: boolean) => putFinderSettings({ showInMatches }),
    onSuccess: (saved) => queryClient.setQueryData(finderSettingsKey(me.id), saved),
    onError: (err) => toast(MSG.tradeFinderSettingsFailed, { variant: "error", detail: err instanceof Error && err.message !== MSG.tradeFinderSettingsFailed ? err.message : undefined }),
  });
  const checked = change.isPending ? change.variables : settings.data?.showInMatches;
  return (
    <section className="settings__section" aria-labelledby="settings-matches-title">
      <h3 id="settings-matches-title" className="settings__heading">
        <Icon name="trading" size={18} /> {MSG.tradeFinderSettingsTitle}
      </h3>
      <p className="settings__text">{MSG.tradeShowInMatchesLead}</p>
      <label className="settings__check">
        <input type="checkbox" role="switch" checked={checked ?? true} disabled={!online || settings.data === undefined || change.isPending} onChange={(e) => change.mutate(e.target.checked)} />
        <span>{MSG.tradeShowInMatches}</span>
      </label>
      {!online && <p className="settings__text">{MSG.tradeFinderOffline}</p>}
    </section>
  );
}
