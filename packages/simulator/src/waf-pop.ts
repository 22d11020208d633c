import {
  EDGE_RULE_IDS,
  WAF_EDGE_DEVICE_TYPE,
  decideWafRequest,
  type ConfigDocument,
  type WafAttack,
  type WafEdgeApplication,
  type WafRequest,
  type WafVulnAnswer,
  type WafVulnJob,
  type WafVulnProbe,
} from '@netloom/domain';
import type { DeviceBehaviour, HeartbeatBody, HelloBody, MetricsBody, WafTraffic } from './behaviour';
import { chance, pick, randomInt, type Random } from './prng';
import { dailyCurve, localHour } from './traffic';
import { BENIGN_AGENTS, BENIGN_PATHS, SIMULATED_ATTACKS, SIMULATED_CLIENTS } from './waf-corpus';
import { DEFAULT_GUARD_SCRIPTS, guardTraffic, type GuardScripts } from './waf-guard-traffic';
import { runVulnPlan } from './vuln-test-runner';

/**
 * The headers a scripted client sends, as the edge logs them: a browser sends its languages, its
 * encodings and (Chromium) its client hints; a script sends neither. A call to the API carries a key
 * (its fingerprint: the edge keeps no key).
 */
function clientHeaders(
  userAgent: string,
  apiKey: string | null,
): Pick<WafRequest, 'accept_language' | 'accept_encoding' | 'sec_ch_ua' | 'api_key' | 'bot_class'> {
  const browser = userAgent.startsWith('Mozilla/5.0') && !/bot|crawl|spider/i.test(userAgent);
  const chromium = /Chrome\/(\d+)/.exec(userAgent)?.[1];
  return {
    accept_language: browser ? 'en-GB,en;q=0.9' : null,
    accept_encoding: browser ? 'gzip, deflate, br' : /curl|python|Go-http/i.test(userAgent) ? null : 'gzip',
    sec_ch_ua: chromium ? `"Chromium";v="${chromium}", "Google Chrome";v="${chromium}", "Not_A Brand";v="24"` : null,
    api_key: apiKey,
    bot_class: null,
  };
}

/** The simulated API's keys, as fingerprints: a few partners' keys on the API's paths, none elsewhere. */
const API_KEYS = ['3f1c9a0b7d2e4f61', '9b0e2d4c6a8f1357', 'c4d2e6f80a1b3c5d'];
const apiKeyOf = (random: Random, path: string) => (path.startsWith('/api/') ? pick(random, API_KEYS) : null);

export interface WafPopProfile {
  serial: string;
  name: string;
  publicIp: string;
  location: { name: string; lat: number; lng: number };
  /** Requests per minute to each application at the busiest hour. */
  peakRequestsPerMinute: number;
  /** Share of requests that are attacks. */
  attackShare: number;
}

export function wafPopProfile(random: Random, i: number): WafPopProfile {
  const places = [
    { name: 'Frankfurt POP', lat: 50.11, lng: 8.68, ip: '203.0.113.80' },
    { name: 'Virginia POP', lat: 38.95, lng: -77.45, ip: '203.0.113.81' },
    { name: 'Singapore POP', lat: 1.35, lng: 103.82, ip: '203.0.113.82' },
  ];
  const place = places[i % places.length]!;
  return {
    serial: `WAF-POP-${String(i + 1).padStart(3, '0')}-${Math.floor(random() * 1e6)}`,
    name: place.name.toLowerCase().replace(/ /g, '-'),
    publicIp: place.ip,
    location: { name: place.name, lat: place.lat, lng: place.lng },
    peakRequestsPerMinute: 120,
    attackShare: 0.06,
  };
}

const hex = (random: Random, n: number) => Array.from({ length: n }, () => Math.floor(random() * 16).toString(16)).join('');

/**
 * A simulated WAF POP (a QShield edge in a provider's data centre): it serves the applications its
 * `waf` section names, and every interval reports the requests it served and the attacks among
 * them, each decided by the domain's rule of what an edge running that policy does (blocked,
 * detected, excluded, denied). The demo's QShield pages come alive with it; the real edge (the
 * agent in its waf-edge role, in front of nginx with ModSecurity) is what the tests prove.
 */
export class WafPopBehaviour implements DeviceBehaviour {
  readonly kind = 'gateway' as const;
  readonly metricsEvery = 2 as const;
  private applications: WafEdgeApplication[] = [];
  private rx = 0;
  private tx = 0;

  constructor(
    readonly profile: WafPopProfile,
    private readonly random: Random,
    /** How often its scripted clients come (a journey makes them come every interval). */
    private readonly scripts: GuardScripts = DEFAULT_GUARD_SCRIPTS,
  ) {}

  get serial() {
    return this.profile.serial;
  }
  get name() {
    return this.profile.name;
  }
  get publicIp() {
    return this.profile.publicIp;
  }

  hello(): HelloBody {
    return {
      identity: { serial: this.profile.serial, name: this.profile.name, kind: 'gateway', device_type: WAF_EDGE_DEVICE_TYPE },
      model: 'QShield POP',
      os: 'Debian GNU/Linux 12 (bookworm)',
      version: '1.0.0',
    };
  }

  heartbeat(_at: Date, configHash: string | null): HeartbeatBody {
    return {
      status: 'running',
      wan: [{ name: 'WAN1', status: 'up', ifname: 'eth0', weight: 1 }],
      public_ip: this.profile.publicIp,
      location: this.profile.location,
      config_hash: configHash,
    };
  }

  metrics(at: Date): MetricsBody {
    return { at: at.toISOString(), interfaces: [{ ifname: 'eth0', rx_bytes: this.rx, tx_bytes: this.tx }], ping: [] };
  }

  diagnostics(): string {
    return `QShield POP ${this.profile.name}: ${this.applications.length} application(s)`;
  }

  sessionMs(): null {
    return null;
  }

  /** A vulnerability test against the simulated application behind this POP (the demo's findings). */
  vulnTest(job: WafVulnJob, signal: AbortSignal, progress: (sent: number) => void): Promise<string> {
    return runVulnPlan(job, async (probe, headers) => simulatedOrigin(probe, headers), { signal, progress });
  }

  configure(doc: ConfigDocument | null): void {
    this.applications = doc?.waf?.applications ?? [];
  }

  wafEvents(at: Date, intervalS: number): WafTraffic {
    const requests: WafRequest[] = [];
    const attacks: WafAttack[] = [];
    const load = dailyCurve(localHour(at, this.profile.location.lng));
    for (const app of this.applications) {
      const n = Math.round((this.profile.peakRequestsPerMinute * load * intervalS) / 60);
      for (let i = 0; i < n; i++) {
        const when = new Date(at.getTime() - this.random() * intervalS * 1000).toISOString();
        const host = pick(this.random, app.domains).replace(/^\*\./, 'www.');
        const requestId = hex(this.random, 32);
        const served = (path: string, method: string, status: number, clientIp: string, userAgent: string) => {
          const bytes = status >= 400 ? randomInt(this.random, 150, 600) : randomInt(this.random, 800, 60_000);
          this.tx += bytes;
          this.rx += randomInt(this.random, 300, 1500);
          requests.push({
            at: when,
            application_id: app.id,
            request_id: requestId,
            host,
            client_ip: clientIp,
            method,
            path,
            status,
            bytes,
            elapsed_ms: randomInt(this.random, 2, status >= 400 ? 5 : 180),
            user_agent: userAgent,
            ...clientHeaders(userAgent, apiKeyOf(this.random, path)),
          });
        };
        if (!chance(this.random, this.profile.attackShare)) {
          const client = pick(this.random, SIMULATED_CLIENTS.visitors);
          served(
            pick(this.random, BENIGN_PATHS),
            chance(this.random, 0.15) ? 'POST' : 'GET',
            chance(this.random, 0.03) ? 404 : 200,
            client.ip,
            pick(this.random, BENIGN_AGENTS),
          );
          continue;
        }
        const client = pick(this.random, SIMULATED_CLIENTS.attackers);
        const attack = pick(this.random, SIMULATED_ATTACKS);
        // The simulated attackers are scripts: none ever runs a challenge's JavaScript.
        const decision = decideWafRequest(app.policy, app.threat_lists, {
          clientIp: client.ip,
          country: client.country,
          path: attack.path.split('?')[0]!,
          rules: attack.rules.map((r) => ({ id: r.id, tags: r.tags, paranoia: attack.paranoia, parameter: /within ARGS:([\w.-]+)/.exec(r.data)?.[1] ?? null })),
        });
        const base = {
          at: when,
          application_id: app.id,
          request_id: requestId,
          host,
          client_ip: client.ip,
          method: attack.method,
          path: attack.path,
          user_agent: attack.userAgent,
        };
        if (decision.action === 'passed') {
          served(attack.path, attack.method, 200, client.ip, attack.userAgent);
        } else if (decision.action === 'denied') {
          const id = decision.why === 'country' ? EDGE_RULE_IDS.countryDeny : decision.why === 'threat_list' ? EDGE_RULE_IDS.threatList : EDGE_RULE_IDS.ipDeny;
          served(attack.path, attack.method, 403, client.ip, attack.userAgent);
          attacks.push({
            ...base,
            status: 403,
            action: 'denied',
            anomaly_score: null,
            rules: [{ id, message: `Client denied (${decision.why.replace('_', ' ')})`, data: client.ip, tags: ['netloom-edge'], severity: 2 }],
          });
        } else if (decision.action === 'challenged') {
          served(attack.path, attack.method, 403, client.ip, attack.userAgent);
          attacks.push({
            ...base,
            status: 403,
            action: 'challenged',
            anomaly_score: null,
            rules: [
              { id: EDGE_RULE_IDS.threatChallenge, message: 'Client on a challenge list without a pass', data: client.ip, tags: ['netloom-edge'], severity: 2 },
            ],
          });
        } else {
          const rules = attack.rules.filter((r) => decision.rules.includes(r.id)).map((r) => ({ ...r, severity: 2 }));
          const score = rules.length * 5;
          const blocked = decision.action === 'blocked' && score >= app.policy.inbound_threshold;
          const status = blocked ? 403 : 200;
          served(attack.path, attack.method, status, client.ip, attack.userAgent);
          const scoring = blocked
            ? [{ id: 949110, message: `Inbound Anomaly Score Exceeded (Total Score: ${score})`, data: '', tags: ['anomaly-evaluation'], severity: 2 }]
            : [];
          attacks.push({ ...base, status, action: blocked ? 'blocked' : 'detected', anomaly_score: score, rules: [...rules, ...scoring] });
        }
      }
      // What the edge's API guard reports: GraphQL operations and login attempts, when the policy turns it on.
      const guard = guardTraffic(
        this.random,
        app,
        at,
        intervalS,
        load,
        (userAgent, path) => clientHeaders(userAgent, apiKeyOf(this.random, path)),
        this.scripts,
      );
      requests.push(...guard.requests);
      attacks.push(...guard.attacks);
      // A burst now and then past the application's first rate limit: the edge answers 429.
      const limit = app.policy.rate_limits[0];
      if (limit && chance(this.random, 0.2)) {
        const client = pick(this.random, SIMULATED_CLIENTS.attackers);
        const over = randomInt(this.random, 3, 20);
        for (let i = 0; i < over; i++) {
          attacks.push({
            at: new Date(at.getTime() - this.random() * intervalS * 1000).toISOString(),
            application_id: app.id,
            request_id: hex(this.random, 32),
            host: app.domains[0]!.replace(/^\*\./, 'www.'),
            client_ip: client.ip,
            method: 'POST',
            path: limit.path,
            status: 429,
            action: 'rate_limited',
            anomaly_score: null,
            rules: [
              {
                id: EDGE_RULE_IDS.rateLimit,
                message: `Rate limit of ${limit.requests_per_minute}/min on ${limit.path} exceeded`,
                data: '',
                tags: ['netloom-edge'],
                severity: 4,
              },
            ],
            user_agent: 'python-requests/2.31.0',
          });
        }
      }
    }
    return { requests, attacks };
  }
}

/**
 * How the simulated application behind a POP answers: any signed-in account reads any object
 * (BOLA), health and status paths answer anyone, a quote in a search reaches its SQL, a value of
 * the wrong type ends in a stack trace, and it sends no security headers.
 */
export function simulatedOrigin(probe: WafVulnProbe, headers: Record<string, string>): WafVulnAnswer {
  const json = (status: number, body: unknown): WafVulnAnswer => ({ status, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const url = new URL(probe.path, 'http://origin');
  const open = /health|status|public|version/i.test(url.pathname);
  if (!headers.authorization && !open) return json(401, { error: 'authentication required' });
  const values = [...url.pathname.split('/').map(decodeURIComponent), ...url.searchParams.values()];
  if (values.some((v) => v.includes("'")) && /search|find|query|list/i.test(probe.template)) {
    return json(500, { error: 'SQLSTATE[42000]: Syntax error or access violation: 1064 You have an error in your SQL syntax' });
  }
  if (values.includes('not-a-number')) {
    return json(500, { error: 'TypeError: Cannot read properties of undefined', stack: '\n    at loadObject (/srv/app/src/handlers.js:41:17)' });
  }
  return json(200, { id: 1, ok: true });
}
