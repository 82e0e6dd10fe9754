import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  to: string[];
  subject: string;
  /** The decoded plain-text body. */
  text: string;
}

export interface MailReceiver {
  /** smtp://127.0.0.1:port, for SMTP_URL. */
  url: string;
  port: number;
  mails: ReceivedMail[];
  /** The first mail to `to` (beyond those already taken) arriving within `timeoutMs`. */
  next(to: string, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/** Plain-text mails as nodemailer writes them: 7bit or quoted-printable. */
export function decodeMail(raw: string): { subject: string; text: string } {
  const split = raw.indexOf("\r\n\r\n");
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, " ");
  let body = raw.slice(split + 4);
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, "im").exec(head)?.[1]?.trim() ?? "";
  if (/quoted-printable/i.test(header("Content-Transfer-Encoding"))) {
    body = body.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  }
  return { subject: header("Subject"), text: body.replace(/\r\n/g, "\n") };
}

/**
 * A local SMTP receiver for tests: mail sent to it never leaves the machine. Listens on
 * 127.0.0.1 (port 0: any free one), no TLS, no authentication.
 */
export async function startMailReceiver(port = 0): Promise<MailReceiver> {
  const mails: ReceivedMail[] = [];
  const taken = new Set<ReceivedMail>();
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const { subject, text } = decodeMail(Buffer.concat(chunks).toString("utf8"));
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), subject, text });
        for (const wake of waiters) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const actualPort = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${actualPort}`,
    port: actualPort,
    mails,
    next(to, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const mail = mails.find((m) => !taken.has(m) && m.to.some((t) => t.toLowerCase() === to.toLowerCase()));
          if (!mail) return false;
          taken.add(mail);
          waiters.delete(check);
          clearTimeout(timer);
          resolve(mail);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`No mail to ${to} within ${timeoutMs} ms`));
        }, timeoutMs);
        if (!check()) waiters.add(check);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The link in a mail's text that starts with `prefix`. */
export function linkIn(mail: ReceivedMail, prefix: string): string {
  const link = mail.text.split(/\s+/).find((w) => w.startsWith(prefix));
  if (!link) throw new Error(`No link ${prefix} in: ${mail.text}`);
  return link;
}
