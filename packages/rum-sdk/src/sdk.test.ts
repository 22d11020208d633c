// @vitest-fresh-modules: each test loads the SDK afresh, as a page does, with its own script tag.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { rumBeaconSchema } from '@netloom/domain';
import type { Beacon } from './types.ts';

let n = 0;
let endpoint = '';
let sendBeacon: ReturnType<typeof vi.fn>;
const listeners: [string, EventListenerOrEventListenerObject][] = [];
const originalAdd = window.addEventListener.bind(window);
let originalPush: History['pushState'];
let originalReplace: History['replaceState'];

beforeAll(() => {
  originalPush = history.pushState;
  originalReplace = history.replaceState;
});

beforeEach(() => {
  // Each test its own endpoint: what an earlier test's SDK may still send is not this test's.
  endpoint = `https://rum.example.test/api/v1/rum/ingest/key${++n}/`;
  sendBeacon = vi.fn(() => true);
  Object.defineProperty(navigator, 'sendBeacon', { configurable: true, value: sendBeacon });
  window.addEventListener = ((type: string, listener: EventListenerOrEventListenerObject, options?: AddEventListenerOptions) => {
    listeners.push([type, listener]);
    originalAdd(type, listener, options);
  }) as typeof window.addEventListener;
});

afterEach(() => {
  for (const [type, listener] of listeners.splice(0)) window.removeEventListener(type, listener);
  window.addEventListener = originalAdd;
  history.pushState = originalPush;
  history.replaceState = originalReplace;
  document.head.innerHTML = '';
  delete window.NetloomRUM;
  Object.defineProperty(navigator, 'doNotTrack', { configurable: true, value: null });
  vi.unstubAllGlobals();
});

/** Puts the snippet's tag on the page and runs the SDK as the browser would. */
async function load(attrs: Record<string, string> = {}) {
  document.head.innerHTML = '';
  const tag = document.createElement('script');
  tag.dataset.key = `key${n}`;
  tag.dataset.endpoint = endpoint;
  tag.dataset.sample = '1';
  tag.dataset.dnt = 'false';
  for (const [k, v] of Object.entries(attrs)) tag.setAttribute(`data-${k}`, v);
  document.head.append(tag);
  vi.resetModules();
  await import('./index.ts');
}

const hide = () => window.dispatchEvent(new Event('pagehide'));

/** The beacons this test's SDK sent, each one checked against the schema the ingest endpoint parses with. */
function beacons(): Beacon[] {
  return sendBeacon.mock.calls
    .filter(([url]) => url === endpoint)
    .map(([, body]) => {
      const beacon = JSON.parse(body as string) as Beacon;
      expect(rumBeaconSchema.safeParse(beacon).error).toBeUndefined();
      return beacon;
    });
}
const events = () => beacons().flatMap((b) => b.events);

describe('the RUM SDK on a page', () => {
  it('reports the page view to its endpoint with a session id kept in session storage, the URL without its query, and no cookie', async () => {
    originalReplace.call(history, null, '', '/checkout?card=4111#step2');
    await load({ release: 'web@1.2.3' });
    hide();

    const [beacon] = beacons();
    expect(beacon).toMatchObject({ v: 1, url: 'http://localhost:3000/checkout', release: 'web@1.2.3' });
    expect(beacon!.sid).toMatch(/^[\w-]{8,64}$/);
    expect(beacon!.pid).toMatch(/^[\w-]{8,64}$/);
    expect(beacon!.events).toContainEqual(expect.objectContaining({ t: 'view', nav: expect.objectContaining({ type: 'navigate' }) }));
    expect(JSON.parse(sessionStorage.getItem('netloom_rum')!)).toEqual({ sid: beacon!.sid, in: true });
    expect(document.cookie).toBe('');
  });

  it('keeps the session id across the pages of a tab', async () => {
    sessionStorage.setItem('netloom_rum', JSON.stringify({ sid: 'tab-session-0001', in: true }));
    await load();
    hide();
    expect(beacons()[0]!.sid).toBe('tab-session-0001');
  });

  it('samples per session: a session drawn out sends nothing on any of its pages, one drawn in is measured whole', async () => {
    await load({ sample: '0' });
    hide();
    expect(beacons()).toEqual([]);
    expect(JSON.parse(sessionStorage.getItem('netloom_rum')!)).toMatchObject({ in: false });
    // The SPA's calls still work on a page that is not measured.
    expect(() => window.NetloomRUM!.setRoute('/x')).not.toThrow();

    sessionStorage.setItem('netloom_rum', JSON.stringify({ sid: 'drawn-in-session', in: true }));
    await load({ sample: '0' });
    hide();
    expect(beacons()).toHaveLength(1);
  });

  it('honours Do Not Track and Global Privacy Control only when the site says so', async () => {
    Object.defineProperty(navigator, 'doNotTrack', { configurable: true, value: '1' });
    await load({ dnt: 'true' });
    hide();
    expect(beacons()).toEqual([]);

    await load({ dnt: 'false' });
    hide();
    expect(beacons()).toHaveLength(1);

    Object.defineProperty(navigator, 'doNotTrack', { configurable: true, value: null });
    Object.defineProperty(navigator, 'globalPrivacyControl', { configurable: true, value: true });
    sessionStorage.clear();
    sendBeacon.mockClear();
    await load({ dnt: 'true' });
    hide();
    expect(beacons()).toEqual([]);
    Object.defineProperty(navigator, 'globalPrivacyControl', { configurable: true, value: undefined });
  });

  it('reports uncaught errors and unhandled rejections with their stack, once each', async () => {
    await load();
    const thrown = new TypeError("Cannot read properties of undefined (reading 'total')");
    const error = new ErrorEvent('error', { error: thrown, message: thrown.message, filename: 'https://shop.example/app.min.js', lineno: 1, colno: 4242 });
    window.dispatchEvent(error);
    window.dispatchEvent(
      new ErrorEvent('error', { error: thrown, message: thrown.message, filename: 'https://shop.example/app.min.js', lineno: 1, colno: 4242 }),
    );
    window.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason: new RangeError('quota exceeded') }));
    window.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason: 'plain reason' }));
    hide();

    const errors = events().filter((e) => e.t === 'error');
    expect(errors).toEqual([
      expect.objectContaining({
        kind: 'TypeError',
        message: thrown.message,
        stack: thrown.stack,
        source: 'https://shop.example/app.min.js',
        line: 1,
        col: 4242,
      }),
      expect.objectContaining({ kind: 'RangeError', message: 'quota exceeded', stack: expect.stringContaining('RangeError: quota exceeded') }),
      expect.objectContaining({ kind: 'UnhandledRejection', message: 'plain reason' }),
    ]);
  });

  it('starts a new page view on an SPA route change, named by the route template the router sets', async () => {
    originalReplace.call(history, null, '', '/users');
    await load();
    const first = () => beacons().find((b) => b.url === 'http://localhost:3000/users');
    history.pushState({}, '', '/users/42?tab=audit');
    window.NetloomRUM!.setRoute('/users/:id');
    history.replaceState({}, '', '/users/42?tab=keys');
    hide();

    const routed = beacons().filter((b) => b.url === 'http://localhost:3000/users/42');
    expect(routed).toHaveLength(1);
    expect(routed[0]).toMatchObject({ route: '/users/:id' });
    expect(routed[0]!.pid).not.toBe(first()!.pid);
    expect(routed[0]!.events).toEqual([
      expect.objectContaining({ t: 'route', from: 'http://localhost:3000/users', to: 'http://localhost:3000/users/42', route: '/users/:id' }),
      expect.objectContaining({ t: 'view', nav: { type: 'route' } }),
    ]);

    // Back: popstate is a route change too.
    originalReplace.call(history, null, '', '/users');
    window.dispatchEvent(new PopStateEvent('popstate'));
    hide();
    expect(beacons().filter((b) => b.events.some((e) => e.t === 'route' && e.to === 'http://localhost:3000/users'))).toHaveLength(1);
  });

  it('sends a batch as soon as it is full, without waiting for the page to hide', async () => {
    originalReplace.call(history, null, '', '/');
    await load();
    for (let i = 0; i < 15; i++) history.pushState({}, '', `/page/${i}`);
    // 15 route changes: a route and a view event each, the batch's size.
    expect(events().filter((e) => e.t === 'route')).toHaveLength(15);
  });

  it('sends with fetch keepalive when sendBeacon refuses, and never throws into the page when sending fails', async () => {
    sendBeacon.mockReturnValue(false);
    const fetch = vi.fn(() => Promise.resolve(new Response(null, { status: 204 })));
    vi.stubGlobal('fetch', fetch);
    await load();
    hide();
    expect(fetch).toHaveBeenCalledWith(endpoint, expect.objectContaining({ method: 'POST', keepalive: true, credentials: 'omit' }));

    sendBeacon.mockImplementation(() => {
      throw new Error('beacon broken');
    });
    fetch.mockImplementation(() => {
      throw new Error('fetch broken');
    });
    window.dispatchEvent(new ErrorEvent('error', { error: new Error('app error') }));
    expect(hide).not.toThrow();
  });

  it('loads without effect when its tag has no endpoint', async () => {
    endpoint = '';
    await load();
    hide();
    expect(sendBeacon).not.toHaveBeenCalled();
    expect(window.NetloomRUM).toBeDefined();
  });
});
