import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { performance } from 'node:perf_hooks';

/** What one fetch of a page measured: each phase's own time, time to first byte and the whole, from the start (ms). */
export interface HttpTiming {
  ok: boolean;
  status?: number;
  error?: string;
  dns_ms?: number;
  connect_ms?: number;
  tls_ms?: number;
  ttfb_ms?: number;
  total_ms?: number;
}

const round = (v: number) => Math.round(v * 10) / 10;

/**
 * Fetches `url` once on a fresh connection and times it from the socket's own events: the name
 * lookup (none for an address), the TCP connect, the TLS handshake, the response's first byte
 * (its status line) and the end of its body. A status under 400 is an answer (redirects are not
 * followed: the first answer is the application's); an error status, a refused connection or no
 * answer within `timeoutMs` is a failure, with what was measured until then. Certificates are not
 * checked: the test measures the experience, and an endpoint may be told to test an internal
 * application with its own CA.
 */
export function timeHttp(url: string, timeoutMs: number): Promise<HttpTiming> {
  return new Promise((resolve) => {
    const u = new URL(url);
    const secure = u.protocol === 'https:';
    const start = performance.now();
    const at: { lookup?: number; connect?: number; secure?: number; first?: number } = {};
    let settled = false;
    const phases = (): Omit<HttpTiming, 'ok'> => {
      const lookupEnd = at.lookup ?? start;
      return {
        ...(at.connect !== undefined || at.lookup !== undefined ? { dns_ms: round(lookupEnd - start) } : {}),
        ...(at.connect !== undefined ? { connect_ms: round(at.connect - lookupEnd) } : {}),
        ...(secure && at.secure !== undefined && at.connect !== undefined ? { tls_ms: round(at.secure - at.connect) } : {}),
        ...(at.first !== undefined ? { ttfb_ms: round(at.first - start) } : {}),
      };
    };
    const done = (result: HttpTiming) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.destroy();
      resolve(result);
    };
    const options = { method: 'GET', agent: false as const, headers: { 'user-agent': 'netloom-agent-dem/1', accept: '*/*' }, rejectUnauthorized: false };
    const req = (secure ? https : http).request(u, options, (res) => {
      at.first = performance.now();
      res.on('data', () => {});
      res.on('end', () => {
        const status = res.statusCode ?? 0;
        const ok = status > 0 && status < 400;
        done({ ok, status, ...(ok ? {} : { error: `HTTP ${status}` }), ...phases(), total_ms: round(performance.now() - start) });
      });
      res.on('error', (err) => done({ ok: false, status: res.statusCode ?? 0, error: err.message, ...phases() }));
    });
    req.on('socket', (socket: net.Socket) => {
      socket.once('lookup', () => (at.lookup = performance.now()));
      socket.once('connect', () => (at.connect = performance.now()));
      socket.once('secureConnect', () => (at.secure = performance.now()));
    });
    req.on('error', (err: NodeJS.ErrnoException) => done({ ok: false, error: err.code ? `${err.code}: ${err.message}` : err.message, ...phases() }));
    const timer = setTimeout(() => done({ ok: false, error: `no answer within ${timeoutMs} ms`, ...phases() }), timeoutMs);
    req.end();
  });
}

/** Whether `host`:`port` takes a TCP connection within `timeoutMs`: an availability check of a service that is not a web page. */
export function timeConnect(host: string, port: number, timeoutMs: number): Promise<HttpTiming> {
  return new Promise((resolve) => {
    const start = performance.now();
    let lookupAt: number | undefined;
    const socket = net.connect({ host, port, timeout: timeoutMs });
    const done = (result: HttpTiming) => {
      socket.destroy();
      resolve(result);
    };
    socket.once('lookup', () => (lookupAt = performance.now()));
    socket.once('connect', () => {
      const now = performance.now();
      const lookupEnd = lookupAt ?? start;
      done({ ok: true, dns_ms: round(lookupEnd - start), connect_ms: round(now - lookupEnd), total_ms: round(now - start) });
    });
    socket.once('timeout', () => done({ ok: false, error: `no answer within ${timeoutMs} ms` }));
    socket.once('error', (err: NodeJS.ErrnoException) => done({ ok: false, error: err.code ? `${err.code}: ${err.message}` : err.message }));
  });
}
