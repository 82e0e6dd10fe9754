import path from "node:path";
import { fileURLToPath } from "node:url";

/** True when the module at `metaUrl` is the script node was started with. */
export function isMain(metaUrl: string): boolean {
  const entry = process.argv[1];
  if (!entry) return false;
  return path.resolve(entry) === fileURLToPath(metaUrl);
}
