import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { pinnedLookup, resolveTarget, type TargetPolicy } from '../modules/alarms/webhook-target';
import { OutboundRefused } from '../modules/helpdesks/http';

/** An answer larger than this is no helpdesk's JSON. */
const MAX_BODY_BYTES = 5 * 1024 * 1024;

/**
 * `fetch` for calls to addresses a tenant typed (its helpdesk): the name is resolved once and
 * checked as webhooks' are (no private or local address unless the operator allows it), and the
 * connection goes to that address (no second resolution, no DNS rebinding). Redirects are not
 * followed. The answer is a standard Response.
 */
export function guardedFetch(policy: TargetPolicy): typeof fetch {
  return async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const target = await resolveTarget(url.href, policy);
    if ('refused' in target) throw new OutboundRefused(target.refused);
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((value, name) => (headers[name] = value));
    const body = typeof init?.body === 'string' ? init.body : undefined;
    const signal = init?.signal ?? undefined;
    return new Promise<Response>((resolve, reject) => {
      const req = (url.protocol === 'https:' ? httpsRequest : httpRequest)(
        url,
        {
          method: init?.method ?? 'GET',
          headers: { ...headers, ...(body ? { 'content-length': Buffer.byteLength(body) } : {}) },
          lookup: pinnedLookup(target.address),
          agent: false,
          ...(signal ? { signal } : {}),
        },
        (res) => {
          const chunks: Buffer[] = [];
          let size = 0;
          res.on('data', (c: Buffer) => {
            size += c.length;
            if (size > MAX_BODY_BYTES) res.destroy(new Error('answer too large'));
            else chunks.push(c);
          });
          res.on('error', reject);
          res.on('end', () => {
            const out = new Headers();
            for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) out.set(k, Array.isArray(v) ? v.join(', ') : v);
            const status = res.statusCode ?? 502;
            // A Response cannot carry a body with these statuses.
            const empty = status === 204 || status === 304;
            resolve(new Response(empty ? null : Buffer.concat(chunks), { status, headers: out }));
          });
        },
      );
      req.on('error', (err) => reject(signal?.aborted ? Object.assign(new Error('timed out'), { name: 'TimeoutError' }) : err));
      req.end(body);
    });
  };
}
