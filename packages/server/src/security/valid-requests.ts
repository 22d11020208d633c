import { mulberry32, seedFrom } from '@netloom/simulator';
import { validCalls } from './arbitrary';
import { setUp, type HappyPath } from './fuzz';
import { urlOf, type Call, type Hints } from './generate';
import type { Operation } from './openapi';
import { shortBody, Tally, type Check, type Finding } from './findings';
import { send } from './world/requests';
import type { World } from './world/types';

export interface ValidResult {
  tally: Tally;
  findings: Finding[];
  /** Operations whose own valid call was refused (a second factor, a Google token): nothing generated for them. */
  skipped: string[];
  /** Operation → generated requests sent. */
  sent: Map<string, number>;
}

const ok = (status: number) => status >= 200 && status < 300;

/** Every message of a refusal's `errors`, or null when it names none. */
function refusalMessages(body: string): string[] | null {
  try {
    const errors = (JSON.parse(body) as { errors?: Record<string, unknown> }).errors;
    const messages = Object.values(errors ?? {})
      .flatMap((m) => (Array.isArray(m) ? m : [m]))
      .map(String);
    return messages.length ? messages : null;
  } catch {
    return null;
  }
}

/**
 * The refusals a valid request may get, each counted: the state of the world (a conflict with what
 * exists, a rate limit, an id or a credential the generator cannot know, each documented), or rules
 * the document states as `x-rules` because no schema can (an end after its start, a range's order):
 * a 400 is allowed only when every one of its messages is such a rule.
 */
function allowedRefusal(op: Operation, status: number, body: string, documented: Set<number>, rules: RegExp[]): Check | null {
  if (status === 429 && documented.has(429)) return '429 rate limited';
  // A public operation's 401 is about the credential it checks (a refresh token, from the body or the cookie; a code): the world's state.
  if (status === 401 && !op.secured && documented.has(401)) return '401 credential not valid';
  if (status === 409 && documented.has(409)) return '409 conflict with existing state';
  // A reference to an object the organisation does not have: the document says 422 is that, and the generator cannot know every id.
  if (status === 422 && documented.has(422)) return '422 names an object the organisation does not have';
  const messages = status === 400 && refusalMessages(body);
  if (messages && messages.every((m) => rules.some((rule) => rule.test(m)))) return 'rule the document states';
  return null;
}

/** The `x-rules` of an operation and of the components its schemas refer to, as patterns (`{…}` stands for any value). */
export function statedRules(document: { operation: unknown; components?: Record<string, unknown> }): RegExp[] {
  const rules: string[] = [];
  const followed = new Set<string>();
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (typeof node !== 'object' || node === null) return;
    for (const [key, value] of Object.entries(node)) {
      if (key === 'x-rules' && Array.isArray(value)) rules.push(...value.map(String));
      else if (key === '$ref' && typeof value === 'string') {
        const name = value.replace('#/components/schemas/', '');
        if (!followed.has(name)) {
          followed.add(name);
          walk(document.components?.[name]);
        }
      } else walk(value);
    }
  };
  walk(document.operation);
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return [...new Set(rules)].map(
    (rule) =>
      new RegExp(
        `^${rule
          .split(/\{[^}]*\}/)
          .map(escape)
          .join('.+')}$`,
      ),
  );
}

/**
 * The property-based pass: for each operation whose valid call works, requests drawn from its
 * document's schemas (fast-check, seeded by the run), sent as the principal that valid call used,
 * each on a new user and new objects once a change went through. A 4xx other than the allowed
 * state refusals is a valid request rejected: the server enforces a rule the document does not say.
 */
export async function sendValidRequests(
  world: World,
  ops: Operation[],
  happy: HappyPath[],
  settings: {
    seed: number;
    perOperation: number;
    documented: (op: Operation) => Set<number>;
    documentOf: (op: Operation) => { operation: unknown; components?: Record<string, unknown> };
  },
): Promise<ValidResult> {
  const result: ValidResult = { tally: new Tally(), findings: [], skipped: [], sent: new Map() };
  const app = world.t.app;
  const byOperation = new Map(happy.map((h) => [h.operation, h]));
  const call = (op: Operation, token: string | null, c: Call) => send(app, op.method, urlOf(op, c), token, c.body);
  for (const op of ops) {
    const valid = byOperation.get(op.key);
    if (!valid || !ok(valid.status)) {
      result.skipped.push(op.key);
      continue;
    }
    const role = valid.principal === 'super admin' ? 'super' : 'owner';
    const mutating = op.method !== 'GET' && op.method !== 'HEAD';
    const seed = Math.floor(mulberry32(seedFrom(settings.seed, `valid ${op.key}`))() * 0x7fffffff);
    result.sent.set(op.key, settings.perOperation);
    const rules = statedRules(settings.documentOf(op));
    let fixture = await setUp(world, op, role, []);
    let usedUp = false;
    for (let index = 0; index < settings.perOperation; index++) {
      // A change that went through may have used up the user, the object or a one-time token: the next call gets new ones.
      if (usedUp) fixture = await setUp(world, op, role, []);
      // Ids of no known kind are drawn at random: a 404 for a request naming one says nothing of its shape.
      const randomIds = new Set<string>();
      const hints: Hints = {
        ...fixture.hints,
        id: (kind, field) => {
          const id = fixture.hints.id(kind, field);
          if (!kind) randomIds.add(id);
          return id;
        },
      };
      const drawn = validCalls(op, fixture.call, hints, seed + index, 1)[0]!;
      const res = await call(op, fixture.token, drawn);
      usedUp = mutating && ok(res.statusCode);
      const who = `${valid.principal}: generated ${JSON.stringify({ query: drawn.query, body: drawn.body }).slice(0, 300)}`;
      world.conformance.check(op, res, `${valid.principal}: generated request`);
      result.tally.requests++;
      if (res.statusCode >= 500) {
        result.tally.add('5xx');
        result.findings.push({ check: '5xx', operation: op.key, who, status: res.statusCode, body: shortBody(res) });
      } else if (res.statusCode >= 400) {
        const namesRandomId = [...randomIds].some((id) => JSON.stringify(drawn).includes(id));
        const allowed =
          res.statusCode === 404 && namesRandomId
            ? '404 names an id nothing has'
            : allowedRefusal(op, res.statusCode, res.body, settings.documented(op), rules);
        if (allowed) {
          result.tally.excluded++;
          result.tally.add(allowed);
        } else {
          result.tally.add('valid refused');
          // The messages no rule of the document states: what to write down, or what the server should not refuse.
          const unstated = (refusalMessages(res.body) ?? []).filter((m) => !rules.some((rule) => rule.test(m)));
          const body = unstated.length ? `not stated: ${[...new Set(unstated)].map((m) => `'${m}'`).join(', ')} — ${shortBody(res)}` : shortBody(res);
          result.findings.push({ check: 'valid refused', operation: op.key, who, status: res.statusCode, body });
        }
      }
    }
  }
  return result;
}
