import { endpointProfileInputSchema, type EndpointProfileInput } from '../ztna/profile';
import { ZTNA_LIMITS } from '../ztna/fields';
import { isCidr, isIPv4 } from '../validators/ipv4';
import type { AssistantReading } from './webfilter-request';
import { calledIn } from './called';

/** The tenant's zero-trust names a profile request may use. */
export interface ProfileVocabulary {
  groups: { id: string; name: string }[];
  endpoints: { id: string; name: string }[];
  relays: { id: string; name: string; region?: string }[];
  servers: { id: string; name: string }[];
}

/** Words after "for" that name no group or endpoint ("a profile for everyone", "for me"). */
const NOT_A_NAME = ['everyone', 'everybody', 'all', 'me', 'my', 'this', 'each', 'every', 'new', 'any', 'them', 'it'];

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const wordsRe = (phrase: string) => new RegExp(`(?<![\\w.-])${escapeRe(phrase.toLowerCase()).replace(/\s+/g, '\\s+')}(?![\\w-])`);

/** The things of one kind the text names, the longest names first (a name inside another is not read twice). */
function named<T extends { id: string; name: string }>(text: string, items: T[]): T[] {
  const out: T[] = [];
  for (const item of [...items].sort((a, b) => b.name.length - a.name.length)) {
    if (wordsRe(item.name).test(text) && !out.some((o) => o.name.toLowerCase().includes(item.name.toLowerCase()))) out.push(item);
  }
  return out;
}

/**
 * Reads a request for an endpoint profile ("a Classic ZTNA profile for the Finance laptops with
 * the EU relay, only 10.20.0.0/16 through the tunnel"). Kind, relays, servers, split tunnel, DNS,
 * auto-connect and who it is for; a relay or group named ambiguously, or not at all, is asked back.
 */
export function readProfileRequest(prompt: string, vocab: ProfileVocabulary): AssistantReading<EndpointProfileInput> {
  const text = prompt.toLowerCase().replace(/\s+/g, ' ').trim();
  if (!text) return { kind: 'question', text: 'Please describe your request' };
  const kind = /\bdev ?app\b|\bdeveloper\b/.test(text) ? 'dev_app' : 'classic';

  // Relays, in the order said (the client's preference): by name ("the Frankfurt relay"; with
  // "relays" said, "Virginia and Oregon relays"), or by a region word that fits exactly one relay.
  const found = new Map<string, { relay: ProfileVocabulary['relays'][number]; at: number }>();
  const add = (relay: ProfileVocabulary['relays'][number], at: number) => {
    if (!found.has(relay.id) || found.get(relay.id)!.at > at) found.set(relay.id, { relay, at });
  };
  const saysRelay = /\brelays?\b/.test(text);
  for (const relay of vocab.relays) {
    const short = relay.name.replace(/\s+relay$/i, '');
    const at = Math.min(
      ...[relay.name, ...(saysRelay && short !== relay.name ? [short] : [])].map((n) => text.search(wordsRe(n))).map((i) => (i < 0 ? Infinity : i)),
    );
    if (at !== Infinity) add(relay, at);
  }
  for (const m of text.matchAll(/\b(?:the |an? |and |or )?([a-z]{2,12})(?: (?:and|or) [a-z]{2,12})? relays?\b/g)) {
    const region = m[1]!;
    if (['the', 'a', 'any', 'nearest', 'closest', 'and', 'or', 'same', 'one', 'two', 'both'].includes(region)) continue;
    if (vocab.relays.some((r) => found.has(r.id) && r.name.toLowerCase().replace(/\s+relay$/, '') === region)) continue;
    const fits = vocab.relays.filter(
      (r) =>
        // A region word fits its regions ('eu' is eu-west and eu-central) and relays named with it.
        (!!r.region && (r.region === region || r.region.startsWith(`${region}-`))) ||
        r.name
          .toLowerCase()
          .split(/[\s-]+/)
          .includes(region),
    );
    if (fits.length > 1)
      return {
        kind: 'question',
        text: `Which relay: ${fits
          .slice(0, -1)
          .map((r) => r.name)
          .join(', ')} or ${fits.at(-1)!.name}?`,
      };
    if (fits.length === 0)
      return {
        kind: 'question',
        text: `There is no ${region.toUpperCase()} relay. Which relay: ${vocab.relays.map((r) => r.name).join(', ') || 'none is set up yet'}?`,
      };
    add(fits[0]!, m.index);
  }
  const relays = [...found.values()].sort((x, y) => x.at - y.at).map((f) => f.relay);

  const groups = named(text, vocab.groups);
  const endpoints = named(text, vocab.endpoints);
  const servers = named(text, vocab.servers);
  const target = /\bfor (?:the )?([a-z0-9][\w-]*)/.exec(text)?.[1];
  if (groups.length + endpoints.length === 0 && target) {
    const near = vocab.groups.filter((g) => g.name.toLowerCase().split(/\s+/)[0] === target);
    if (near.length > 1)
      return {
        kind: 'question',
        text: `Which group: ${near
          .slice(0, -1)
          .map((g) => g.name)
          .join(', ')} or ${near.at(-1)!.name}?`,
      };
    // "for Marketing": a name that is not the tenant's is asked, never left out of the profile.
    if (!NOT_A_NAME.includes(target)) {
      const names = [...vocab.groups, ...vocab.endpoints].map((x) => x.name).slice(0, 12);
      return { kind: 'question', text: `Who is the profile for? No group or endpoint is called “${target}”${names.length ? `: ${names.join(', ')}?` : '.'}` };
    }
  }

  const subnets = [...new Set((text.match(/\b\d{1,3}(?:\.\d{1,3}){3}\/\d{1,2}\b/g) ?? []).filter(isCidr))];
  const fullTunnel = /\b(full tunnel|all traffic|everything through|all internet traffic)\b/.test(text);
  const exclude = /\b(except|exclude|excluding|not through|bypass)\b/.test(text);
  if (fullTunnel && subnets.length && !exclude) return { kind: 'question', text: 'Should all traffic go through the tunnel, or only the listed networks?' };
  const split = fullTunnel
    ? { mode: exclude && subnets.length ? ('exclude' as const) : ('full' as const), routes: exclude ? subnets : [] }
    : { mode: exclude && subnets.length ? ('exclude' as const) : ('include' as const), routes: subnets };

  const nameservers = [...new Set((text.match(/\b\d{1,3}(?:\.\d{1,3}){3}\b(?!\/)/g) ?? []).filter(isIPv4))].filter(() =>
    /\b(dns|nameservers?|resolvers?)\b/.test(text),
  );
  const autoConnect = !/\b(manual(ly)?|don'?t auto|no auto|not auto|on[\s-]demand)\b/.test(text);
  const called = calledIn(prompt);
  const who = [...groups.map((g) => g.name), ...endpoints.map((e) => e.name)];
  const base = called ?? `${kind === 'dev_app' ? 'Dev App' : 'ZTNA'} ${who.join(', ') || 'profile'}`;
  const payload: EndpointProfileInput = {
    name: base.length <= ZTNA_LIMITS.name ? base : base.slice(0, ZTNA_LIMITS.name),
    description: `Made by the assistant from: ${prompt.trim()}`.slice(0, ZTNA_LIMITS.description),
    kind,
    relays: relays.map((r) => r.id),
    dns: { use_tenant_dns: !/\b(no|without|skip) (?:the |our )?(tenant|organisation|organization|company)(?:'s)? dns\b/.test(text), nameservers },
    split_tunnel: split,
    resources: servers.map((s) => s.id),
    auto_connect: autoConnect,
    assigned: { endpoints: endpoints.map((e) => e.id), groups: groups.map((g) => g.id) },
  };
  const checked = endpointProfileInputSchema.safeParse(payload);
  if (!checked.success) return { kind: 'question', text: checked.error.issues.map((i) => i.message).join('; ') };
  const summary = [
    `Profile: ${payload.name} (${kind === 'dev_app' ? 'Dev App' : 'Classic ZTNA'})`,
    `For: ${who.join(', ') || 'the endpoint it is made for'}`,
    `Relays: ${relays.map((r) => r.name).join(', ') || 'the nearest healthy one'}`,
    `Tunnel: ${split.mode === 'full' ? 'all traffic' : split.mode === 'include' ? `only ${split.routes.join(', ') || 'the servers the policies allow'}` : `all but ${split.routes.join(', ')}`}`,
    `Servers: ${servers.map((s) => s.name).join(', ') || 'every server the policies allow'}`,
    `DNS: ${payload.dns!.use_tenant_dns ? "the organisation's nameserver groups" : 'none of the organisation’s'}${nameservers.length ? `, then ${nameservers.join(', ')}` : ''}`,
    `Connects: ${autoConnect ? 'automatically' : 'when the user asks'}`,
  ];
  return { kind: 'payload', payload, summary };
}
