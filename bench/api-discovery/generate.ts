/**
 * A generated API for bench:api-discovery: endpoint templates of mixed shapes (collections, objects
 * by numeric id, UUID, slug, opaque or prefixed id, nested resources, static actions, files by
 * hash, reports by date, some with query parameters), and requests against them with a realistic
 * skew (Zipf over endpoints and over the objects of each). Seeded: the same API and requests every run.
 */

/** mulberry32: a small seeded generator, so every run draws the same API and traffic. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Draws 0..n-1 with P(k) ∝ 1/(k+1)^s (a precomputed table, binary search). */
export function zipf(n: number, s: number, random: () => number): () => number {
  const cdf = new Float64Array(n);
  let sum = 0;
  for (let k = 0; k < n; k++) cdf[k] = sum += 1 / Math.pow(k + 1, s);
  return () => {
    const x = random() * sum;
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (cdf[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

const ROOTS = ['/api/v1', '/api/v2', '/internal', '/partner/v3'];
const RESOURCES = [
  'users',
  'orders',
  'products',
  'carts',
  'invoices',
  'payments',
  'shipments',
  'reviews',
  'categories',
  'stores',
  'customers',
  'accounts',
  'sessions',
  'tokens',
  'documents',
  'reports',
  'events',
  'webhooks',
  'subscriptions',
  'plans',
  'coupons',
  'inventory',
  'warehouses',
  'suppliers',
  'messages',
  'notifications',
  'tickets',
  'articles',
  'comments',
  'tags',
];
const SUBRESOURCES = ['items', 'notes', 'history', 'attachments', 'settings', 'members', 'addresses', 'refunds', 'lines', 'versions', 'permissions', 'labels'];
const ACTIONS = ['search', 'export', 'summary', 'stats', 'bulk', 'archive', 'restore', 'verify', 'recent', 'featured', 'count', 'preview'];
const WORDS = [
  'red',
  'blue',
  'green',
  'cotton',
  'steel',
  'small',
  'large',
  'classic',
  'modern',
  'winter',
  'summer',
  'pro',
  'lite',
  'travel',
  'home',
  'garden',
  'kitchen',
  'sport',
  'urban',
  'vintage',
  'shirt',
  'lamp',
  'chair',
  'table',
  'bag',
  'boot',
  'mug',
  'desk',
  'sofa',
  'watch',
];
const METHODS_OF_OBJECT = ['GET', 'PUT', 'PATCH', 'DELETE'];
const ID_KINDS = ['numeric', 'numeric', 'numeric', 'uuid', 'uuid', 'slug', 'opaque', 'prefixed'] as const;
type IdKind = (typeof ID_KINDS)[number] | 'hash' | 'date';

type Part = { literal: string } | { variable: IdKind; pool: string[] | null };
export interface TruthEndpoint {
  method: string;
  /** Placeholders written `{}`: what a discovered template is compared with (any placeholder name). */
  template: string;
  parts: Part[];
  query: { name: string; kind: 'int' | 'word' | 'date' | 'email' }[];
}

const B62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const HEX = '0123456789abcdef';

/** The generated API: `count` distinct endpoints (method and template). */
export function generateApi(count: number, random: () => number): TruthEndpoint[] {
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  // Each resource of each root names its objects one way, and a slug resource has its own pool of slugs.
  const idOf = new Map<string, { kind: IdKind; pool: string[] | null }>();
  const idFor = (key: string) => {
    let id = idOf.get(key);
    if (!id) {
      const kind = pick(ID_KINDS);
      const pool =
        kind === 'slug'
          ? Array.from({ length: 4000 }, (_, i) => `${pick(WORDS)}-${pick(WORDS)}-${pick(WORDS)}${i % 3 === 0 ? `-${i}` : ''}`)
          : kind === 'prefixed'
            ? Array.from({ length: 1 }, () => `${key.split('/').pop()!.slice(0, 3)}_`)
            : null;
      id = { kind, pool };
      idOf.set(key, id);
    }
    return id;
  };
  const variable = (key: string): Part => ({ variable: idFor(key).kind, pool: idFor(key).pool });
  const seen = new Set<string>();
  const drawn: string[][] = [];
  const api: TruthEndpoint[] = [];
  while (api.length < count) {
    const root = pick(ROOTS);
    const res = pick(RESOURCES);
    const sub = pick(SUBRESOURCES);
    const base: Part[] = [
      ...root
        .split('/')
        .slice(1)
        .map((literal) => ({ literal })),
      { literal: res },
    ];
    const object = [...base, variable(`${root}/${res}`)];
    const shape = Math.floor(random() * 9);
    let parts: Part[];
    let method = 'GET';
    switch (shape) {
      case 0:
        parts = base;
        method = pick(['GET', 'POST']);
        break;
      case 1:
      case 2:
        parts = object;
        method = pick(METHODS_OF_OBJECT);
        break;
      case 3:
        parts = [...object, { literal: sub }];
        method = pick(['GET', 'POST']);
        break;
      case 4:
        parts = [...object, { literal: sub }, variable(`${root}/${res}/${sub}`)];
        method = pick(METHODS_OF_OBJECT);
        break;
      case 5:
        parts = [...base, { literal: pick(ACTIONS) }];
        method = pick(['GET', 'POST']);
        break;
      case 6:
        parts = [...base, { variable: 'hash', pool: null }];
        break;
      case 7:
        parts = [...base, { variable: 'date', pool: null }, { literal: pick(['daily', 'summary', 'csv']) }];
        break;
      default:
        parts = [...object, { literal: sub }, variable(`${root}/${res}/${sub}`), { literal: pick(ACTIONS) }];
        method = 'POST';
    }
    const template = '/' + parts.map((p) => ('literal' in p ? p.literal : '{}')).join('/');
    const key = `${method} ${template}`;
    const kinded = parts.map((p) => ('literal' in p ? p.literal : `{${p.variable}}`));
    // Two endpoints no one could tell apart from their paths are not drawn: a static word where
    // another endpoint (of any method) has a slug or an opaque id. Beside numbers, UUIDs, hashes and dates it may be.
    const unreadable = (s: string) => s === '{slug}' || s === '{opaque}' || s === '{prefixed}';
    const clashes = drawn.some(
      (other) =>
        other.length === kinded.length &&
        other.every((s, i) => s === kinded[i] || (s.startsWith('{') && kinded[i]!.startsWith('{')) || unreadable(s) || unreadable(kinded[i]!)) &&
        other.some((s, i) => s !== kinded[i] && (unreadable(s) || unreadable(kinded[i]!)) && !(s.startsWith('{') && kinded[i]!.startsWith('{'))),
    );
    if (seen.has(key) || clashes) continue;
    seen.add(key);
    drawn.push(kinded);
    const query: TruthEndpoint['query'] =
      method === 'GET' && random() < 0.35
        ? [
            { name: 'page', kind: 'int' as const },
            { name: pick(['q', 'sort', 'filter']), kind: 'word' as const },
            ...(random() < 0.3 ? [{ name: 'since', kind: 'date' as const }] : []),
            ...(random() < 0.15 ? [{ name: 'email', kind: 'email' as const }] : []),
          ]
        : [];
    api.push({ method, template, parts, query });
  }
  return api;
}

/** A request's path (with its query) for an endpoint: its variable segments drawn with a skew. */
export function requestMaker(random: () => number): (e: TruthEndpoint) => string {
  const objects = zipf(200_000, 1.05, random);
  const slugs = zipf(4000, 1.0, random);
  const chars = (alphabet: string, n: number, seed: number) => {
    // The same object id always writes the same way: derived from its number.
    let x = seed + 0x9e3779b9;
    let out = '';
    for (let i = 0; i < n; i++) {
      x = Math.imul(x ^ (x >>> 16), 0x45d9f3b) >>> 0;
      out += alphabet[x % alphabet.length];
    }
    return out;
  };
  const value = (p: Extract<Part, { variable: IdKind }>): string => {
    const n = objects();
    switch (p.variable) {
      case 'numeric':
        return String(n + 1);
      case 'uuid': {
        const h = chars(HEX, 32, n);
        return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
      }
      case 'slug':
        return p.pool![slugs()]!;
      case 'opaque':
        return chars(B62, 10, n);
      case 'prefixed':
        return `${p.pool![0]}${chars(B62, 14, n)}`;
      case 'hash':
        return chars(HEX, n % 2 ? 40 : 32, n);
      case 'date': {
        const d = new Date(Date.UTC(2026, 0, 1) + (n % 330) * 86_400_000);
        return d.toISOString().slice(0, 10);
      }
    }
  };
  const queryValue = (kind: TruthEndpoint['query'][number]['kind']) => {
    const n = Math.floor(random() * 50);
    if (kind === 'int') return String(n + 1);
    if (kind === 'date') return `2026-11-${String((n % 28) + 1).padStart(2, '0')}`;
    if (kind === 'email') return `user${n}%40example.com`;
    return ['name', 'price', 'recent', 'blue', 'open'][n % 5]!;
  };
  return (e) => {
    const path = '/' + e.parts.map((p) => ('literal' in p ? p.literal : value(p))).join('/');
    const query = e.query.filter(() => random() < 0.6).map((q) => `${q.name}=${queryValue(q.kind)}`);
    return query.length ? `${path}?${query.join('&')}` : path;
  };
}
