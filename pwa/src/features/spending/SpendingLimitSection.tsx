import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState, type FormEvent } from "react";
import { MSG } from "@contract/messages";
import { dollars } from "../../../../api/src/game/spendingLimit";
import { messageOf } from "../../lib/http";
import { Button } from "../../lib/ui/Button";
import { Icon } from "../../lib/ui/Icon";
import { TextField } from "../../lib/ui/TextField";
import { useToast } from "../../lib/ui/Toasts";
import { fetchSpendingLimit, saveSpendingLimit, spendingLimitKey } from "./api";
import { centsOfDollars, spentLine } from "./spendingRules";

/** Account Settings, RULES.md Spending limit: none, or a monthly limit in whole dollars. */
export function SpendingLimitSection() {
  const queryClient = useQueryClient();
  const toast = useToast();
  const limit = useQuery({ queryKey: spendingLimitKey, queryFn: ({ signal }) => fetchSpendingLimit(signal) });
  const [draft, setDraft] = useState("");
  const [error, setError] = useState<string | null>(null);
  const current = limit.data?.monthlyLimitCents;
  useEffect(() => {
    if (current !== undefined) setDraft(current === null ? "" : String(current / 100));
  }, [current]);
  const save = useMutation({
    mutationFn: saveSpendingLimit,
    onSuccess: (next) => {
      queryClient.setQueryData(spendingLimitKey, next);
      toast(MSG.spendingLimitSaved, { variant: "success" });
    },
    onError: (err) => setError(messageOf(err, MSG.spendingLimitInvalid)),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const cents = centsOfDollars(draft);
    if (cents !== null && (Number.isNaN(cents) || cents < 0)) return setError(MSG.spendingLimitInvalid);
    setError(null);
    save.mutate(cents);
  };

  const pending = limit.data?.pending;
  return (
    <section className="settings__section" aria-labelledby="settings-limit-title">
      <h3 id="settings-limit-title" className="settings__heading">
        <Icon name="lock" size={18} /> {MSG.spendingLimitTitle}
      </h3>
      {limit.data && <p className="settings__note" data-testid="spent-this-month">{spentLine(limit.data)}</p>}
      {pending && (
        <p className="settings__note" data-testid="limit-pending">
          {MSG.spendingLimitPending(pending.monthlyLimitCents === null ? MSG.spendingLimitNone.toLowerCase() : dollars(pending.monthlyLimitCents), new Date(pending.effectiveAt).toLocaleString())}
        </p>
      )}
      <form className="settings__form" onSubmit={submit} noValidate>
        <TextField
          label="Monthly limit in dollars"
          inputMode="numeric"
          autoComplete="off"
          placeholder="No limit"
          value={draft}
          onChange={(e) => {
            setDraft(e.target.value);
            setError(null);
          }}
          hint="Leave empty for no limit. A lower limit applies at once; raising or removing it waits 24 hours."
          message={error ?? undefined}
          messageTone="error"
        />
        <Button type="submit" busy={save.isPending} busyLabel="Saving..." disabled={!limit.data}>
          Save limit
        </Button>
      </form>
    </section>
  );
}
