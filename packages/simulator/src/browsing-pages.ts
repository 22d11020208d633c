import type { WebCategoryId } from '@netloom/domain';
import { pick, randomInt, type Random } from './prng';

/** What a page of a kind of site asks its server for: the page, then what the page itself fetches. */
export type PageStyle = 'article' | 'feed' | 'video' | 'audio' | 'shop' | 'chat' | 'search' | 'app' | 'download' | 'site';

const STYLE_OF: Partial<Record<WebCategoryId, PageStyle>> = {
  news: 'article',
  sports: 'article',
  entertainment: 'article',
  blogs: 'article',
  reference: 'article',
  health: 'article',
  'social-networking': 'feed',
  forums: 'feed',
  dating: 'feed',
  'streaming-media': 'video',
  adult: 'video',
  music: 'audio',
  shopping: 'shop',
  'fashion-beauty': 'shop',
  food: 'shop',
  travel: 'shop',
  'ai-tools': 'chat',
  'search-engines': 'search',
  webmail: 'app',
  business: 'app',
  collaboration: 'app',
  'video-conferencing': 'app',
  messaging: 'app',
  'cloud-storage': 'app',
  banking: 'app',
  finance: 'app',
  gambling: 'app',
  cryptocurrency: 'app',
  'software-updates': 'download',
  'file-sharing': 'download',
};

export const pageStyleOf = (category: string): PageStyle => STYLE_OF[category as WebCategoryId] ?? 'site';

/** One HTTP exchange of a visit. */
export interface Fetch {
  method: 'GET' | 'POST';
  /** A subdomain of the site it goes to ('static', 'api'), or none: the page's own host. */
  sub?: string;
  path: string;
  contentType: string;
  /** Response bytes when it is sent whole (status 200). */
  bytes: number;
  /** What a 2xx answer is: 201 for a created item, 204 for a beacon. */
  status?: number;
  /** The server thinks this long before answering (an AI model writing, a search). */
  thinkMs?: number;
  /** A static file the browser may hold already (answered 304 now and then). */
  cacheable?: boolean;
}

const KB = 1_000;
const MB = 1_000_000;
/** Sizes spread over orders of magnitude, as real responses are. */
const logUniform = (random: Random, min: number, max: number): number => Math.round(min * (max / min) ** random());
const hex = (random: Random, n: number): string => Array.from({ length: n }, () => Math.floor(random() * 16).toString(16)).join('');

const TOPICS = ['world', 'business', 'technology', 'sport', 'culture', 'politics', 'science', 'travel', 'health', 'opinion'];
const WORDS = ['market', 'election', 'storm', 'launch', 'review', 'final', 'budget', 'record', 'summit', 'update', 'guide', 'season', 'deal', 'study'];
const QUERIES = [
  'weather+tomorrow',
  'flights+to+lisbon',
  'python+list+comprehension',
  'best+laptop+2025',
  'excel+vlookup',
  'train+times',
  'pizza+near+me',
  'eur+to+usd',
  'how+to+reset+vpn',
  'invoice+template',
  'public+holidays',
  'translate+thank+you',
];
const API_RESOURCES = ['messages', 'threads', 'files', 'projects', 'notifications', 'contacts', 'calendar/events', 'accounts', 'tasks', 'presence'];
const DOWNLOADS = ['setup', 'installer', 'update', 'driver', 'tool', 'client'];

const slug = (random: Random) => `${pick(random, WORDS)}-${pick(random, WORDS)}-${randomInt(random, 1000, 99999)}`;

/** The script, style and pictures a page loads from its static host: a few, mostly cached after the first visit. */
function assets(random: Random, images: number): Fetch[] {
  const out: Fetch[] = [];
  if (random() < 0.7)
    out.push({
      method: 'GET',
      sub: 'static',
      path: `/js/main.${hex(random, 8)}.js`,
      contentType: 'application/javascript',
      bytes: logUniform(random, 40 * KB, 600 * KB),
      cacheable: true,
    });
  if (random() < 0.4)
    out.push({
      method: 'GET',
      sub: 'static',
      path: `/css/site.${hex(random, 8)}.css`,
      contentType: 'text/css',
      bytes: logUniform(random, 10 * KB, 120 * KB),
      cacheable: true,
    });
  for (let i = randomInt(random, 0, images); i > 0; i--) {
    out.push({
      method: 'GET',
      sub: 'img',
      path: `/images/${hex(random, 12)}.webp`,
      contentType: 'image/webp',
      bytes: logUniform(random, 8 * KB, 400 * KB),
      cacheable: true,
    });
  }
  return out;
}

const html = (path: string, random: Random, min = 30 * KB, max = 250 * KB): Fetch => ({
  method: 'GET',
  path,
  contentType: 'text/html',
  bytes: logUniform(random, min, max),
});
const json = (method: 'GET' | 'POST', path: string, random: Random, min = 1 * KB, max = 40 * KB, status?: number): Fetch => ({
  method,
  sub: 'api',
  path,
  contentType: 'application/json',
  bytes: logUniform(random, min, max),
  ...(status ? { status } : {}),
});

/** A visit's exchanges with its site, the page first. */
export function pageFetches(style: PageStyle, random: Random): Fetch[] {
  switch (style) {
    case 'article':
      return [html(`/${pick(random, TOPICS)}/${slug(random)}`, random), ...assets(random, 5)];
    case 'feed': {
      const page = html(pick(random, ['/', '/feed', '/home', `/u/${pick(random, WORDS)}${randomInt(random, 1, 999)}`, '/explore']), random);
      const posts = Array.from({ length: randomInt(random, 1, 4) }, () => json('POST', '/api/graphql', random, 2 * KB, 60 * KB));
      const clip =
        random() < 0.3
          ? [{ method: 'GET' as const, sub: 'video', path: `/v/${hex(random, 16)}.mp4`, contentType: 'video/mp4', bytes: logUniform(random, 500 * KB, 6 * MB) }]
          : [];
      return [page, ...posts, ...clip, ...assets(random, 6)];
    }
    case 'video': {
      const id = hex(random, 11);
      const segments = Array.from({ length: randomInt(random, 2, 8) }, (_, i) => ({
        method: 'GET' as const,
        sub: 'video',
        path: `/videoplayback?id=${id}&itag=${pick(random, [18, 22, 137, 248])}&seg=${i + 1}`,
        contentType: 'video/mp4',
        bytes: logUniform(random, 700 * KB, 5 * MB),
      }));
      return [
        html(pick(random, [`/watch?v=${id}`, '/browse', `/title/${randomInt(random, 10_000_000, 99_999_999)}`]), random),
        ...segments,
        ...assets(random, 3),
      ];
    }
    case 'audio': {
      const track = hex(random, 22);
      const chunks = Array.from({ length: randomInt(random, 1, 4) }, (_, i) => ({
        method: 'GET' as const,
        sub: 'audio',
        path: `/audio/${track}?chunk=${i + 1}`,
        contentType: 'audio/mpeg',
        bytes: logUniform(random, 300 * KB, 3 * MB),
      }));
      return [html(pick(random, ['/', `/track/${track}`, `/album/${hex(random, 22)}`]), random), ...chunks];
    }
    case 'shop': {
      const page = html(
        pick(random, [`/s?k=${pick(random, QUERIES)}`, `/product/${randomInt(random, 100_000, 9_999_999)}`, `/dp/B0${hex(random, 8).toUpperCase()}`, '/deals']),
        random,
      );
      const cart = random() < 0.15 ? [json('POST', '/cart/add', random, 500, 4 * KB, 201)] : [];
      return [page, json('GET', `/recommendations?for=${hex(random, 6)}`, random), ...cart, ...assets(random, 8)];
    }
    case 'chat':
      return [
        html(pick(random, ['/', `/c/${hex(random, 8)}-${hex(random, 4)}-${hex(random, 4)}`]), random, 20 * KB, 120 * KB),
        json('GET', '/backend-api/models', random, 1 * KB, 8 * KB),
        {
          method: 'POST',
          sub: 'api',
          path: '/backend-api/conversation',
          contentType: 'text/event-stream',
          bytes: logUniform(random, 4 * KB, 80 * KB),
          thinkMs: randomInt(random, 2_000, 25_000),
        },
        ...assets(random, 0),
      ];
    case 'search': {
      const q = pick(random, QUERIES);
      return [
        { ...html(`/search?q=${q}`, random, 60 * KB, 400 * KB), thinkMs: randomInt(random, 50, 300) },
        json('GET', `/complete/search?q=${q.slice(0, 4)}`, random, 500, 5 * KB),
        ...assets(random, 4),
      ];
    }
    case 'app': {
      const calls = Array.from({ length: randomInt(random, 1, 5) }, () =>
        random() < 0.3
          ? json('POST', `/api/v1/${pick(random, API_RESOURCES)}`, random, 200, 6 * KB, pick(random, [200, 201, 204]))
          : json('GET', `/api/v1/${pick(random, API_RESOURCES)}`, random),
      );
      return [html(pick(random, ['/', '/app', '/dashboard', '/inbox', '/home']), random, 20 * KB, 150 * KB), ...calls, ...assets(random, 1)];
    }
    case 'download':
      return [
        html(pick(random, ['/', '/download', `/${pick(random, DOWNLOADS)}`]), random),
        {
          method: 'GET',
          sub: 'dl',
          path: `/download/${pick(random, DOWNLOADS)}-${randomInt(random, 1, 24)}.${randomInt(random, 0, 9)}.${pick(random, ['exe', 'msi', 'dmg', 'deb', 'zip'])}`,
          contentType: 'application/octet-stream',
          bytes: logUniform(random, 2 * MB, 150 * MB),
        },
      ];
    case 'site':
      return [
        html(
          pick(random, ['/', '/about', '/contact', '/products', `/${pick(random, WORDS)}`, `/${pick(random, TOPICS)}/${pick(random, WORDS)}`]),
          random,
          15 * KB,
          200 * KB,
        ),
        ...assets(random, 4),
      ];
  }
}

/** What a page fetches from a tracker, an ad server or a script CDN: small, and mostly not worth caching. */
export function thirdPartyFetch(category: string, random: Random): Fetch {
  if (category === 'cdn-infrastructure') {
    return {
      method: 'GET',
      path: `/npm/${pick(random, ['jquery', 'bootstrap', 'swiper', 'lodash'])}@${randomInt(random, 1, 5)}/dist/index.min.js`,
      contentType: 'application/javascript',
      bytes: logUniform(random, 20 * KB, 150 * KB),
      cacheable: true,
    };
  }
  if (random() < 0.5) return { method: 'POST', path: '/g/collect', contentType: 'text/plain', bytes: 0, status: 204 };
  return { method: 'GET', path: `/pixel?id=${hex(random, 10)}&ev=${pick(random, ['view', 'scroll', 'click'])}`, contentType: 'image/gif', bytes: 43 };
}
