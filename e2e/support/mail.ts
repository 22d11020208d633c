import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { BASE_PORT, mailDirOf } from './server';

interface DroppedMail {
  to: string;
  subject: string;
  text: string;
}

/** The newest mail this worker's e2e server sent to `to` (it drops each as a JSON file in its mail folder). */
export async function lastMailTo(to: string): Promise<DroppedMail> {
  const mailDir = mailDirOf(BASE_PORT + test.info().parallelIndex);
  let found: DroppedMail | undefined;
  await expect(async () => {
    const files = (await readdir(mailDir).catch(() => [] as string[])).sort().reverse();
    for (const f of files) {
      const mail = JSON.parse(await readFile(path.join(mailDir, f), 'utf8')) as DroppedMail;
      if (mail.to === to) {
        found = mail;
        return;
      }
    }
    throw new Error(`no mail to ${to} yet`);
  }).toPass({ timeout: 10_000 });
  return found!;
}

/** The path and query of the first console link in a mail (e.g. /activate?token=…). */
export function linkIn(mail: DroppedMail, pathname: string): string {
  const match = new RegExp(`https?://[^\\s]+(${pathname}\\?token=[\\w-]+)`).exec(mail.text);
  if (!match?.[1]) throw new Error(`no ${pathname} link in: ${mail.text}`);
  return match[1];
}
