import { must, run } from './exec';
import type { KernelVlan } from '../render/links';
import { NETLOOM_PROTO, routeKey, ruleKey, type RouteSpec, type RuleSpec } from '../render/routes';

/** A route as `ip -json route` writes it. */
export interface KernelRoute {
  dst: string;
  gateway?: string;
  dev?: string;
  metric?: number;
  table?: string;
  protocol?: string;
  prefsrc?: string;
  scope?: string;
}

/** A policy rule as `ip -json rule` writes it. */
export interface KernelRule {
  priority: number;
  src?: string;
  srclen?: number;
  dst?: string;
  dstlen?: number;
  ipproto?: string;
  dport?: number;
  dport_start?: number;
  dport_end?: number;
  table?: string;
  protocol?: string;
}

const json = <T>(text: string): T[] => (text.trim() ? (JSON.parse(text) as T[]) : []);

/** Ours: written with the agent's protocol number (iproute2 writes it as a number, or a name if rt_protos names it). */
const isOurs = (protocol: string | undefined) => protocol === String(NETLOOM_PROTO);

/** Every link of the box with its details (a VLAN's parent, tag and alias). */
export async function listLinks(): Promise<KernelVlan[]> {
  return json<KernelVlan>(await must('ip', ['-json', '-details', 'link', 'show']));
}

/** Every route of the box, every table. */
export async function listRoutes(): Promise<KernelRoute[]> {
  return json<KernelRoute>(await must('ip', ['-json', 'route', 'show', 'table', 'all']));
}

export async function listRules(): Promise<KernelRule[]> {
  return json<KernelRule>(await must('ip', ['-json', 'rule', 'show']));
}

/** A route's destination as the document writes it: iproute2 leaves out the length of a single address (/32). */
const destination = (dst: string) => (dst === 'default' || dst.includes('/') ? dst : `${dst}/32`);

/** The agent's own routes, keyed as the document's (table, destination, metric). */
export const ourRoutes = (routes: KernelRoute[]) =>
  routes
    .filter((r) => isOurs(r.protocol))
    .map((r) => ({ key: routeKey({ table: r.table ?? 'main', destination: destination(r.dst), metric: r.metric ?? 0 }), route: r }));

export const ourRules = (rules: KernelRule[]) => rules.filter((r) => isOurs(r.protocol));

/** A kernel rule as the RuleSpec that writes it, so the two compare and it can be removed exactly. */
export function kernelRuleSpec(r: KernelRule): Pick<RuleSpec, 'priority' | 'selector' | 'table'> {
  const selector: string[] = [];
  // iproute2 leaves out the length of a single address (/32).
  if (r.src && r.src !== 'all') selector.push('from', `${r.src}/${r.srclen ?? 32}`);
  if (r.dst && r.dst !== 'all') selector.push('to', `${r.dst}/${r.dstlen ?? 32}`);
  if (r.ipproto) selector.push('ipproto', r.ipproto.replace(/^ipproto-/, ''));
  if (r.dport !== undefined) selector.push('dport', String(r.dport));
  else if (r.dport_start !== undefined) selector.push('dport', r.dport_start === r.dport_end ? String(r.dport_start) : `${r.dport_start}-${r.dport_end}`);
  return { priority: r.priority, selector, table: r.table ?? 'main' };
}

export const kernelRuleKey = (r: KernelRule) => ruleKey(kernelRuleSpec(r));

/** Lines for `ip -batch`, run as one: the first that fails stops the rest and is what the push says. */
export async function ipBatch(lines: string[]): Promise<void> {
  if (lines.length) await must('ip', ['-batch', '-'], `${lines.join('\n')}\n`);
}

/** Same, but a line that fails is left (what is removed may already be gone). */
export async function ipBatchForgiving(lines: string[]): Promise<void> {
  if (lines.length) await run('ip', ['-force', '-batch', '-'], `${lines.join('\n')}\n`);
}

/** The routes and rules the document wants against those of the agent the kernel has: what to remove. */
export function staleRoutes(current: KernelRoute[], desired: RouteSpec[]): RouteSpec[] {
  const wanted = new Set(desired.map(routeKey));
  return ourRoutes(current)
    .filter(({ key }) => !wanted.has(key))
    .map(({ route }) => ({ destination: route.dst, gateway: null, dev: null, metric: route.metric ?? 0, table: route.table ?? 'main', id: null }));
}

export function staleRules(current: KernelRule[], desired: RuleSpec[]): KernelRule[] {
  const wanted = new Set(desired.map(ruleKey));
  return ourRules(current).filter((r) => !wanted.has(kernelRuleKey(r)));
}
