import { judgeVulnAnswers, packVulnReport, type WafVulnAnswer, type WafVulnJob, type WafVulnProbe } from '@netloom/domain';

/** Sends one probe to the application's origin; null: no answer (a network error, a time-out). */
export type SendProbe = (probe: WafVulnProbe, headers: Record<string, string>) => Promise<WafVulnAnswer | null>;

export interface VulnRunOptions {
  signal: AbortSignal;
  /** Waits (a test's clock may not). */
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  /** Told the requests sent so far, every few (a running test's progress). */
  progress?: (sent: number) => void;
}

/** Progress is told every this many requests. */
const PROGRESS_EVERY = 5;

const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (ms <= 0 || signal.aborted) return resolve();
    const t = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(t), resolve()), { once: true });
  });

/** The headers a probe carries: its account's Authorization, the CORS probe's Origin, and the application's Host. */
export function probeHeaders(job: WafVulnJob, probe: WafVulnProbe): Record<string, string> {
  const account = (probe.as === 'a' ? job.accounts.a : probe.as === 'b' ? job.accounts.b : null)?.secret;
  return {
    host: job.host,
    'user-agent': 'Netloom-QShield-VulnTest/1.0',
    accept: 'application/json, text/html;q=0.9, */*;q=0.5',
    ...(account ? { authorization: account } : {}),
    ...(probe.origin ? { origin: probe.origin } : {}),
  };
}

/**
 * Runs a vulnerability test's plan: one request at a time, at the run's rate, stopped when asked
 * or at its time limit; the answers are judged by the domain's rules and the report (the job's
 * answer) holds the findings, the credentials of the test accounts never in it.
 */
export async function runVulnPlan(job: WafVulnJob, send: SendProbe, opts: VulnRunOptions): Promise<string> {
  const now = opts.now ?? Date.now;
  const sleep = opts.sleep ?? ((ms: number) => wait(ms, opts.signal));
  const start = now();
  const gapMs = 1000 / job.rate_per_s;
  const answers: (WafVulnAnswer | null)[] = [];
  let stopped: string | null = null;
  for (const [i, probe] of job.plan.entries()) {
    const due = start + i * gapMs;
    if (due > now()) await sleep(due - now());
    if (opts.signal.aborted) {
      stopped = 'stopped';
      break;
    }
    if (now() - start >= job.time_limit_s * 1000) {
      stopped = `time limit of ${job.time_limit_s} s reached`;
      break;
    }
    answers.push(await send(probe, probeHeaders(job, probe)).catch(() => null));
    if (answers.length % PROGRESS_EVERY === 0 && answers.length < job.plan.length) opts.progress?.(answers.length);
  }
  const secrets = [job.accounts.a?.secret, job.accounts.b?.secret].filter((s): s is string => !!s);
  const findings = judgeVulnAnswers(job.plan.slice(0, answers.length), answers, { https: job.origin.startsWith('https:'), secrets });
  return packVulnReport({ sent: answers.length, stopped, findings });
}
