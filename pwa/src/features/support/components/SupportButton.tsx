import { lazy, useState } from "react";
import { MSG } from "@contract/messages";
import { Dialog } from "../../../lib/ui/Dialog";
import { LazyPart } from "../../../lib/ui/LazyPart";
import "./support.css";

// Opened rarely: the form's code loads on the first opening, not with every game view.
const SupportForm = lazy(() => import("./SupportForm").then((m) => ({ default: m.SupportForm })));

/** The header's help button and the Support & Feedback dialog (SPEC.md sections 2, 8). */
export function SupportButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="icon-button" onClick={() => setOpen(true)} aria-haspopup="dialog" aria-label="Support & Feedback" title="Support & Feedback">
        <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
          <circle cx="12" cy="12" r="10" />
          <path d="M9.1 9a3 3 0 0 1 5.8 1c0 2-3 3-3 3" />
          <path d="M12 17h.01" />
        </svg>
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} title="Support & Feedback" size="md">
        <LazyPart fallback={<p>{MSG.partNotLoaded}</p>}>
          <SupportForm onDone={() => setOpen(false)} />
        </LazyPart>
      </Dialog>
    </>
  );
}
