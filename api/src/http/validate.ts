import type { Context } from "koa";
import type { z } from "zod";
import { MSG } from "../contract/messages.ts";
import { badRequest } from "./errors.ts";

/**
 * Parses input with a zod schema whose messages are the player-facing texts of SPEC.md
 * section 5; the first problem is the error. zod's own wording is never shown to players.
 */
export function parseBody<S extends z.ZodType>(ctx: Context, schema: S): z.infer<S> {
  return parseWith(schema, (ctx.request as { body?: unknown }).body ?? {});
}

export function parseQuery<S extends z.ZodType>(ctx: Context, schema: S): z.infer<S> {
  return parseWith(schema, ctx.query);
}

function parseWith<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const message = result.error.issues[0]?.message;
  throw badRequest(message && !message.startsWith("Invalid input") ? message : MSG.badRequest);
}
