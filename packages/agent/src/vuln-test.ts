import http from 'node:http';
import https from 'node:https';
import type { WafVulnAnswer, WafVulnJob, WafVulnProbe } from '@netloom/domain';
import { runVulnPlan } from '@netloom/simulator';

/** Bytes of an answer's body judged at most. */
const BODY_BYTES = 16 * 1024;
const PROBE_TIMEOUT_MS = 10_000;

/**
 * Sends a probe straight to the application's origin (not through this edge's nginx, whose WAF
 * would refuse the probes), naming the application's host: the first bytes of the answer's body,
 * its status and headers; null when the origin does not answer in time.
 */
function probeOrigin(origin: string): (probe: WafVulnProbe, headers: Record<string, string>) => Promise<WafVulnAnswer | null> {
  const base = new URL(origin);
  const client = base.protocol === 'https:' ? https : http;
  return (probe, headers) =>
    new Promise((resolve) => {
      const url = new URL(probe.path, base);
      const req = client.request(url, { method: probe.method, headers, timeout: PROBE_TIMEOUT_MS, servername: headers.host?.replace(/:\d+$/, '') }, (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          if (size < BODY_BYTES) chunks.push(c);
          size += c.length;
          if (size >= BODY_BYTES) res.destroy();
        });
        const done = () => {
          const answerHeaders: Record<string, string> = {};
          for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) answerHeaders[k] = Array.isArray(v) ? v.join(', ') : v;
          resolve({ status: res.statusCode ?? 0, headers: answerHeaders, body: Buffer.concat(chunks).subarray(0, BODY_BYTES).toString('utf8') });
        };
        res.on('end', done);
        res.on('close', done);
        res.on('error', done);
      });
      req.on('timeout', () => req.destroy());
      req.on('error', () => resolve(null));
      req.end();
    });
}

/** A vulnerability test run from this edge host: its report (JSON) once the plan is sent, stopped or out of time. */
export function runVulnTest(job: WafVulnJob, signal: AbortSignal, progress?: (sent: number) => void): Promise<string> {
  return runVulnPlan(job, probeOrigin(job.origin), { signal, ...(progress ? { progress } : {}) });
}
