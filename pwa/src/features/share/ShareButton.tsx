import { useState } from "react";
import { getSession } from "../../lib/session";
import { Button } from "../../lib/ui/Button";
import { Icon } from "../../lib/ui/Icon";
import { useToast } from "../../lib/ui/Toasts";
import { cardName } from "../../lib/cardName";
import { renderShareImage, shareFileName, shareOrDownload, type ShareableCard } from "./shareCard";
import { formatNumber } from "../../lib/format";

/** "Share": the card as a picture, to the system share sheet or a download. */
export function ShareButton({ card, size = "md" }: { card: ShareableCard; size?: "sm" | "md" | "lg" }) {
  const [busy, setBusy] = useState(false);
  const toast = useToast();
  const share = async () => {
    setBusy(true);
    try {
      const user = getSession().user;
      const name = user?.displayName ?? user?.username ?? "a player";
      const blob = await renderShareImage(card, name);
      const outcome = await shareOrDownload(blob, shareFileName(card), `${cardName(card)}: ${formatNumber(card.points)} points in Foilbound`);
      if (outcome === "downloaded") toast("Picture saved to your downloads", { variant: "success" });
    } catch {
      toast("Could not make the picture. Please try again.", { variant: "error" });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size={size} variant="secondary" onClick={() => void share()} busy={busy} busyLabel="Preparing..." icon={<Icon name="share" size={18} />}>
      Share
    </Button>
  );
}
