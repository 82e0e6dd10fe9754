// `npm run dev`: the API (restarting on change) on API_PORT and Vite with hot reload in front
// of it on 5173; Vite proxies /api to the API.
import { spawn } from "node:child_process";
import { ROOT_DIR } from "../config.ts";

const apiPort = process.env.API_PORT || "3001";
const children = [
  spawn("npx", ["tsx", "watch", "api/src/main.ts"], { cwd: ROOT_DIR, stdio: "inherit", env: { ...process.env, PORT: apiPort, NODE_ENV: "development" } }),
  spawn("npx", ["vite"], { cwd: ROOT_DIR, stdio: "inherit", env: { ...process.env, API_PORT: apiPort } }),
];
const stop = () => children.forEach((c) => c.kill("SIGTERM"));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
for (const child of children) child.on("exit", (code) => { stop(); process.exitCode = code ?? 0; });
