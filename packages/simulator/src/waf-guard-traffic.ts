import { EDGE_RULE_IDS, decideWafRequest, graphqlLimitsPassed, type WafAttack, type WafEdgeApplication, type WafRequest } from '@netloom/domain';
import { chance, pick, randomInt, type Random } from './prng';
import { SIMULATED_CLIENTS } from './waf-corpus';

/** The shop's GraphQL operations as the edge's API guard measures them (never their text). */
const OPERATIONS: readonly NonNullable<WafRequest['graphql']>[] = [
  { operation: 'query', name: 'GetProducts', depth: 3, aliases: 0, fields: 18, introspection: false },
  { operation: 'query', name: 'ProductDetail', depth: 5, aliases: 0, fields: 42, introspection: false },
  { operation: 'query', name: 'SearchProducts', depth: 4, aliases: 2, fields: 30, introspection: false },
  { operation: 'mutation', name: 'AddToCart', depth: 3, aliases: 0, fields: 9, introspection: false },
  { operation: 'mutation', name: 'Checkout', depth: 4, aliases: 0, fields: 21, introspection: false },
  { operation: 'subscription', name: 'OrderStatus', depth: 2, aliases: 0, fields: 5, introspection: false },
];
/** What a scanner sends: the schema, a query nested past any sane limit, a batch of aliases. */
const HOSTILE: readonly NonNullable<WafRequest['graphql']>[] = [
  { operation: 'query', name: 'IntrospectionQuery', depth: 7, aliases: 0, fields: 180, introspection: true },
  { operation: 'query', name: null, depth: 16, aliases: 0, fields: 64, introspection: false },
  { operation: 'query', name: 'Batch', depth: 3, aliases: 120, fields: 480, introspection: false },
];
/** The shop's customers, who sign in and now and then mistype. */
const CUSTOMERS = ['alice@example.com', 'bob.smith@example.com', 'chen.wei@example.com', 'dana@example.org', 'erik@example.net'];

const hex = (random: Random, n: number) => Array.from({ length: n }, () => Math.floor(random() * 16).toString(16)).join('');

type Served = Omit<WafRequest, 'at' | 'request_id' | 'bytes' | 'elapsed_ms'>;

/** How often the scripted clients come: a scanner's GraphQL query, a credential-stuffing run (chances per interval). */
export interface GuardScripts {
  scannerChance: number;
  stuffingChance: number;
}
export const DEFAULT_GUARD_SCRIPTS: GuardScripts = { scannerChance: 0.3, stuffingChance: 0.25 };

/**
 * What the edge's API guard reports of one interval for an application whose policy turns it on:
 * customers' GraphQL operations (at least one an interval, and a scanner's, refused past the
 * limits), customers signing in, and now and then a scripted credential-stuffing run through a
 * leaked list, challenged (or refused) once it passes the address threshold. Enforcement follows
 * the WAF's mode: logged only in detection, nothing refused when off; a denied address never
 * reaches the guard.
 */
export function guardTraffic(
  random: Random,
  app: WafEdgeApplication,
  at: Date,
  intervalS: number,
  load: number,
  headers: (userAgent: string, path: string) => Partial<WafRequest>,
  scripts: GuardScripts = DEFAULT_GUARD_SCRIPTS,
): { requests: WafRequest[]; attacks: WafAttack[] } {
  const requests: WafRequest[] = [];
  const attacks: WafAttack[] = [];
  const host = app.domains[0]!.replace(/^\*\./, 'www.');
  const when = () => new Date(at.getTime() - random() * intervalS * 1000).toISOString();
  const enforcing = app.policy.mode !== 'off';
  const push = (r: Served, refusal: { id: number; message: string; data: string } | null) => {
    const refused = refusal !== null && enforcing;
    const blocking = app.policy.mode === 'blocking';
    const status = refused && blocking ? 403 : r.status;
    const request: WafRequest = {
      ...r,
      at: when(),
      request_id: hex(random, 32),
      status,
      bytes: status >= 400 ? randomInt(random, 150, 600) : randomInt(random, 400, 9_000),
      elapsed_ms: randomInt(random, 2, status >= 400 ? 5 : 120),
      ...headers(r.user_agent ?? '', r.path),
    };
    requests.push(request);
    if (!refused) return;
    const action: WafAttack['action'] = !blocking
      ? 'detected'
      : refusal.id === EDGE_RULE_IDS.loginAbuse && app.policy.login_protection.action === 'challenge'
        ? 'challenged'
        : 'blocked';
    attacks.push({
      at: request.at,
      application_id: app.id,
      request_id: request.request_id,
      host,
      client_ip: request.client_ip,
      method: request.method,
      path: request.path,
      status,
      action,
      anomaly_score: null,
      rules: [{ id: refusal.id, message: refusal.message, data: refusal.data, tags: ['netloom-edge', 'api-guard'], severity: 2 }],
      user_agent: request.user_agent,
    });
  };
  const base = (clientIp: string, userAgent: string, path: string): Served => ({
    application_id: app.id,
    host,
    client_ip: clientIp,
    method: 'POST',
    path,
    status: 200,
    user_agent: userAgent,
  });
  const browser = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

  const graphql = app.policy.graphql;
  if (graphql.enabled) {
    const path = graphql.paths[0]!;
    const n = Math.max(1, Math.round((30 * load * intervalS) / 60));
    for (let i = 0; i < n; i++) {
      const op = pick(random, OPERATIONS);
      push({ ...base(pick(random, SIMULATED_CLIENTS.visitors).ip, browser, path), status: chance(random, 0.02) ? 400 : 200, graphql: op }, null);
    }
    if (chance(random, scripts.scannerChance)) {
      const scanner = pick(random, SIMULATED_CLIENTS.attackers);
      if (decideWafRequest(app.policy, app.threat_lists, { clientIp: scanner.ip, country: scanner.country, path, rules: [] }).action === 'passed') {
        const op = pick(random, HOSTILE);
        const over = graphqlLimitsPassed(
          { maxDepth: op.depth, maxAliases: op.aliases, maxFields: op.fields, introspection: op.introspection ? 1 : 0 },
          graphql,
        )[0];
        const data =
          over === undefined
            ? null
            : over === 'introspection'
              ? 'introspection'
              : over === 'depth'
                ? `depth ${op.depth} over ${graphql.max_depth}`
                : over === 'aliases'
                  ? `aliases ${op.aliases} over ${graphql.max_aliases}`
                  : `fields ${op.fields} over ${graphql.max_fields}`;
        push(
          { ...base(scanner.ip, 'python-requests/2.31.0', path), graphql: op },
          data === null ? null : { id: EDGE_RULE_IDS.graphql, message: 'GraphQL query refused', data },
        );
      }
    }
  }

  const login = app.policy.login_protection;
  const endpoint = login.endpoints[0];
  if (login.enabled && endpoint) {
    const failed = login.failure_statuses[0] ?? 401;
    const n = Math.max(1, Math.round((6 * load * intervalS) / 60));
    for (let i = 0; i < n; i++) {
      const miss = chance(random, 0.12);
      push(
        {
          ...base(pick(random, SIMULATED_CLIENTS.visitors).ip, browser, endpoint.path),
          status: miss ? failed : 200,
          login: { account: pick(random, CUSTOMERS), failed: miss },
        },
        null,
      );
    }
    // A scripted run through a leaked list: one try per account, nearly all failing; past the threshold the guard steps in.
    if (chance(random, scripts.stuffingChance)) {
      const script = pick(random, SIMULATED_CLIENTS.attackers);
      if (
        decideWafRequest(app.policy, app.threat_lists, { clientIp: script.ip, country: script.country, path: endpoint.path, rules: [] }).action === 'passed'
      ) {
        const tries = login.client_failures + randomInt(random, 2, 8);
        let failures = 0;
        for (let i = 0; i < tries; i++) {
          const hit = chance(random, 0.03);
          const over = failures >= login.client_failures;
          push(
            {
              ...base(script.ip, 'python-requests/2.31.0', endpoint.path),
              status: hit ? 200 : failed,
              login: { account: `${pick(random, ['j', 'm', 's', 'k', 'l'])}${randomInt(random, 100, 99_999)}@mail.test`, failed: !hit },
            },
            over ? { id: EDGE_RULE_IDS.loginAbuse, message: 'Login abuse', data: `credential stuffing: ${failures} failed logins from this address` } : null,
          );
          if (!hit) failures++;
        }
      }
    }
  }
  return { requests, attacks };
}
