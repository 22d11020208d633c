import { z } from 'zod';
import { ALL_CATEGORIES, webFilterPolicyInputSchema, type WebFilterPolicyInput } from '../webfilter/policy';
import { UNCATEGORISED, WEB_CATEGORIES } from '../webfilter/categories';
import { WEB_APPLICATIONS } from '../webfilter/web-applications';
import { endpointProfileInputSchema, PROFILE_KIND_LABELS, type EndpointProfileInput } from '../ztna/profile';
import type { AssistantAgentType } from './api';
import type { AssistantReading, AssistantVocabulary } from './webfilter-request';
import type { ProfileVocabulary } from './profile-request';

/** The tenant's names an engine may read a request against, by the kind of thing asked for. */
export type AssistantVocabularyFor = { agentType: 'webfilter'; vocabulary: AssistantVocabulary } | { agentType: 'mza_profile'; vocabulary: ProfileVocabulary };

/**
 * What a language model answers: the form's own payload (the very zod schema the forms use, so its
 * JSON schema is the forms' too), or the one question it must ask first. Exactly one is set.
 */
function modelAnswerSchema(agentType: AssistantAgentType) {
  const payload = agentType === 'webfilter' ? webFilterPolicyInputSchema : endpointProfileInputSchema;
  return z.object({
    question: z
      .string()
      .max(500)
      .nullable()
      .describe('The one question to ask the admin first when the request is ambiguous or names something unknown; null when payload is set'),
    payload: payload.nullable().describe('What the console will post on confirmation; null when a question is asked'),
  });
}

/** The model answer's JSON schema, from the same zod schemas the forms use. */
export function modelAnswerJsonSchema(agentType: AssistantAgentType): Record<string, unknown> {
  const { $schema: _drop, ...schema } = z.toJSONSchema(modelAnswerSchema(agentType), { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  return schema;
}

const KNOWN_CATEGORIES = new Set<string>([...WEB_CATEGORIES.map((c) => c.id), UNCATEGORISED.id, ALL_CATEGORIES]);
const KNOWN_APPLICATIONS = new Set<string>(WEB_APPLICATIONS.map((a) => a.id));
const categoryName = (id: string) => WEB_CATEGORIES.find((c) => c.id === id)?.name ?? (id === ALL_CATEGORIES ? 'every category' : id);
const applicationName = (id: string) => WEB_APPLICATIONS.find((a) => a.id === id)?.name ?? id;

/** Ids of a kind the payload names that are not the tenant's own (or not in the databases). */
function unknown(kind: string, ids: readonly string[], known: Iterable<string>): string[] {
  const set = new Set([...known].map((k) => k.toLowerCase()));
  return ids.filter((i) => !set.has(i.toLowerCase())).map((i) => `Unknown ${kind}: ${i}`);
}

/** The readable lines of a web-filter policy, shown before it is made. */
export function summariseWebFilterPolicy(p: WebFilterPolicyInput, vocab: AssistantVocabulary): string[] {
  const a = p.applies_to;
  const nameOf = (items: { id: string; name: string }[], id: string) => items.find((i) => i.id === id)?.name ?? id;
  const who = a.everyone
    ? ['everyone']
    : [
        ...(a.groups ?? []).map((g) => `group ${nameOf(vocab.groups, g)}`),
        ...(a.device_groups ?? []).map((g) => `device group ${nameOf(vocab.deviceGroups, g)}`),
        ...(a.endpoints ?? []).map((e) => `endpoint ${nameOf(vocab.endpoints, e)}`),
        ...(a.users ?? []).map((u) => vocab.users.find((x) => x.email === u.toLowerCase())?.name || u),
      ];
  const action = p.action ?? 'block';
  const parts = [...(p.blocked_categories ?? []).map(categoryName), ...(p.blocked_applications ?? []).map(applicationName), ...(p.blocked_urls ?? [])];
  const except = [...(p.allowed_categories ?? []).map(categoryName), ...(p.allowed_urls ?? [])];
  const w = p.schedule?.windows ?? [];
  const label = `${action[0]!.toUpperCase()}${action.slice(1)}`;
  const order = 'order' in p ? (p as { order?: number }).order : undefined;
  // Every field that changes what the policy does is shown: nothing a model adds goes unseen.
  return [
    `${label}: ${parts.join(', ') || 'no site'}`,
    ...(p.blocked_ips?.length ? [`${label} IP addresses: ${p.blocked_ips.join(', ')}`] : []),
    `For: ${who.join(', ')}`,
    ...(except.length ? [`Except: ${except.join(', ')}`] : []),
    ...(p.allowed_ips?.length ? [`Except IP addresses: ${p.allowed_ips.join(', ')}`] : []),
    ...(w.length ? w.map((x) => `When: ${x.days.join(', ')} ${x.start}–${x.end} (${p.schedule!.time_zone})`) : ['When: always']),
    ...(p.enabled === false ? ['Made turned off'] : []),
    ...(order ? [`Placed ${order === 1 ? 'first' : `at position ${order}`} among the policies`] : []),
  ];
}

/** The readable lines of an endpoint profile, shown before it is made. */
export function summariseProfile(p: EndpointProfileInput, vocab: ProfileVocabulary): string[] {
  const nameOf = (items: { id: string; name: string }[], id: string) => items.find((i) => i.id === id)?.name ?? id;
  const kind = p.kind ?? 'classic';
  const who = [...(p.assigned?.groups ?? []).map((g) => nameOf(vocab.groups, g)), ...(p.assigned?.endpoints ?? []).map((e) => nameOf(vocab.endpoints, e))];
  const split = p.split_tunnel ?? { mode: 'include', routes: [] };
  const routes = split.routes ?? [];
  const nameservers = p.dns?.nameservers ?? [];
  const servers = (p.resources ?? []).map((s) => nameOf(vocab.servers, s));
  return [
    `Profile: ${p.name} (${PROFILE_KIND_LABELS[kind]})`,
    `For: ${who.join(', ') || 'the endpoint it is made for'}`,
    `Relays: ${(p.relays ?? []).map((r) => nameOf(vocab.relays, r)).join(', ') || 'the nearest healthy one'}`,
    `Tunnel: ${split.mode === 'full' ? 'all traffic' : split.mode === 'exclude' ? `all but ${routes.join(', ')}` : `only ${routes.join(', ') || 'the servers the policies allow'}`}`,
    `Servers: ${servers.join(', ') || 'every server the policies allow'}`,
    `DNS: ${(p.dns?.use_tenant_dns ?? true) ? "the organisation's nameserver groups" : 'none of the organisation’s'}${nameservers.length ? `, then ${nameservers.join(', ')}` : ''}`,
    `Connects: ${(p.auto_connect ?? true) ? 'automatically' : 'when the user asks'}`,
  ];
}

export type CheckedModelAnswer = AssistantReading<WebFilterPolicyInput | EndpointProfileInput> | { kind: 'invalid'; errors: string[] };

/**
 * A language model's answer is never trusted: it is read with the form's own schema, and every
 * name it uses must be one of the tenant's (or of the category and application databases); a
 * payload that fails either is refused with what was wrong, never shown as a draft.
 */
export function checkModelAnswer(input: AssistantVocabularyFor, answer: unknown): CheckedModelAnswer {
  const parsed = modelAnswerSchema(input.agentType).safeParse(answer);
  if (!parsed.success) return { kind: 'invalid', errors: parsed.error.issues.slice(0, 5).map((i) => `${i.path.join('.') || 'answer'}: ${i.message}`) };
  const { question, payload } = parsed.data;
  if (payload === null) {
    if (question?.trim()) return { kind: 'question', text: question.trim() };
    return { kind: 'invalid', errors: ['neither a payload nor a question'] };
  }
  if (input.agentType === 'webfilter') {
    const p = payload as z.output<typeof webFilterPolicyInputSchema>;
    const v = input.vocabulary;
    const errors = [
      ...unknown(
        'group',
        p.applies_to.groups,
        v.groups.map((g) => g.id),
      ),
      ...unknown(
        'device group',
        p.applies_to.device_groups,
        v.deviceGroups.map((g) => g.id),
      ),
      ...unknown(
        'endpoint',
        p.applies_to.endpoints,
        v.endpoints.map((e) => e.id),
      ),
      ...unknown(
        'user',
        p.applies_to.users,
        v.users.map((u) => u.email),
      ),
      ...unknown('category', [...p.blocked_categories, ...p.allowed_categories], KNOWN_CATEGORIES),
      ...unknown('application', p.blocked_applications, KNOWN_APPLICATIONS),
    ];
    if (errors.length) return { kind: 'invalid', errors };
    return { kind: 'payload', payload: p, summary: summariseWebFilterPolicy(p, v) };
  }
  const p = payload as z.output<typeof endpointProfileInputSchema>;
  const v = input.vocabulary;
  const errors = [
    ...unknown(
      'relay',
      p.relays,
      v.relays.map((r) => r.id),
    ),
    ...unknown(
      'server',
      p.resources,
      v.servers.map((s) => s.id),
    ),
    ...unknown(
      'group',
      p.assigned.groups,
      v.groups.map((g) => g.id),
    ),
    ...unknown(
      'endpoint',
      p.assigned.endpoints,
      v.endpoints.map((e) => e.id),
    ),
  ];
  if (errors.length) return { kind: 'invalid', errors };
  return { kind: 'payload', payload: p, summary: summariseProfile(p, v) };
}
