// The second game server of the browser tests (playwright.config.ts): the same build with mail
// configured (issue 46), so the first server keeps SPEC.md's contact-support dialog and today's
// e-mail change. Its SMTP_URL points at a receiver the spec itself starts on 127.0.0.1.
const BASE_PORT = Number(process.env.E2E_PORT ?? 3210);
export const MAIL_APP_PORT = BASE_PORT + 1;
export const MAIL_SMTP_PORT = BASE_PORT + 2;
export const MAIL_APP_URL = `http://localhost:${MAIL_APP_PORT}`;
