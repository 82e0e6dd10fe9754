// knex CLI entry (`npx knex --knexfile knexfile.ts migrate:status`); the app and `npm run
// db:migrate` use api/src/db/knex.ts, which this mirrors.
import ClientPgLite from "knex-pglite";
import { loadConfig } from "./api/src/config.ts";
import { migrationConfig } from "./api/src/db/knex.ts";

const config = loadConfig();

export default config.databaseUrl
  ? { client: "pg", connection: config.databaseUrl, migrations: migrationConfig }
  : { client: ClientPgLite, connection: { filename: `${config.dataDir}/pglite` }, migrations: migrationConfig };
