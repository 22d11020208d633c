import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A tenant's own web site for the RUM journey: a page on loopback that includes the RUM snippet and a
 * minified script whose button throws, with the source map a build would have made for it.
 */

/** The script as written (src/checkout.ts), line by line. */
const SOURCE = [
  'export function cartTotal(cart: { items?: string[] }) {',
  '  if (!cart.items) {',
  "    throw new Error('checkout failed: the cart has no items');",
  '  }',
  '  return cart.items.length;',
  '}',
  "document.getElementById('pay')!.addEventListener('click', () => {",
  '  const until = Date.now() + 150;',
  '  while (Date.now() < until);',
  '  cartTotal({});',
  '});',
];

/** The same script minified, as it is served; its handler is slow on purpose, so the click is a slow interaction (INP). */
const MINIFIED =
  'function t(e){if(!e.items)throw new Error("checkout failed: the cart has no items");return e.items.length}' +
  'document.getElementById("pay").addEventListener("click",()=>{const n=Date.now()+150;for(;Date.now()<n;);t({})});';

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
function vlq(n: number): string {
  let v = n < 0 ? (-n << 1) | 1 : n << 1;
  let out = '';
  do {
    let digit = v & 31;
    v >>>= 5;
    if (v > 0) digit |= 32;
    out += B64[digit];
  } while (v > 0);
  return out;
}

/**
 * The source map of MINIFIED (version 3): each token below starts a segment that maps to where it is
 * in SOURCE (0-based line and column), the function's name mapped to `cartTotal`.
 */
export function sourceMap(fileUrl: string): string {
  const at = (token: string, from = 0) => {
    const i = MINIFIED.indexOf(token, from);
    if (i < 0) throw new Error(`no ${token} in the minified script`);
    return i;
  };
  const src = (line: number, token: string) => {
    const i = SOURCE[line]!.indexOf(token);
    if (i < 0) throw new Error(`no ${token} on line ${line + 1} of the source`);
    return i;
  };
  const segments: [col: number, line: number, srcCol: number, name?: number][] = [
    [0, 0, 0],
    [at('t('), 0, src(0, 'cartTotal'), 0],
    [at('if('), 1, src(1, 'if')],
    [at('throw'), 2, src(2, 'throw')],
    [at('new Error'), 2, src(2, 'new Error')],
    [at('return'), 4, src(4, 'return')],
    [at('document'), 6, 0],
    [at('()=>'), 6, src(6, '() =>')],
    [at('const n'), 7, src(7, 'const')],
    [at('for('), 8, src(8, 'while')],
    [at('t({})'), 9, src(9, 'cartTotal'), 0],
  ];
  let prev = { col: 0, line: 0, srcCol: 0, name: 0 };
  const mappings = segments
    .map(([col, line, srcCol, name]) => {
      let s = vlq(col - prev.col) + vlq(0) + vlq(line - prev.line) + vlq(srcCol - prev.srcCol);
      if (name !== undefined) s += vlq(name - prev.name);
      prev = { col, line, srcCol, name: name ?? prev.name };
      return s;
    })
    .join(',');
  return JSON.stringify({
    version: 3,
    file: fileUrl.split('/').pop(),
    sources: ['src/checkout.ts'],
    sourcesContent: [SOURCE.join('\n')],
    names: ['cartTotal'],
    mappings,
  });
}

export interface TenantSite {
  origin: string;
  scriptUrl: string;
  close(): Promise<void>;
}

/** Serves the tenant's page (with `snippet` in its head) and its script on 127.0.0.1, on a port of its own. */
export async function serveTenantSite(snippet: () => string): Promise<TenantSite> {
  const server: Server = createServer((req, res) => {
    if (req.url === '/app.min.js') {
      res.writeHead(200, { 'content-type': 'text/javascript' }).end(MINIFIED);
      return;
    }
    if (req.url === '/' || req.url?.startsWith('/checkout')) {
      res
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end(
          `<!doctype html><html><head><title>Shop</title>${snippet()}</head>` +
            `<body><h1>Checkout</h1><p>Your basket, ready to pay.</p><button id="pay">Pay</button>` +
            `<script src="/app.min.js" defer></script></body></html>`,
        );
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    scriptUrl: `${origin}/app.min.js`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
