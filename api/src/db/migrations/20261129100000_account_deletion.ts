import type { Knex } from "knex";

// Issue 46, item 3 (delete my account): a report outlives its reporter's account, without the
// reporter (operators still see what was reported and why). It was deleted with the reporter.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`ALTER TABLE chat_reports ALTER COLUMN reporter_id DROP NOT NULL`);
  await knex.raw(`ALTER TABLE chat_reports DROP CONSTRAINT chat_reports_reporter_id_foreign`);
  await knex.raw(`ALTER TABLE chat_reports ADD CONSTRAINT chat_reports_reporter_id_foreign FOREIGN KEY (reporter_id) REFERENCES users(id) ON DELETE SET NULL`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`DELETE FROM chat_reports WHERE reporter_id IS NULL`);
  await knex.raw(`ALTER TABLE chat_reports DROP CONSTRAINT chat_reports_reporter_id_foreign`);
  await knex.raw(`ALTER TABLE chat_reports ADD CONSTRAINT chat_reports_reporter_id_foreign FOREIGN KEY (reporter_id) REFERENCES users(id) ON DELETE CASCADE`);
  await knex.raw(`ALTER TABLE chat_reports ALTER COLUMN reporter_id SET NOT NULL`);
}
