import type { FastifyBaseLogger } from 'fastify';
import { rumBeaconSchema, type RumBeacon, type RumSite } from '@netloom/domain';
import type { Services } from '../composition/services';
import { seedActor, type DemoOwner } from './ztna';

/** The demo's two RUM sites: a shop (a website, page loads) and a portal (a single-page app, route changes). */
const DEMO_SITES: readonly DemoRumSite[] = [
  {
    name: 'Acme Shop',
    kind: 'website',
    origin: 'https://shop.acme.test',
    pages: ['/', '/products', '/products/espresso-machine', '/cart', '/checkout', '/account'],
  },
  { name: 'Acme Portal', kind: 'app', origin: 'https://portal.acme.test', pages: ['/dashboard', '/orders', '/orders/:id', '/customers/:id', '/settings'] },
];

const USER_AGENTS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
];
/** Public addresses of a few countries (the shipped GeoIP data places them): visitors come from them. */
const VISITORS = ['8.8.8.8', '151.101.1.1', '81.2.69.160', '5.9.0.1', '62.4.0.1', '133.242.0.1', '177.71.0.1', '1.1.1.1', '49.36.0.1', '80.67.0.1'];

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;
const id = () => crypto.randomUUID().replaceAll('-', '').slice(0, 20);
/** A log-normal value around `median`: real timings have a long slow tail. */
const around = (median: number, spread = 0.5) => Math.max(1, Math.round(median * Math.exp(spread * gauss())));
function gauss(): number {
  return Math.sqrt(-2 * Math.log(1 - Math.random())) * Math.cos(2 * Math.PI * Math.random());
}

/** A demo site: its kind, origin and pages (routes for an app). */
export interface DemoRumSite {
  name: string;
  kind: 'website' | 'app';
  origin: string;
  pages: readonly string[];
}

/** One page load of a demo visitor: timings, the five vitals with attribution, now and then an error or a route change. */
export function demoBeacon(site: DemoRumSite, at: number, release = '2.3.1'): RumBeacon {
  const page = pick(site.pages);
  // The checkout and the orders page are slow (a heavy hero image, a long list): the page shows why.
  const slow = page === '/checkout' || page === '/orders' ? 2.2 : 1;
  const ttfb = around(180 * slow, 0.6);
  const route = site.kind === 'app' ? page : undefined;
  const path = page.replace(':id', String(1000 + Math.floor(Math.random() * 9000)));
  const events: unknown[] = [
    {
      t: 'view',
      at,
      nav: {
        type: pick(['navigate', 'navigate', 'navigate', 'reload', 'back_forward']),
        dns: around(12),
        connect: around(25),
        tls: around(30),
        ttfb,
        dom_interactive: ttfb + around(400),
        load: ttfb + around(900 * slow),
      },
    },
    { t: 'vital', at: at + 50, name: 'TTFB', value: ttfb },
    { t: 'vital', at: at + 400, name: 'FCP', value: ttfb + around(600 * slow, 0.4) },
    {
      t: 'vital',
      at: at + 900,
      name: 'LCP',
      value: ttfb + around(1400 * slow, 0.45),
      attribution: {
        target: slow > 1 ? 'main > section.hero > img' : 'h1.title',
        url: slow > 1 ? `${site.origin}/img/hero-4k.jpg` : undefined,
        phases: { ttfb, resourceLoadDelay: around(200), resourceLoadDuration: around(600 * slow), elementRenderDelay: around(80) },
      },
    },
    { t: 'vital', at: at + 5000, name: 'CLS', value: Math.round(Math.abs(gauss()) * 0.06 * slow * 1000) / 1000, attribution: { target: 'div.banner' } },
    {
      t: 'vital',
      at: at + 8000,
      name: 'INP',
      value: around(120 * slow, 0.6),
      attribution: {
        target: pick(['button.add-to-cart', 'input#search', 'a.nav-link']),
        interaction_type: pick(['pointer', 'keyboard']),
        phases: { inputDelay: around(20), processingDuration: around(60 * slow), presentationDelay: around(30) },
      },
    },
  ];
  if (Math.random() < 0.04)
    events.push({
      t: 'error',
      at: at + 3000,
      kind: 'TypeError',
      message: `Cannot read properties of undefined (reading 'price')`,
      stack: `TypeError: Cannot read properties of undefined (reading 'price')\n    at renderCart (${site.origin}/assets/app.min.js:1:48213)\n    at ${site.origin}/assets/app.min.js:1:9123`,
    });
  if (site.kind === 'app' && Math.random() < 0.3)
    events.push({ t: 'route', at: at + 9000, from: `${site.origin}${path}`, to: `${site.origin}/dashboard`, route: '/dashboard' });
  return rumBeaconSchema.parse({ v: 1, sid: id(), pid: id(), url: `${site.origin}${path}`, ...(route ? { route } : {}), release, events });
}

/** The demo organisation's RUM sites, made once with the other demo objects. */
export async function seedDemoRum(services: Services, owner: DemoOwner): Promise<void> {
  const actor = seedActor(owner);
  const existing = new Set((await services.rumSites.list(actor)).map((s) => s.name));
  for (const s of DEMO_SITES)
    if (!existing.has(s.name)) await services.rumSites.create(actor, { name: s.name, kind: s.kind, origins: [s.origin], sample_rate: 1, honour_dnt: false });
}

/**
 * Visitors of the demo sites while the demo fleet runs: a day of page loads at start (so the page has
 * history), then a few every couple of seconds, each through the ingest (enrichment, queue, store).
 */
export function startDemoRum(services: Services, owner: DemoOwner, log: FastifyBaseLogger): () => void {
  const actor = seedActor(owner);
  let stopped = false;
  const send = async (sites: RumSite[], count: number, at: () => number) => {
    const waits: Promise<void>[] = [];
    for (let i = 0; i < count; i++) {
      const demo = pick(DEMO_SITES);
      const site = sites.find((s) => s.name === demo.name);
      const ingestSite = site && (await services.rumIngest.site(site.public_key));
      if (!ingestSite) continue;
      waits.push(services.rumIngest.accept(ingestSite, demoBeacon(demo, at()), { ip: pick(VISITORS), userAgent: pick(USER_AGENTS) }));
    }
    await Promise.all(waits);
  };
  const run = async () => {
    const sites = await services.rumSites.list(actor);
    const now = Date.now();
    // The last 23 hours (the ingest takes event times up to a day old), busier in the day.
    await send(sites, 1500, () => now - Math.floor(Math.random() * 23 * 3_600_000));
    while (!stopped) {
      await new Promise((r) => setTimeout(r, 2_000).unref());
      if (!stopped) await send(sites, 1 + Math.floor(Math.random() * 4), () => Date.now());
    }
  };
  run().catch((err: Error) => log.warn({ err }, 'The demo RUM visitors stopped'));
  return () => {
    stopped = true;
  };
}
