import type { FastifyRequest } from 'fastify';
import { TICKET_ATTACHMENT_MAX_BYTES, attachmentMessages } from '@netloom/domain';
import { errors } from '../../http/errors';

/**
 * Reads the one file of a multipart upload (field `file`), stopping at the size limit: a bigger
 * file is refused with the limit in its message, and nothing of it is kept.
 */
export async function readUpload(request: FastifyRequest): Promise<{ filename: string; content: Buffer }> {
  if (!request.isMultipart()) throw errors.invalid({ file: ['Send the file as multipart/form-data (field "file")'] });
  const part = await request.file({ limits: { fileSize: TICKET_ATTACHMENT_MAX_BYTES, files: 1, fields: 0, parts: 1 } });
  if (!part) throw errors.invalid({ file: [attachmentMessages.missing] });
  let content: Buffer;
  try {
    content = await part.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw errors.invalid({ file: [attachmentMessages.tooBig] }, attachmentMessages.tooBig);
    throw err;
  }
  if (part.file.truncated) throw errors.invalid({ file: [attachmentMessages.tooBig] }, attachmentMessages.tooBig);
  return { filename: part.filename || 'file', content };
}

/** A stored file as a download of its own type only: never rendered by the browser as a page. */
export function downloadHeaders(filename: string): Record<string, string> {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return {
    'content-disposition': `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`,
    'cache-control': 'private, no-store',
    'x-content-type-options': 'nosniff',
  };
}
