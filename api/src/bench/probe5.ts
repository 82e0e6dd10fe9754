import { createServer } from "node:http";
import { createApp } from "../app.ts";
import { loadConfig } from "../config.ts";
import { createDb } from "../db/knex.ts";
import { createLogger } from "../logger.ts";
import { runLoad, httpCall, closeAgent } from "./load.ts";
const db = createDb({ databaseUrl: "postgres://postgres@127.0.0.1:5432/postgres", poolMax: 10 });
const config = { ...loadConfig({ SESSION_SECRET: "x", DATA_DIR: "/tmp/fbx" }), logRequests: false };
const app = createApp({ db, config, log: createLogger({ silent: true }) });
const s = createServer(app.callback());
await new Promise<void>(r => s.listen(39997, r));
for (const path of ["/api/health", "/api/config", "/api/nothing"]) {
  const r = await runLoad({ clients: 32, seconds: 3, request: () => httpCall("http://127.0.0.1:39997" + path, {}).then(() => true) });
  console.log(path, r.perSecond.toFixed(0), r.p50.toFixed(1));
}
closeAgent(); s.close(); await db.destroy();
