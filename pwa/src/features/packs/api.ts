import { FALLBACK } from "@contract/messages";
import type { OpenPackResponse } from "@contract/cards";
import type { SetId } from "../../../../api/src/game/sets";
import { apiRequest } from "../../lib/http";

/** POST /api/open-pack {set}: three cards, and the new coin and gem balances. */
export function openPack(set: SetId): Promise<OpenPackResponse> {
  return apiRequest<OpenPackResponse>("/open-pack", { method: "POST", body: { set }, fallback: FALLBACK.openPack });
}
