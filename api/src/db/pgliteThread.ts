// The embedded database's own thread (see pgliteOnThread.ts): one PGlite on a data folder,
// answering the main thread's queries in the order they arrive.
import { parentPort, workerData } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";
import { PGLITE_PARSERS, type ThreadNotification, type ThreadReply, type ThreadRequest } from "./pgliteMessages.ts";

const port = parentPort!;
const { dataDir } = workerData as { dataDir: string };

const pglite = new PGlite({ dataDir, parsers: PGLITE_PARSERS });

pglite.waitReady.then(
  () => port.postMessage({ id: 0, ok: true, value: null } satisfies ThreadReply),
  (err: unknown) => port.postMessage({ id: 0, ok: false, error: plainError(err) } satisfies ThreadReply),
);

port.on("message", (request: ThreadRequest) => {
  void answer(request).then((reply) => port.postMessage(reply));
});

async function answer(request: ThreadRequest): Promise<ThreadReply> {
  try {
    switch (request.op) {
      case "query":
        return { id: request.id, ok: true, value: await pglite.query(request.sql, request.params, request.options) };
      case "exec":
        return { id: request.id, ok: true, value: await pglite.exec(request.sql) };
      case "notifications":
        pglite.onNotification((channel, payload) => port.postMessage({ notification: { channel, payload } } satisfies ThreadNotification));
        return { id: request.id, ok: true, value: null };
      case "close":
        await pglite.close();
        return { id: request.id, ok: true, value: null };
    }
  } catch (err) {
    return { id: request.id, ok: false, error: plainError(err) };
  }
}

/**
 * PostgreSQL's error fields (code, constraint, detail...) as a plain object: the structured clone
 * of an Error keeps only its message and stack, and the callers branch on the code. Fields left
 * undefined are kept too: objection's error classes (UniqueViolationError, DBError) recognise a
 * PostgreSQL error by its keys ('internalQuery' in err, 'table' in err), set or not. Without them
 * every database error of `npm start` was a plain Error: racing sign-ups answered 500, not 409.
 */
function plainError(err: unknown): Record<string, unknown> {
  if (!(err instanceof Error)) return { message: String(err) };
  const fields: Record<string, unknown> = { name: err.name, message: err.message, stack: err.stack };
  for (const [key, value] of Object.entries(err)) {
    if (value === null || value === undefined || ["string", "number", "boolean"].includes(typeof value)) fields[key] = value;
  }
  return fields;
}
