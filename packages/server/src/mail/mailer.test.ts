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
});
