import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useEffect, useState, type FormEvent } from "react";
import type { FairnessDto, RevealedSeedDto } from "@contract/fairness";
import { MSG } from "@contract/messages";
import { CLIENT_SEED_PATTERN } from "../../../../../api/src/game/fairRandom";
import { formatNumber } from "../../../lib/format";
import { messageOf } from "../../../lib/http";
import { Button } from "../../../lib/ui/Button";
import { ErrorBanner, NoticeBanner } from "../../../lib/ui/ErrorBanner";
import { Icon } from "../../../lib/ui/Icon";
import { TextField } from "../../../lib/ui/TextField";
import { useQueryOffline } from "../../../lib/queryOffline";
import { fairnessKey, fetchFairness, fetchRevealed, pullsKey, rotateSeed, saveClientSeed } from "../api";
import { checkRevealedSeed, seedCheckPassed, type SeedCheckResult } from "../checkSeed";
import { PackCheck } from "./PackCheck";
import { QueryState } from "./QueryState";
import { PulledCards } from "./PulledCardChip";
import { setName } from "../../../lib/cardName";
import "./fairness.css";

/** Issue 15: the Verify page. The commitment, the client seed, rotation, and every revealed seed checked here. */
export function FairnessScreen() {
  const queryClient = useQueryClient();
  const fairness = useQuery({ queryKey: fairnessKey, queryFn: ({ signal }) => fetchFairness(signal) });
  const view = useQueryOffline(fairness);
  const [notice, setNotice] = useState<string | null>(null);
  const rotate = useMutation({
    mutationFn: rotateSeed,
    onSuccess: async () => {
      setNotice(MSG.rotateDone);
      await queryClient.invalidateQueries({ queryKey: fairnessKey });
      void queryClient.invalidateQueries({ queryKey: pullsKey });
    },
  });

  return (
    <section className="fairness" aria-labelledby="fairness-title">
      <header className="fairness__head">
        <h1 id="fairness-title" className="screen-title">
          {MSG.fairnessTitle}
        </h1>
        <p className="screen-lede">{MSG.fairnessIntro}</p>
        <p className="fairness__links">
          <Link to="/history" className="text-link">
            Pull history and luck chart
          </Link>
        </p>
      </header>

      <QueryState view={view} fallback={MSG.fairnessError} onRetry={() => void fairness.refetch()} />
      {fairness.data && (
        <>
          <CurrentSeeds fairness={fairness.data} rotating={rotate.isPending} onRotate={() => rotate.mutate()} />
          {notice && <NoticeBanner icon="check">{notice}</NoticeBanner>}
          <ErrorBanner>{rotate.isError ? messageOf(rotate.error, MSG.fairnessError) : null}</ErrorBanner>
          <RevealedSeeds fairness={fairness.data} />
        </>
      )}
      <PackCheck suggested={fairness.data?.revealed[0]} clientSeed={fairness.data?.clientSeed} />
    </section>
  );
}

function CurrentSeeds({ fairness, rotating, onRotate }: { fairness: FairnessDto; rotating: boolean; onRotate: () => void }) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState(fairness.clientSeed);
  const [message, setMessage] = useState<{ text: string; tone: "error" | "success" } | null>(null);
  useEffect(() => setDraft(fairness.clientSeed), [fairness.clientSeed]);
  const save = useMutation({
    mutationFn: saveClientSeed,
    onSuccess: (next) => {
      queryClient.setQueryData(fairnessKey, next);
      setMessage({ text: MSG.clientSeedSaved, tone: "success" });
    },
    onError: (err) => setMessage({ text: messageOf(err, MSG.fairnessError), tone: "error" }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!CLIENT_SEED_PATTERN.test(draft)) return setMessage({ text: MSG.clientSeedInvalid, tone: "error" });
    save.mutate(draft);
  };

  return (
    <div className="fairness__panel panel">
      <h2 className="fairness__h2">Your seeds now</h2>
      <dl className="fairness__facts">
        <div>
          <dt>Server seed commitment (SHA-256)</dt>
          <dd className="fairness__hash" data-testid="commitment">
            {fairness.serverSeedHash}
          </dd>
        </div>
        <div>
          <dt>Packs opened with this seed (next nonce)</dt>
          <dd data-testid="nonce">{formatNumber(fairness.nonce)}</dd>
        </div>
      </dl>
      <form className="fairness__seed-form" onSubmit={submit} noValidate>
        <TextField
          label="Client seed"
          value={draft}
          maxLength={64}
          spellCheck={false}
          autoComplete="off"
          onChange={(e) => {
            setDraft(e.target.value);
            setMessage(null);
          }}
          hint="Yours to choose: 1-64 letters, digits, spaces or punctuation. It changes every pack from the next one on."
          message={message?.text}
          messageTone={message?.tone}
        />
        <Button type="submit" busy={save.isPending} busyLabel="Saving..." disabled={draft === fairness.clientSeed}>
          Save client seed
        </Button>
      </form>
      <div className="fairness__rotate">
        <p>{MSG.rotateExplanation}</p>
        <Button variant="gold" onClick={onRotate} busy={rotating} busyLabel="Rotating..." icon={<Icon name="refresh" size={18} />}>
          Rotate and reveal seed
        </Button>
      </div>
    </div>
  );
}

function RevealedSeeds({ fairness }: { fairness: FairnessDto }) {
  const { revealed, revealedNextBefore } = fairness;
  // Older seeds than the newest page /fairness carries, a page at a time on request, so a pack
  // however old can be checked. Keyed by the cursor: after a rotation the pages start again.
  const [wantOlder, setWantOlder] = useState(false);
  const older = useInfiniteQuery({
    queryKey: [...fairnessKey, "revealed", revealedNextBefore],
    queryFn: ({ pageParam, signal }) => fetchRevealed(pageParam!, signal),
    initialPageParam: revealedNextBefore,
    getNextPageParam: (last) => last.nextBefore,
    enabled: wantOlder && revealedNextBefore !== null,
  });
  const olderSeeds = older.data?.pages.flatMap((p) => p.revealed) ?? [];
  const moreToShow = older.data ? older.hasNextPage : revealedNextBefore !== null;
  const showOlder = () => {
    if (older.data) void older.fetchNextPage();
    else if (wantOlder) void older.refetch(); // the first page failed: try it again
    else setWantOlder(true);
  };
  return (
    <div className="fairness__panel panel">
      <h2 className="fairness__h2">Revealed seeds</h2>
      {revealed.length === 0 ? (
        <p className="fairness__empty">{MSG.noRevealedSeeds}</p>
      ) : (
        <ol className="fairness__revealed">
          {[...revealed, ...olderSeeds].map((seed, i) => (
            <RevealedSeed key={seed.serverSeedHash} seed={seed} autoCheck={i < 3} />
          ))}
        </ol>
      )}
      {moreToShow && (
        <Button onClick={showOlder} busy={older.isFetching} busyLabel="Loading...">
          Show older seeds
        </Button>
      )}
      <ErrorBanner>{older.isError ? messageOf(older.error, MSG.fairnessError) : null}</ErrorBanner>
    </div>
  );
}

type CheckState = { state: "idle" } | { state: "checking"; checked: number } | { state: "done"; result: SeedCheckResult } | { state: "error"; message: string };

/** One revealed seed: checked in the browser as soon as it shows (the newest few) or on request. */
function RevealedSeed({ seed, autoCheck }: { seed: RevealedSeedDto; autoCheck: boolean }) {
  const [check, setCheck] = useState<CheckState>({ state: "idle" });
  const run = (signal?: AbortSignal) => {
    setCheck({ state: "checking", checked: 0 });
    checkRevealedSeed(seed, (checked) => !signal?.aborted && setCheck({ state: "checking", checked }), signal).then(
      (result) => !signal?.aborted && setCheck({ state: "done", result }),
      (err: unknown) => !signal?.aborted && setCheck({ state: "error", message: messageOf(err, MSG.historyError) }),
    );
  };
  useEffect(() => {
    if (!autoCheck) return;
    const controller = new AbortController();
    run(controller.signal);
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [seed.serverSeedHash, seed.serverSeed, autoCheck]);

  const passed = check.state === "done" && seedCheckPassed(check.result);
  return (
    <li className={["fairness__seed", check.state === "done" && (passed ? "is-ok" : "is-bad")].filter(Boolean).join(" ")} data-testid="revealed-seed">
      <div className="fairness__seed-head">
        <span className="fairness__seed-date">Revealed {new Date(seed.revealedAt).toLocaleString()}</span>
        <span className="fairness__seed-packs">
          {formatNumber(seed.packs)} {seed.packs === 1 ? "pack" : "packs"}
        </span>
      </div>
      <dl className="fairness__facts fairness__facts--small">
        <div>
          <dt>Server seed</dt>
          <dd className="fairness__hash">{seed.serverSeed}</dd>
        </div>
        <div>
          <dt>Commitment</dt>
          <dd className="fairness__hash">{seed.serverSeedHash}</dd>
        </div>
      </dl>
      <p className="fairness__verdict" role="status" data-testid="seed-verdict">
        {check.state === "idle" && (
          <Button size="sm" onClick={() => run()}>
            Check these packs
          </Button>
        )}
        {check.state === "checking" && `Checking in your browser... ${formatNumber(check.checked)} of ${formatNumber(seed.packs)}`}
        {check.state === "error" && check.message}
        {check.state === "done" && <Verdict result={check.result} packs={seed.packs} />}
      </p>
      {check.state === "done" && check.result.packs.length > 0 && (
        <details className="fairness__packs">
          <summary>{check.result.packs.length === 1 ? "Show the pack" : `Show the ${formatNumber(check.result.packs.length)} packs`}</summary>
          <ol className="fairness__pack-list">
            {check.result.packs.map(({ pull, match }) => (
              <li key={pull.id} className={match ? "is-ok" : "is-bad"} data-testid="checked-pack">
                <span className="fairness__pack-mark">
                  <Icon name={match ? "check" : "alert"} size={16} /> {match ? "Matches" : "Does not match"}
                </span>
                <span>
                  Nonce {pull.nonce} · {setName(pull.set)}
                  {pull.pity ? " · guaranteed" : ""}
                </span>
                <PulledCards set={pull.set} cards={pull.cards} />
              </li>
            ))}
          </ol>
        </details>
      )}
    </li>
  );
}

function Verdict({ result, packs }: { result: SeedCheckResult; packs: number }) {
  if (!result.commitmentOk)
    return (
      <>
        <Icon name="alert" size={18} /> {MSG.commitmentMismatch}
      </>
    );
  if (result.mismatched.length)
    return (
      <>
        <Icon name="alert" size={18} /> {MSG.packsMismatch(result.mismatched.length, result.checked)} (nonce {result.mismatched.slice(0, 5).join(", ")}
        {result.mismatched.length > 5 ? ", ..." : ""})
      </>
    );
  if (!result.complete)
    return (
      <>
        <Icon name="alert" size={18} /> {`${formatNumber(result.checked)} of ${formatNumber(packs)} packs found in your history`}
      </>
    );
  return (
    <>
      <Icon name="check" size={18} /> {packs === 0 ? "No packs were opened with this seed" : MSG.packsMatch(result.checked)}
    </>
  );
}
