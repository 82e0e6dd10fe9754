import { MSG } from "@contract/messages";
import { useOnlineStatus } from "../useOnlineStatus";
import { Button } from "./Button";
import { Dialog } from "./Dialog";

/** The fallback of a lazy dialog: says why it did not open, and offers a reload while online. */
export function PartNotLoadedDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const online = useOnlineStatus();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={MSG.partNotLoadedTitle}
      size="sm"
      footer={
        online && (
          <Button variant="primary" onClick={() => window.location.reload()} data-autofocus>
            {MSG.partReload}
          </Button>
        )
      }
    >
      <p>{MSG.partNotLoaded}</p>
    </Dialog>
  );
}
