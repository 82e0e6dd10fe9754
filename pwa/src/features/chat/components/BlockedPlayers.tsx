import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { MSG } from "@contract/messages";
import { messageOf } from "../../../lib/http";
import { Button } from "../../../lib/ui/Button";
import { useToast } from "../../../lib/ui/Toasts";
import { blocksKey, chatKey, fetchBlocks, unblockPlayer } from "../api";

/** "Blocked players": my blocks by display name, each with Unblock (issue 46). Loaded when opened. */
export function BlockedPlayers({ offline }: { offline: boolean }) {
  const [open, setOpen] = useState(false);
  const toast = useToast();
  const queryClient = useQueryClient();
  const [busyId, setBusyId] = useState<number | null>(null);
  const blocks = useQuery({ queryKey: blocksKey, queryFn: ({ signal }) => fetchBlocks(signal), enabled: open && !offline, retry: false });
  const unblock = async (userId: number, name: string) => {
    setBusyId(userId);
    try {
      await unblockPlayer(userId);
      toast(MSG.unblockDone(name), { variant: "success" });
      await Promise.all([queryClient.invalidateQueries({ queryKey: blocksKey }), queryClient.invalidateQueries({ queryKey: chatKey })]);
    } catch (err) {
      toast(messageOf(err, MSG.unblockFailed), { variant: "error" });
    } finally {
      setBusyId(null);
    }
  };
  return (
    <details className="chat-blocks" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>Blocked players{blocks.data ? ` (${blocks.data.length})` : ""}</summary>
      {blocks.isPending && open && !offline && <p className="chat__note">{MSG.blocksLoading}</p>}
      {blocks.isError && <p className="chat__note">{messageOf(blocks.error, MSG.blocksLoadFailed)}</p>}
      {blocks.data?.length === 0 && <p className="chat__note">{MSG.blockedListEmpty}</p>}
      {!!blocks.data?.length && (
        <ul className="chat-blocks__list">
          {blocks.data.map((b) => (
            <li key={b.userId}>
              <span>{b.displayName}</span>
              <Button size="sm" variant="ghost" busy={busyId === b.userId} busyLabel="Unblocking..." disabled={offline} onClick={() => void unblock(b.userId, b.displayName)}>
                Unblock
              </Button>
            </li>
          ))}
        </ul>
      )}
    </details>
  );
}
