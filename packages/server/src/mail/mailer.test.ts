import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { createMailer } from './mailer';

const log = { info: () => undefined } as unknown as FastifyBaseLogger;

describe('mailer without SMTP', () => {
  it('keeps the last mails and drops each one as a file when asked', async () => {
    const dropDir = await mkdtemp(path.join(os.tmpdir(), 'netloom-mail-'));
    const mailer = createMailer({ smtpUrl: null, from: 'Netloom <no-reply@netloom.local>', dropDir }, log);
    await mailer.send({ to: 'ana@acme.test', subject: 'Activate', text: 'http://console.test/activate?token=abc' });
    expect(mailer.outbox.at(-1)?.to).toBe('ana@acme.test');
    const files = await readdir(dropDir);
    expect(files).toHaveLength(1);
    const stored = JSON.parse(await readFile(path.join(dropDir, files[0]!), 'utf8'));
    expect(stored).toMatchObject({ to: 'ana@acme.test', subject: 'Activate', text: expect.stringContaining('token=abc') });
  });

  it('drops an attachment as base64 beside the mail, so a test can open the file that was sent', async () => {
    const dropDir = await mkdtemp(path.join(os.tmpdir(), 'netloom-mail-'));
    const mailer = createMailer({ smtpUrl: null, from: 'Netloom <no-reply@netloom.local>', dropDir }, log);
    const content = Buffer.from('Name,Serial\r\nhq,SER-1\r\n');
    await mailer.send({
      to: 'noc@acme.test',
      subject: 'Report',
      text: 'attached',
      attachments: [{ filename: 'inventory.csv', contentType: 'text/csv', content }],
    });
    const [file] = await readdir(dropDir);
    const stored = JSON.parse(await readFile(path.join(dropDir, file!), 'utf8'));
    expect(stored.attachments).toEqual([{ filename: 'inventory.csv', contentType: 'text/csv', size: content.byteLength, content: content.toString('base64') }]);
    expect(mailer.outbox.at(-1)?.attachments?.[0]?.content.equals(content)).toBe(true);
  });
});
