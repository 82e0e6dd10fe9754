import type { ReactNode } from "react";
import { Icon, type IconName } from "./Icon";
import "./ComingSoonPanel.css";

/** The empty state of a view whose feature arrives in a later update. Honest: nothing to click. */
export function ComingSoonPanel({ icon, title, children }: { icon: IconName; title: string; children?: ReactNode }) {
  return (
    <section className="coming-soon panel" aria-labelledby="coming-soon-title">
      <div className="coming-soon__emblem" aria-hidden="true">
        <Icon name={icon} size={40} />
      </div>
      <p className="coming-soon__eyebrow">
        <Icon name="hourglass" size={14} /> Coming in a later update
      </p>
      <h1 id="coming-soon-title" className="coming-soon__title">
        {title}
      </h1>
      <div className="coming-soon__text">{children}</div>
    </section>
  );
}
