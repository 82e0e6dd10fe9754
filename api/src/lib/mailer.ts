import nodemailer from "nodemailer";
import type { Config } from "../config.ts";
import type { Logger } from "../logger.ts";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /**
   * Sends in the background: the request answers without waiting for the mail server, so an
   * answer takes the same time whether or not a mail goes out. A failure is logged, never thrown.
   */
  send(message: MailMessage): void;
  /** Resolves when every mail handed to send() so far is sent or failed (tests, shutdown). */
  idle(): Promise<void>;
}

/** The operator's SMTP server (SMTP_URL) through nodemailer, or null when mail is not configured. */
export function createMailer(mail: Config["mail"], log: Logger): Mailer | null {
  if (!mail) return null;
  const transport = nodemailer.createTransport(mail.smtpUrl);
  const pending = new Set<Promise<void>>();
  return {
    send(message) {
      const sending = transport
        .sendMail({ from: mail.from, to: message.to, subject: message.subject, text: message.text })
        .then(
          () => undefined,
          (err: unknown) => log.error("mail not sent", { subject: message.subject, error: err instanceof Error ? err.message : String(err) }),
        );
      pending.add(sending);
      void sending.finally(() => pending.delete(sending));
    },
    async idle() {
      await Promise.all([...pending]);
    },
  };
}
