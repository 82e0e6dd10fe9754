import { Logo } from "./Logo";
import "./LoadingScreen.css";

/** Full-screen wait while the session check runs (SPEC.md section 2, step 1). */
export function LoadingScreen({ label = "Loading your game..." }: { label?: string }) {
  return (
    <main className="loading-screen" aria-busy="true">
      <Logo size="lg" />
      <div className="loading-screen__cards" aria-hidden="true">
        <span />
        <span />
        <span />
      </div>
      <p role="status" className="loading-screen__label">
        {label}
      </p>
    </main>
  );
}
