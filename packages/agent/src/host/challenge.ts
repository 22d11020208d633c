import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PASS_COOKIE, PASS_EXPIRES_COOKIE } from '../render/nginx-waf';

/** How long a pass lets a challenged client through before it is challenged again. */
const PASS_SECONDS = 30 * 60;

/**
 * The pass nginx's secure_link module checks (`secure_link_md5 "$secure_link_expires$remote_addr$waf_app secret"`):
 * MD5 in base64url without padding, bound to the client's address, the application and an expiry.
 */
export function passFor(secret: string, clientIp: string, appId: string, expires: number): string {
  return createHash('md5').update(`${expires}${clientIp}${appId} ${secret}`).digest('base64url');
}

/** Whether a request's cookies hold a valid, unexpired pass of this client for this application (nginx's secure_link check, made by the agent). */
export function hasValidPass(secret: string, cookieHeader: string | undefined, clientIp: string, appId: string, now = Date.now()): boolean {
  const cookies = new Map(
    (cookieHeader ?? '').split(';').map((c) => {
      const at = c.indexOf('=');
      return [c.slice(0, at).trim(), c.slice(at + 1).trim()] as const;
    }),
  );
  const pass = cookies.get(PASS_COOKIE);
  const expires = Number(cookies.get(PASS_EXPIRES_COOKIE));
  if (!pass || !Number.isInteger(expires) || expires * 1000 < now) return false;
  return pass === passFor(secret, clientIp, appId, expires);
}

/** A fresh pass for the challenge page: the client's, for this application, valid for PASS_SECONDS. */
export function freshPass(secret: string, clientIp: string, appId: string): { pass: string; expires: number } {
  const expires = Math.floor(Date.now() / 1000) + PASS_SECONDS;
  return { pass: passFor(secret, clientIp, appId, expires), expires };
}

/**
 * The challenge page: a script that stores the pass as two cookies and reloads the page the client
 * asked for, which nginx then lets through. A client that runs no JavaScript (most scripts and
 * scanners) never gets past it; one that blocks cookies is told so instead of reloading for ever.
 */
export function challengePage(pass: string, expires: number): string {
  const script = [
    `var a="; path=/; max-age=${PASS_SECONDS}; SameSite=Lax"+(location.protocol==="https:"?"; Secure":"");`,
    `document.cookie="${PASS_COOKIE}=${pass}"+a;`,
    `document.cookie="${PASS_EXPIRES_COOKIE}=${expires}"+a;`,
    `if(document.cookie.indexOf("${PASS_COOKIE}=${pass}")>=0)location.reload();`,
    `else document.getElementById("m").textContent="This site needs cookies to let you in.";`,
  ].join('');
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>Checking your browser</title></head>',
    '<body style="font-family:sans-serif;text-align:center;margin-top:20vh">',
    '<p id="m">Checking your browser…</p>',
    '<noscript><p>This site needs JavaScript to let you in.</p></noscript>',
    `<script>${script}</script>`,
    '</body></html>',
    '',
  ].join('\n');
}

/**
 * The edge's challenge issuer: nginx sends it (as the page of a request from a challenge-listed
 * client without a valid pass) the client's address and application in headers; it answers 403
 * with the challenge page holding a fresh pass. nginx checks passes itself with the same secret,
 * so a passed client costs the agent nothing. The secret is new at every start: a restart
 * challenges the listed clients once more.
 */
export class ChallengeIssuer {
  readonly secret = randomBytes(32).toString('base64url');
  private server: http.Server | null = null;

  /** Listens on 127.0.0.1 (a port of the system's choosing unless given); its host:port for nginx. */
  async start(port = 0): Promise<string> {
    this.server = http.createServer((req, res) => {
      const header = (name: string) => String(req.headers[name] ?? '');
      const expires = Math.floor(Date.now() / 1000) + PASS_SECONDS;
      const pass = passFor(this.secret, header('x-real-ip'), header('x-waf-app'), expires);
      res.writeHead(403, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
      res.end(challengePage(pass, expires));
    });
    await new Promise<void>((r) => this.server!.listen(port, '127.0.0.1', r));
    return `127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    await new Promise((r) => (this.server ? this.server.close(r) : r(undefined)));
    this.server = null;
  }
}
