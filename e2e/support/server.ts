import { spawn, type ChildProcess } from 'node:child_process';
import { rm } from 'node:fs/promises';

/** One server per Playwright worker: its own port, embedded database and mail folder, so journeys in different workers share nothing. */
export interface E2eServer {
  url: string;
  /** Where this server drops every mail it sends (journeys read activation and reset links from it). */
  mailDir: string;
  stop(): Promise<void>;
}

/** An e-mail domain the journeys' servers take as verified without DNS (SSO_LAB_VERIFIED_DOMAINS). */
export const SSO_LAB_DOMAIN = 'sso-lab.test';
/** Another such domain, for the SAML journey's organisation. */
export const SAML_LAB_DOMAIN = 'saml-lab.test';

/** The first worker's port; the next workers take the ports after it. */
export const BASE_PORT = Number(process.env.E2E_PORT ?? 8181);

const dataDirOf = (port: number) => `.data/e2e-${port}`;
export const mailDirOf = (port: number) => `.data/e2e-mail-${port}`;

async function waitUntilAnswering(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the e2e server on ${url} exited with ${child.exitCode} before answering`);
    const ok = await fetch(`${url}/api/v1/auth/login-options/`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`the e2e server on ${url} did not answer within ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * The real server on a fresh embedded database, seeded with the demo tenants and logins and no
 * simulated fleet, serving the built console (npm run build first) with its component gallery.
 */
export async function startServer(slot: number): Promise<E2eServer> {
  const port = BASE_PORT + slot;
  const url = `http://127.0.0.1:${port}`;
  const dataDir = dataDirOf(port);
  const mailDir = mailDirOf(port);
  await Promise.all([rm(dataDir, { recursive: true, force: true }), rm(mailDir, { recursive: true, force: true })]);
  const child = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/server.ts'], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      MAIL_DIR: mailDir,
      DEMO_FLEET: '0',
      PORT: String(port),
      CONSOLE_GALLERY: '1',
      // The address the browser uses: identity providers send it back there (the SSO redirect URI).
      PUBLIC_URL: url,
      // Single sign-on journeys: a lab's provider on loopback http and a lab domain that passes its DNS check.
      SSO_ALLOW_HTTP_ISSUERS: '1',
      SSO_LAB_VERIFIED_DOMAINS: [SSO_LAB_DOMAIN, SAML_LAB_DOMAIN].join(','),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // A worker that dies without its teardown must not leave its server holding the port for the next one.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  try {
    await waitUntilAnswering(url, child, 120_000);
  } catch (err) {
    child.kill('SIGKILL');
    throw err;
  }
  return {
    url,
    mailDir,
    stop: async () => {
      process.off('exit', killOnExit);
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
