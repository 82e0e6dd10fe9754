import { useAppConfig } from "../../../lib/appConfig";
import { Button } from "../../../lib/ui/Button";
import { AGE_GATE } from "../loginScreenText";

/** SPEC.md section 2: 'CONTENT WARNING' and 'I am 18+' before the login form shows. */
export function AgeGate({ onAccept }: { onAccept: () => void }) {
  const { appName } = useAppConfig();
  return (
    <section className="auth-panel age-gate panel" aria-labelledby="age-gate-title" aria-describedby="age-gate-text">
      <div className="age-gate__badge" aria-hidden="true">
        <span>{AGE_GATE.badge}</span>
      </div>
      <h1 id="age-gate-title" className="age-gate__title">
        {AGE_GATE.title}
      </h1>
      <div id="age-gate-text" className="age-gate__text">
        <p>
          {appName}
          {AGE_GATE.warningLead}
          <strong>{AGE_GATE.warningBold}</strong>
          {AGE_GATE.warningTail}
        </p>
        <p>{AGE_GATE.legalAge}</p>
      </div>
      <Button variant="primary" size="lg" block onClick={onAccept} data-autofocus>
        {AGE_GATE.accept}
      </Button>
      <p className="age-gate__footnote">{AGE_GATE.footnote}</p>
    </section>
  );
}
