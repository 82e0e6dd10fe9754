import { FALLBACK } from "@contract/messages";
import type { OpenPackResponse } from "@contract/cards";
import type { PackCount, SetId } from "../../../../api/src/game/sets";
import { apiRequest } from "../../lib/http";

/** POST /api/open-pack {set, count}: three cards a pack (1 or 10 packs), and the new balances. */
export function openPack(set: SetId, count: PackCount = 1): Promise<OpenPackResponse> {
  return apiRequest<OpenPackResponse>("/open-pack", { method: "POST", body: count === 1 ? { set } : { set, count }, fallback: FALLBACK.openPack });
}
