import type { Db, Trx } from "./knex.ts";
import pg from "pg";
import { isPostgresServer, pgliteOf } from "./knex.ts";
import { PgliteOnThread } from "./pgliteOnThread.ts";

/**
 * A statement for the hot paths: SQL with $1..$n placeholders (every parameter cast, so the
 * statement can be prepared without knowing its values) and a name unique to that SQL.
 */
export interface PreparedStatement {
  name: string;
  text: string;
}

interface PgClient {
  query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: Record<string, unknown>[] }>;
}
interface PgliteConnection {
  query(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  exec(text: string): Promise<Array<{ rows: Record<string, unknown>[] }>>;
}

// Which statements each embedded database has prepared (PGlite is one long-lived session).
const preparedOnPglite = new WeakMap<object, Set<string>>();

/**
 * Runs a named prepared statement on a connection from knex's own pool (so it queues with every
 * other query, and on PGlite never slips into another request's transaction). PostgreSQL then
 * parses and plans it once per connection instead of on every request, and knex/objection's
 * query building is skipped. On a server this is node-pg's `name`; on PGlite, which has no
 * protocol-level names, an SQL PREPARE once per database and EXECUTE afterwards. A data folder's
 * PGlite (on its own thread) takes the statement outside knex's pool, with the same guarantee
 * (PgliteOnThread.execOutsideTransactions).
 */
export async function runPrepared<R = Record<string, unknown>>(db: Db, statement: PreparedStatement, values: unknown[]): Promise<R[]> {
  const onThread = pgliteOf(db);
  if (onThread instanceof PgliteOnThread) {
    // PREPARE goes with the first EXECUTE; the statements sent after it queue behind it.
    const names = preparedNamesOf(onThread);
    const prepare = names.has(statement.name) ? [] : [`PREPARE ${statement.name} AS ${statement.text}`];
    names.add(statement.name);
    try {
      const results = await onThread.execOutsideTransactions([...prepare, executeSql(statement, values)]);
      return results.at(-1)![0]!.rows as R[];
    } catch (err) {
      if (prepare.length) names.delete(statement.name);
      throw err;
    }
  }
  const client = db.client as { acquireConnection(): Promise<unknown>; releaseConnection(c: unknown): Promise<unknown> };
  const connection = await client.acquireConnection();
  try {
    if (isPostgresServer(db)) {
      const result = await (connection as PgClient).query({ name: statement.name, text: statement.text, values });
      return result.rows as R[];
    }
    const pglite = connection as PgliteConnection;
    const names = preparedNamesOf(pglite);
    if (!names.has(statement.name)) {
      await pglite.query(`PREPARE ${statement.name} AS ${statement.text}`);
      names.add(statement.name);
    }
    const [result] = await pglite.exec(executeSql(statement, values));
    return result!.rows as R[];
  } finally {
    await client.releaseConnection(connection);
  }
}

function preparedNamesOf(pglite: object): Set<string> {
  let names = preparedOnPglite.get(pglite);
  if (!names) preparedOnPglite.set(pglite, (names = new Set()));
  return names;
}

/**
 * EXECUTE is a utility statement and takes no protocol parameters: the values go in as escaped
 * literals (the prepared statement's casts give them their types). PostgreSQL's simple query
 * protocol: one message instead of the extended protocol's parse, bind, describe and execute,
 * ~90 us less per statement here.
 */
function executeSql(statement: PreparedStatement, values: unknown[]): string {
  return `EXECUTE ${statement.name}${values.length ? `(${values.map(literal).join(", ")})` : ""}`;
}

/** An SQL literal for EXECUTE's arguments: numbers, booleans, strings, dates, null and arrays of them. */
function literal(value: unknown): string {
  if (value === null || value === undefined) return "NULL";
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new Error("not a finite number");
    return String(value);
  }
  if (typeof value === "boolean") return value ? "true" : "false";
  if (value instanceof Date) return pg.escapeLiteral(value.toISOString());
  if (Array.isArray(value)) return value.length ? `ARRAY[${value.map(literal).join(", ")}]` : "'{}'";
  return pg.escapeLiteral(String(value));
}

/**
 * The same statement inside a knex transaction (a rare path: it is not prepared, but it is the
 * same SQL, so there is one text per write). $n become knex named bindings.
 */
export async function runPreparedIn<R = Record<string, unknown>>(trx: Trx, statement: PreparedStatement, values: unknown[]): Promise<R[]> {
  const named = Object.fromEntries(values.map((v, i) => [`p${i + 1}`, v]));
  const { rows } = await trx.raw(statement.text.replace(/\$(\d+)/g, ":p$1"), named);
  return rows as R[];
}
