import { z } from "zod";
import { isValidSetId, PACK_COUNTS, type PackCount } from "../game/sets.ts";
import { MSG } from "./messages.ts";

export const OpenPackBody = z.object({
  // SPEC.md: the set defaults to 1. Only the seven real sets can be bought.
  set: z
    .number({ error: MSG.invalidSet })
    .optional()
    .default(1)
    .refine((n) => isValidSetId(n), { error: MSG.invalidSet }),
  // RULES.md, Bulk open: 1 (the default) or 10 packs, paid at once.
  count: z
    .number({ error: MSG.invalidPackCount })
    .optional()
    .default(1)
    .refine((n): n is PackCount => (PACK_COUNTS as readonly number[]).includes(n), { error: MSG.invalidPackCount }),
});
