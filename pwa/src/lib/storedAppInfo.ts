import type { AppInfo } from "@contract/user";
import { readStored, writeStored } from "./storage";

// {product} and {email} as last heard from the server, kept so the names are right offline and
// before the first answer; RULES.md defaults stand in until then. No React here: boot.ts's early
// age gate names the product too.

const STORAGE_KEY = "foilbound-config";
export const DEFAULT_APP_INFO: AppInfo = { appName: "Foilbound", supportEmail: "support@foilbound.example", passwordResetByMail: false, payments: { provider: null, publishableKey: null } };

export function readStoredAppInfo(): AppInfo | undefined {
  return readStored<AppInfo>(STORAGE_KEY);
}

export function storeAppInfo(info: AppInfo): void {
  writeStored(STORAGE_KEY, info);
}
