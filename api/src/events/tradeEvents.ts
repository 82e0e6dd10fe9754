import { publicNameOf } from "../contract/publicName.ts";
import type { TradeEventKind } from "../contract/events.ts";
import type { Trx } from "../db/knex.ts";
import { publishEvent } from "./publish.ts";

/** An offer changed: both its players hear it, with the public name of the one who acted. */
export async function publishTradeEvent(trx: Trx, trade: { id: number; fromUserId: number; toUserId: number }, kind: TradeEventKind, actorId: number): Promise<void> {
  const actor = await trx("users").where({ id: actorId }).first("id", "display_name");
  const by = actor ? publicNameOf({ id: actor.id, displayName: actor.display_name }) : null;
  await publishEvent(trx, "trade", { kind, tradeId: trade.id, by }, [trade.fromUserId, trade.toUserId]);
}
