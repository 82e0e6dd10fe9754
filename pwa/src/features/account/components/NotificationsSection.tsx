import { useState } from "react";
import { MSG } from "@contract/messages";
import { Icon } from "../../../lib/ui/Icon";
import { setNotices, useNoticeSetting } from "../../../live/backgroundNotices";

/** Issue 47: background notifications, off until the player turns them on here (the permission is asked then). */
export function NotificationsSection() {
  const setting = useNoticeSetting();
  const [busy, setBusy] = useState(false);
  const toggle = async (on: boolean) => {
    setBusy(true);
    try {
      await setNotices(on);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="settings__section" aria-labelledby="settings-notices-title">
      <h3 id="settings-notices-title" className="settings__heading">
        <Icon name="sparkles" size={18} /> Notifications
      </h3>
      <p className="settings__text">{MSG.noticesLead}</p>
      {setting === "unsupported" ? (
        <p className="settings__text">{MSG.noticesUnsupported}</p>
      ) : setting === "blocked" ? (
        <p className="install-section__lead" role="status">
          {MSG.noticesBlocked}
        </p>
      ) : (
        <label className="settings__check">
          <input type="checkbox" checked={setting === "on"} disabled={busy} onChange={(e) => void toggle(e.target.checked)} />
          <span>Notify me while the game is in the background</span>
        </label>
      )}
    </section>
  );
}
