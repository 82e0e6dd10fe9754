import "../../lib/ui/Button.css";
import "./components/LoginScreen.css";
import { afterNextFrame } from "../../lib/afterNextFrame";
import { el } from "../../lib/el";
import { whenVisitorActs } from "../../lib/whenVisitorActs";
import { DEFAULT_APP_INFO, readStoredAppInfo } from "../../lib/storedAppInfo";
import { rememberAgeGateAnswer } from "./ageGateAnswer";
import { AGE_GATE, LOGIN_FOOTER, LOGIN_TAGLINE } from "./loginScreenText";

// A new visitor's first screen, the age gate, drawn by boot.ts without React (issue 11: the age
// gate and login paint without waiting for the game's code). Plain DOM, the same markup and
// classes as routes/__root.tsx's login branch with components/LoginScreen.tsx and AgeGate.tsx,
// so nothing moves when React draws the same screen over it. The app's code is evaluated when
// the visitor acts (lib/whenVisitorActs.ts), and 'I am 18+' works before that as after.


/** The longest the gate waits for the loading screen's logo (a slow or missing file). */
const LOGO_WAIT_MS = 1500;

/**
 * Resolves once `img` has been painted, as the browser's largest-contentful-paint entries tell
 * (the next frame where they are missing), or after `timeoutMs`.
 */
function whenPainted(img: HTMLImageElement, timeoutMs: number): Promise<void> {
  return new Promise((resolve) => {
    let observer: PerformanceObserver | undefined;
    const done = () => {
      observer?.disconnect();
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(done, timeoutMs);
    try {
      observer = new PerformanceObserver((list) => {
        if (list.getEntries().some((entry) => (entry as PerformanceEntry & { element?: Element | null }).element === img)) done();
      });
      observer.observe({ type: "largest-contentful-paint", buffered: true });
    } catch {
      img.decode().then(() => afterNextFrame(done), done);
    }
  });
}

/**
 * Draws the age gate into `root` once the loading screen's logo is on screen, and calls
 * `startApp` (once) when the app's code is wanted. The logo (the page's largest element) moves
 * into the gate as it is: the same element, already painted, not a second one painted later.
 */
export async function showEarlyAgeGate(root: HTMLElement, startApp: () => void): Promise<void> {
  const logo = root.querySelector<HTMLImageElement>("img.logo__image") ?? el("img", { class: "logo__image", width: "511", height: "128", src: "/logo.svg" });
  await whenPainted(logo, LOGO_WAIT_MS);
  if (root.querySelector(".login-screen")) return;
  const appName = readStoredAppInfo()?.appName ?? DEFAULT_APP_INFO.appName;
  logo.alt = appName;
  logo.removeAttribute("fetchpriority");
  const startNow = whenVisitorActs(startApp);

  const label = el("span", { class: "btn__label" }, [AGE_GATE.accept]);
  const accept = el("button", { type: "button", class: "btn btn--primary btn--lg btn--block", "data-autofocus": "true" }, [label]);
  accept.addEventListener("click", () => {
    // Remembered now: the login form React draws next reads it. Busy as React's Button shows it.
    rememberAgeGateAnswer();
    accept.disabled = true;
    accept.classList.add("is-busy");
    accept.setAttribute("aria-busy", "true");
    accept.prepend(el("span", { class: "btn__spinner", "aria-hidden": "true" }));
    startNow();
  });

  const gate = el("section", { class: "auth-panel age-gate panel", "aria-labelledby": "age-gate-title", "aria-describedby": "age-gate-text" }, [
    el("div", { class: "age-gate__badge", "aria-hidden": "true" }, [el("span", {}, [AGE_GATE.badge])]),
    el("h1", { id: "age-gate-title", class: "age-gate__title" }, [AGE_GATE.title]),
    el("div", { id: "age-gate-text", class: "age-gate__text" }, [
      el("p", {}, [appName, AGE_GATE.warningLead, el("strong", {}, [AGE_GATE.warningBold]), AGE_GATE.warningTail]),
      el("p", {}, [AGE_GATE.legalAge]),
    ]),
    accept,
    el("p", { class: "age-gate__footnote" }, [AGE_GATE.footnote]),
  ]);
  const dot = () => el("span", { "aria-hidden": "true" }, ["\u2022"]);
  const screen = el("div", { class: "login-screen" }, [
    el("div", { class: "login-screen__backdrop", "aria-hidden": "true" }, [1, 2, 3].map((n) => el("span", { class: `login-card login-card--${n}` }))),
    el("main", { class: "login-screen__main" }, [
      el("header", { class: "login-screen__brand" }, [
        el("span", { class: "logo logo--lg" }, [logo]),
        el("p", { class: "login-screen__tagline" }, [LOGIN_TAGLINE]),
      ]),
      gate,
    ]),
    el("footer", { class: "login-screen__footer" }, [
      el("a", { href: "/terms" }, [LOGIN_FOOTER.terms]),
      dot(),
      el("a", { href: "/privacy" }, [LOGIN_FOOTER.privacy]),
      dot(),
      el("span", {}, [LOGIN_FOOTER.adultsOnly]),
    ]),
  ]);
  root.replaceChildren(el("div", { class: "offline-notice-region", role: "status", "aria-live": "polite" }), el("div", { class: "gate-prefetch" }, [screen]));
  document.title = `${AGE_GATE.pageTitle} \u00b7 ${appName}`;
}
