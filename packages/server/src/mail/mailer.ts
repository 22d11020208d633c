import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

/** A file sent with a mail (a scheduled report). */
interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  attachments?: MailAttachment[];
}

/** The drop folder's JSON for a mail: attachments as base64, so a test can open the file that was sent. */
const dropped = (message: MailMessage) => ({
  ...message,
  ...(message.attachments
    ? {
        attachments: message.attachments.map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          size: a.content.byteLength,
          content: a.content.toString('base64'),
        })),
      }
    : {}),
});

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
export function createMailer(opts: { smtpUrl: string | null; from: string; dropDir?: string | null }, log: FastifyBaseLogger): Mailer {
  const outbox: MailMessage[] = [];
  const transport = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  return {
    outbox,
    async send(message) {
      outbox.push(message);
      if (outbox.length > OUTBOX_SIZE) outbox.shift();
      if (opts.dropDir) {
        // One file per mail, like a file-based mail backend: a browser test can read its link.
        await mkdir(opts.dropDir, { recursive: true });
        const name = `${Date.now()}-${crypto.randomUUID().slice(0, 8)}.json`;
        await writeFile(path.join(opts.dropDir, name), JSON.stringify({ from: opts.from, ...dropped(message) }, null, 2));
      }
      if (transport) {
        await transport.sendMail({ from: opts.from, ...message });
      } else {
        log.info(
          { mail: { to: message.to, subject: message.subject, attachments: message.attachments?.map((a) => a.filename) } },
          `mail (not sent, no SMTP_URL):\n${message.text}`,
        );
      }
    },
  };
}
