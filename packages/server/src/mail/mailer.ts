import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** The last messages sent, newest last: what the log transport shows a developer, and tests read. */
  readonly outbox: readonly MailMessage[];
}

const OUTBOX_SIZE = 50;

/**
 * SMTP when SMTP_URL is set; otherwise messages go to the server log, so activation and reset
 * links work on a laptop with no mail server.
 */
export function createMailer(opts: { smtpUrl: string | null; from: string }, log: FastifyBaseLogger): Mailer {
  const outbox: MailMessage[] = [];
  const transport = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  return {
    outbox,
    async send(message) {
      outbox.push(message);
      if (outbox.length > OUTBOX_SIZE) outbox.shift();
      if (transport) {
        await transport.sendMail({ from: opts.from, ...message });
      } else {
        log.info({ mail: { to: message.to, subject: message.subject } }, `mail (not sent, no SMTP_URL):\n${message.text}`);
      }
    },
  };
}
