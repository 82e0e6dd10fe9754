import type { Knex } from "knex";

// Issue 46, item 4 (chat safety): players report messages and block each other; operators mute
// players and resolve reports, every operator action written to an audit table.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable("chat_reports", (t) => {
    t.increments("id").primary();
    t.integer("reporter_id").notNullable().references("users.id").onDelete("CASCADE");
    // The message may be deleted later (its author's account closed): the report keeps its text.
    t.integer("message_id").nullable().references("chat_messages.id").onDelete("SET NULL");
    t.integer("reported_user_id").nullable().references("users.id").onDelete("SET NULL");
    t.string("message_text", 500).notNullable();
    t.string("reason", 20).notNullable();
    t.timestamp("created_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp("resolved_at", { useTz: true }).nullable();
    t.string("resolved_by", 100).nullable();
    // One report per reporter per message, enforced by the database (two at once make one row).
    t.unique(["reporter_id", "message_id"], { indexName: "chat_reports_once" });
  });
  await knex.raw(`ALTER TABLE chat_reports ADD CONSTRAINT chat_report_reason CHECK (reason IN ('spam', 'harassment', 'hate', 'illegal', 'other'))`);
  await knex.raw(`CREATE INDEX chat_reports_open ON chat_reports (created_at) WHERE resolved_at IS NULL`);

  await knex.schema.createTable("player_blocks", (t) => {
    t.integer("blocker_id").notNullable().references("users.id").onDelete("CASCADE");
    t.integer("blocked_id").notNullable().references("users.id").onDelete("CASCADE");
    t.timestamp("created_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(["blocker_id", "blocked_id"]);
    // "Who blocked me": a trade offer checks both directions.
    t.index(["blocked_id", "blocker_id"]);
  });
  await knex.raw(`ALTER TABLE player_blocks ADD CONSTRAINT player_block_not_self CHECK (blocker_id <> blocked_id)`);

  await knex.schema.createTable("chat_mutes", (t) => {
    t.increments("id").primary();
    t.integer("user_id").notNullable().references("users.id").onDelete("CASCADE");
    t.timestamp("until", { useTz: true }).notNullable();
    t.string("reason", 200).nullable();
    t.string("muted_by", 100).notNullable();
    t.timestamp("created_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
    // An unmute lifts the mute early; the row stays as the record of what happened.
    t.timestamp("lifted_at", { useTz: true }).nullable();
    t.string("lifted_by", 100).nullable();
    t.index(["user_id", "until"]);
  });

  await knex.schema.createTable("admin_audit", (t) => {
    t.increments("id").primary();
    t.string("operator", 100).notNullable();
    t.string("action", 40).notNullable();
    t.jsonb("details").notNullable().defaultTo("{}");
    t.timestamp("created_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(["created_at"]);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ["admin_audit", "chat_mutes", "player_blocks", "chat_reports"]) await knex.schema.dropTableIfExists(table);
}
