import { MSG } from "@contract/messages";
import { useOnlineStatus } from "../useOnlineStatus";
import { Icon } from "./Icon";
import "./OfflineNotice.css";

/** A strip across the top while the device has no network; the game stays usable to read. */
export function OfflineNotice() {
  const online = useOnlineStatus();
  return (
    <div className="offline-notice-region" role="status" aria-live="polite">
      {!online && (
        <p className="offline-notice">
          <Icon name="offline" size={18} />
          <span>{MSG.offline}</span>
        </p>
      )}
    </div>
  );
}
