import { useState, type FormEvent } from "react";
import type { RevealedSeedDto } from "@contract/fairness";
import { MSG } from "@contract/messages";
import { CLIENT_SEED_PATTERN, MAX_NONCE, SERVER_SEED_PATTERN } from "../../../../../api/src/game/fairRandom";
import { recordOf, type PulledCardRecord } from "../../../../../api/src/game/pullRecord";
import { Button } from "../../../lib/ui/Button";
import { ErrorBanner } from "../../../lib/ui/ErrorBanner";
import { TextField } from "../../../lib/ui/TextField";
import { commitmentInBrowser, drawPack } from "../verify";
import { PulledCards } from "./PulledCardChip";
import { SelectField, SET_OPTIONS } from "./SelectField";

interface Result {
  set: number;
  cards: PulledCardRecord[];
  commitment: string;
}

/** Any seeds in, the pack they give out: the check needs nothing from the server. */
export function PackCheck({ suggested, clientSeed }: { suggested?: RevealedSeedDto; clientSeed?: string }) {
  const [serverSeed, setServerSeed] = useState("");
  const [client, setClient] = useState("");
  const [nonce, setNonce] = useState("0");
  const [set, setSet] = useState(1);
  const [pity, setPity] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<Result | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setResult(null);
    const seed = serverSeed.trim();
    const n = Number(nonce);
    if (!SERVER_SEED_PATTERN.test(seed)) return setError(MSG.seedCheckInvalid);
    if (!CLIENT_SEED_PATTERN.test(client)) return setError(MSG.clientSeedInvalid);
    // Any nonce a seed can have drawn: 0 to MAX_NONCE - 1 (ten digits).
    if (!/^\d{1,10}$/.test(nonce) || n >= MAX_NONCE) return setError("The nonce is a whole number from 0");
    setError(null);
    setBusy(true);
    try {
      const [cards, commitment] = await Promise.all([drawPack({ serverSeed: seed, clientSeed: client, nonce: n, set, pity }), commitmentInBrowser(seed)]);
      setResult({ set, cards: cards.map(recordOf), commitment });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="fairness__panel panel">
      <h2 className="fairness__h2">Check any pack</h2>
      <p className="fairness__note">Paste a revealed server seed, the client seed and the nonce of a pack from your history to see the pack they give.</p>
      {suggested && (
        <Button
          size="sm"
          variant="ghost"
          onClick={() => {
            setServerSeed(suggested.serverSeed);
            setClient(clientSeed ?? "");
            setNonce("0");
          }}
        >
          Fill in my latest revealed seed
        </Button>
      )}
      <form className="fairness__check-form" onSubmit={(e) => void submit(e)} noValidate>
        <TextField label="Server seed" value={serverSeed} onChange={(e) => setServerSeed(e.target.value)} spellCheck={false} autoComplete="off" className="fairness__wide" />
        <TextField label="Client seed" value={client} onChange={(e) => setClient(e.target.value)} spellCheck={false} autoComplete="off" />
        <TextField label="Nonce" value={nonce} onChange={(e) => setNonce(e.target.value)} inputMode="numeric" autoComplete="off" />
        <SelectField label="Set" value={String(set)} options={SET_OPTIONS} onChange={(v) => setSet(Number(v))} />
        <label className="fairness__checkbox">
          <input type="checkbox" checked={pity} onChange={(e) => setPity(e.target.checked)} /> Guaranteed pack (pity applied)
        </label>
        <Button type="submit" variant="primary" busy={busy} busyLabel="Computing...">
          Show the pack
        </Button>
      </form>
      <ErrorBanner>{error}</ErrorBanner>
      {result && (
        <div className="fairness__result" role="status" data-testid="pack-check-result">
          <p className="fairness__note">
            Its commitment: <span className="fairness__hash">{result.commitment}</span>
          </p>
          <PulledCards set={result.set} cards={result.cards} />
        </div>
      )}
    </div>
  );
}
