import { ERROR_CODES, attachmentContentType, attachmentProblem, type TicketAttachment, type TicketThread } from '@netloom/domain';
import type { Db } from '../../db/client';
import { AppError, errors } from '../../http/errors';
import * as repo from './repo';
import { attachmentAnswer, messageAnswer, ticketAnswer } from './view';

/** What both sides share: files in and out, and a ticket with its thread. */

export const unprocessable = (fields: Record<string, string[]>) => new AppError(422, ERROR_CODES.validation, 'Invalid input.', fields);

/** Keeps an uploaded file for its uploader's next ticket or reply, once its name and size pass. */
export async function storeUpload(db: Db, uploadedBy: string, filename: string, content: Buffer, now: Date): Promise<TicketAttachment> {
  const problem = attachmentProblem(filename, content.byteLength);
  if (problem) throw errors.invalid({ file: [problem] }, problem);
  const stored = await repo.insertAttachment(db, {
    id: crypto.randomUUID(),
    uploadedBy,
    filename: filename.slice(-200),
    contentType: attachmentContentType(filename)!,
    size: content.byteLength,
    content,
    createdAt: now,
  });
  return attachmentAnswer(stored);
}

/** Attaches the caller's own fresh uploads; any other id (someone else's, used already, unknown) refuses the whole write. */
export async function attachOwn(tx: Db, ids: string[], uploadedBy: string, ticketId: string, messageId: string | null): Promise<void> {
  const unique = [...new Set(ids)];
  if ((await repo.attach(tx, unique, uploadedBy, ticketId, messageId)) !== unique.length)
    throw unprocessable({ attachment_ids: ['A file is not one you uploaded for this message, or is attached already'] });
}

export async function threadOf(db: Db, row: repo.TicketRow, side: 'customer' | 'provider', now: Date): Promise<TicketThread> {
  const withInternal = side === 'provider';
  const [messages, files] = await Promise.all([repo.messages(db, row.ticket.id, withInternal), repo.attachmentsOf(db, row.ticket.id)]);
  const shown = new Set(messages.map((m) => m.id));
  const visible = files.filter((f) => f.messageId === null || shown.has(f.messageId));
  return { ...ticketAnswer(row, visible, now), messages: messages.map((m) => messageAnswer(m, visible)) };
}

export async function download(db: Db, ticketId: string, attachmentId: string, side: 'customer' | 'provider') {
  const file = await repo.attachmentContent(db, ticketId, attachmentId, side === 'provider');
  if (!file) throw errors.notFound();
  return file;
}
