import { z } from "zod";
import { isValidSetId } from "../game/sets.ts";
import { MSG } from "./messages.ts";

export const OpenPackBody = z.object({
  // SPEC.md: the set defaults to 1. Only the seven real sets can be bought.
  set: z
    .number({ error: MSG.invalidSet })
    .optional()
    .default(1)
    .refine((n) => isValidSetId(n), { error: MSG.invalidSet }),
});
