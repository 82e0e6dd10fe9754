// Structured logs: one JSON object per line on stdout, so any log collector can read them.

export interface Logger {
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
  /** Writes out whatever is buffered (before exit). */
  flush(): void;
}

// Request lines are buffered and written in batches: one write per request was a syscall each
// (stdout to a pipe is synchronous on Linux). A batch goes out at 16 kB or after 50 ms.
const FLUSH_BYTES = 16 * 1024;
const FLUSH_MS = 50;

export function createLogger(opts: { silent?: boolean; write?: (chunk: string) => void } = {}): Logger {
  const out = opts.write ?? ((chunk: string) => void process.stdout.write(chunk));
  let buffer = "";
  let timer: NodeJS.Timeout | null = null;
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (!buffer) return;
    const chunk = buffer;
    buffer = "";
    out(chunk);
  };
  const write = (level: string, msg: string, fields?: Record<string, unknown>, now = false) => {
    if (opts.silent) return;
    buffer += JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields }) + "\n";
    if (now || buffer.length >= FLUSH_BYTES) flush();
    else if (!timer) timer = setTimeout(flush, FLUSH_MS).unref();
  };
  return {
    info: (msg, fields) => write("info", msg, fields),
    // Warnings and errors go out at once: they matter most when the process is about to die.
    warn: (msg, fields) => write("warn", msg, fields, true),
    error: (msg, fields) => write("error", msg, fields, true),
    flush,
  };
}
