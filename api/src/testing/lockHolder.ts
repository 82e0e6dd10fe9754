// A process that takes a data folder's lock for dataDirLock.test.ts (another owner than the test's
// own process): `node --import tsx lockHolder.ts <dir> [waitMs]`. It prints "owner <pid>" or
// "refused <pid of the owner>", then follows lines on stdin: "stopping", "release" (and exit).
import { createInterface } from "node:readline";
import { DataDirLockedError, lockDataDir } from "../db/dataDirLock.ts";

const [dir, waitMs] = process.argv.slice(2);
try {
  const lock = await lockDataDir(dir!, { waitMs: Number(waitMs ?? 0) });
  process.stdout.write(`owner ${process.pid}\n`);
  for await (const line of createInterface({ input: process.stdin })) {
    if (line === "stopping") {
      lock.stopping();
      process.stdout.write("stopping\n");
    }
    if (line === "release") {
      lock.release();
      process.exit(0);
    }
  }
} catch (err) {
  if (!(err instanceof DataDirLockedError)) throw err;
  process.stdout.write(`refused ${err.ownerPid}\n`);
  process.exit(3);
}
