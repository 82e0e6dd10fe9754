import { useAppConfig } from "../../../lib/appConfig";
import { Button } from "../../../lib/ui/Button";

/** SPEC.md section 2: 'CONTENT WARNING' and 'I am 18+' before the login form shows. */
export function AgeGate({ onAccept }: { onAccept: () => void }) {
  const { appName } = useAppConfig();
  return (
    <section className="auth-panel age-gate panel" aria-labelledby="age-gate-title" aria-describedby="age-gate-text">
      <div className="age-gate__badge" aria-hidden="true">
        <span>18+</span>
      </div>
      <h1 id="age-gate-title" className="age-gate__title">
        CONTENT WARNING
      </h1>
      <div id="age-gate-text" className="age-gate__text">
        <p>
          {appName} contains <strong>NSFW and explicit content</strong> intended for adults only.
        </p>
        <p>You must be 18 or older, and of legal age to view such content where you live, to enter.</p>
      </div>
      <Button variant="primary" size="lg" block onClick={onAccept} data-autofocus>
        I am 18+
      </Button>
      <p className="age-gate__footnote">By entering you confirm that you are an adult.</p>
    </section>
  );
}
