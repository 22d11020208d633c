import {
  ALL_CATEGORIES,
  SITE_CATEGORY_DATA,
  UNCATEGORISED,
  WEBFILTER_LIMITS,
  WEB_APPLICATIONS,
  WEB_CATEGORIES,
  categoryName,
  evaluateWebRequest,
  isUrlPattern,
  parseSiteCategoryData,
  registrableDomain,
  webApplicationName,
  webCategoryById,
  webFilterSectionFor,
  type TestUrlResult,
  type WebFilterGlobal,
  type WebFilterPolicy,
  type WebFilterPolicyInput,
  type webFilterPolicyInputSchema,
} from '@netloom/domain';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { audit, type Actor } from '../../http/access';
import { errors } from '../../http/errors';
import { isUniqueViolation } from '../../db/errors';
import * as repo from './repo';
import { webFilterSections } from './sections';

type PolicyInput = z.output<typeof webFilterPolicyInputSchema>;

/**
 * What the web filter needs of the configuration engine (wired in the composition root): render
 * the tenant's devices again inside the change's transaction, and announce the pushes after it.
 */
export interface DeviceConfigPort<O = unknown> {
  recommit(tx: Db, actor: Actor, opts: { deviceIds?: string[]; message: string; source: string }): Promise<O[]>;
  announce(outcomes: O[]): Promise<void>;
}

const KNOWN_APPLICATIONS = new Set(WEB_APPLICATIONS.map((a) => a.id));
const DOMAIN_COUNTS = (() => {
  const counts = new Map<string, number>();
  for (const line of parseSiteCategoryData(SITE_CATEGORY_DATA)) counts.set(line.category, (counts.get(line.category) ?? 0) + line.domains.length);
  return counts;
})();

/**
 * Web-filter policies and settings. Every change is made under the tenant's settings row lock and,
 * in the same transaction, renders the tenant's devices again: the web_filter section of each
 * device's document changes, and those devices get a revision and a push they acknowledge.
 */
export class WebFilterService {
  constructor(
    private readonly db: Db,
    private readonly config: DeviceConfigPort,
  ) {}

  async listPolicies(actor: Actor): Promise<WebFilterPolicy[]> {
    return repo.listPolicies(this.db, actor.scope.tenantId);
  }

  async createPolicy(actor: Actor, input: PolicyInput): Promise<WebFilterPolicy> {
    const id = crypto.randomUUID();
    await this.checkReferences(actor, input);
    await this.change(actor, `Web-filter policy '${input.name}' created`, async (tx, policies) => {
      if (policies.length >= WEBFILTER_LIMITS.policies) throw errors.invalid({ non_field_errors: [`At most ${WEBFILTER_LIMITS.policies} policies`] });
      const { order, ...fields } = input;
      const at = Math.min(order ?? policies.length + 1, policies.length + 1) - 1;
      const next = [...policies];
      next.splice(at, 0, { ...fields, id, order: at + 1 });
      await this.save(tx, actor, next);
      await audit(tx, actor, 'webfilter.policy_created', id, { name: input.name, order: at + 1 });
    });
    return (await repo.listPolicies(this.db, actor.scope.tenantId)).find((p) => p.id === id)!;
  }

  async updatePolicy(actor: Actor, id: string, input: PolicyInput): Promise<WebFilterPolicy> {
    await this.checkReferences(actor, input);
    await this.change(actor, `Web-filter policy '${input.name}' changed`, async (tx, policies) => {
      const i = policies.findIndex((p) => p.id === id);
      if (i < 0) throw errors.notFound();
      const { order, ...fields } = input;
      const next = policies.filter((p) => p.id !== id);
      const at = Math.min(order ?? i + 1, next.length + 1) - 1;
      next.splice(at, 0, { ...fields, id, order: at + 1 });
      await this.save(tx, actor, next);
      await audit(tx, actor, 'webfilter.policy_changed', id, { before: policies[i], after: { ...fields, order: at + 1 } });
    });
    return (await repo.listPolicies(this.db, actor.scope.tenantId)).find((p) => p.id === id)!;
  }

  async deletePolicy(actor: Actor, id: string): Promise<void> {
    await this.change(actor, 'Web-filter policy deleted', async (tx, policies) => {
      const gone = policies.find((p) => p.id === id);
      if (!gone) throw errors.notFound();
      await this.save(
        tx,
        actor,
        policies.filter((p) => p.id !== id),
      );
      await audit(tx, actor, 'webfilter.policy_deleted', id, { name: gone.name });
    });
  }

  /** The new order names every policy once; anything else is refused and nothing moves. */
  async reorder(actor: Actor, ids: string[]): Promise<WebFilterPolicy[]> {
    await this.change(actor, 'Web-filter policies reordered', async (tx, policies) => {
      const byId = new Map(policies.map((p) => [p.id, p]));
      if (ids.length !== policies.length || ids.some((id) => !byId.has(id)))
        throw errors.invalid({ ids: ['Name every policy of the organisation once, in the new order.'] });
      await this.save(
        tx,
        actor,
        ids.map((id) => byId.get(id)!),
      );
      await audit(tx, actor, 'webfilter.policies_reordered', null, { before: policies.map((p) => p.id), after: ids });
    });
    return repo.listPolicies(this.db, actor.scope.tenantId);
  }

  async global(actor: Actor): Promise<WebFilterGlobal> {
    const s = await repo.findSettings(this.db, actor.scope.tenantId);
    return { status: s?.status ?? true, default_action_blocked: s?.defaultActionBlocked ?? false };
  }

  async setStatus(actor: Actor, status: boolean): Promise<WebFilterGlobal> {
    await this.change(actor, status ? 'Web filter turned on' : 'Web filter turned off', async (tx, _p, settings) => {
      await repo.updateSettings(tx, actor.scope.tenantId, { status });
      await audit(tx, actor, 'webfilter.status_changed', null, { before: { status: settings.status }, after: { status } });
    });
    return this.global(actor);
  }

  async setDefaultAction(actor: Actor, blocked: boolean): Promise<WebFilterGlobal> {
    await this.change(actor, `Web filter default action: ${blocked ? 'block' : 'allow'}`, async (tx, _p, settings) => {
      await repo.updateSettings(tx, actor.scope.tenantId, { defaultActionBlocked: blocked });
      await audit(tx, actor, 'webfilter.default_action_changed', null, {
        before: { default_action_blocked: settings.defaultActionBlocked },
        after: { default_action_blocked: blocked },
      });
    });
    return this.global(actor);
  }

  categories() {
    return WEB_CATEGORIES.map((c) => ({ id: c.id, name: c.name, description: c.description, group: c.group, domains: DOMAIN_COUNTS.get(c.id) ?? 0 }));
  }

  applications() {
    return WEB_APPLICATIONS.map((a) => ({ id: a.id, name: a.name }));
  }

  /** The organisation's own lists and every policy's custom URLs. */
  async customList(actor: Actor) {
    const [s, policies] = await Promise.all([repo.findSettings(this.db, actor.scope.tenantId), repo.listPolicies(this.db, actor.scope.tenantId)]);
    const own = (list: 'allowed' | 'blocked', urls: string[]) => urls.map((url) => ({ url, list, policy_id: null, policy_name: null }));
    const ofPolicy = (p: WebFilterPolicy, list: 'allowed' | 'blocked', urls: string[]) =>
      urls.map((url) => ({ url, list, policy_id: p.id, policy_name: p.name }));
    return {
      allowed_urls: s?.allowedUrls ?? [],
      blocked_urls: s?.blockedUrls ?? [],
      rows: [
        ...own('allowed', s?.allowedUrls ?? []),
        ...own('blocked', s?.blockedUrls ?? []),
        ...policies.flatMap((p) => [...ofPolicy(p, 'allowed', p.allowed_urls), ...ofPolicy(p, 'blocked', p.blocked_urls)]),
      ],
    };
  }

  async saveCustomList(actor: Actor, body: { allowed_urls: string[]; blocked_urls: string[] }) {
    const fields: Record<string, string[]> = {};
    const clean = (key: 'allowed_urls' | 'blocked_urls') => {
      const values = body[key].map((v) => v.trim());
      const bad = values.findIndex((v) => !isUrlPattern(v));
      if (bad >= 0) fields[`${key}.${bad}`] = ['Enter correct URL'];
      else if (new Set(values).size !== values.length) fields[key] = ['Duplicate Value Found'];
      return values;
    };
    const allowed = clean('allowed_urls');
    const blocked = clean('blocked_urls');
    if (Object.keys(fields).length) throw errors.invalid(fields);
    await this.change(actor, "Organisation's web-filter lists changed", async (tx, _p, settings) => {
      await repo.updateSettings(tx, actor.scope.tenantId, { allowedUrls: allowed, blockedUrls: blocked });
      await audit(tx, actor, 'webfilter.custom_list_changed', null, {
        before: { allowed_urls: settings.allowedUrls, blocked_urls: settings.blockedUrls },
        after: { allowed_urls: allowed, blocked_urls: blocked },
      });
    });
    return this.customList(actor);
  }

  /** url-discovery's one click: the domain goes on the organisation's blocked list. */
  async blockDomain(actor: Actor, domain: string) {
    const d = this.domainOf(domain);
    await this.change(actor, `${d} blocked from URL discovery`, async (tx, _p, settings) => {
      if (settings.blockedUrls.includes(d)) return;
      await repo.updateSettings(tx, actor.scope.tenantId, { blockedUrls: [...settings.blockedUrls, d] });
      await audit(tx, actor, 'webfilter.domain_blocked', d, {});
    });
    return this.customList(actor);
  }

  /** url-discovery's other click: the tenant's own category for a domain, over the shipped database. */
  async categoriseDomain(actor: Actor, domain: string, category: string) {
    const d = this.domainOf(domain);
    if (!webCategoryById(category)) throw errors.invalid({ category: ['Unknown category'] });
    await this.change(actor, `${d} categorised as ${categoryName(category)}`, async (tx, _p, settings) => {
      await repo.updateSettings(tx, actor.scope.tenantId, { siteCategories: { ...settings.siteCategories, [d]: category } });
      await audit(tx, actor, 'webfilter.domain_categorised', d, { before: settings.siteCategories[d] ?? null, after: category });
    });
    return { domain: d, category };
  }

  async siteCategories(actor: Actor): Promise<Record<string, string>> {
    return (await repo.findSettings(this.db, actor.scope.tenantId))?.siteCategories ?? {};
  }

  /**
   * The Test-a-URL tool: the very evaluation the devices run, on the section the chosen device
   * (or, for a user alone, any device the user signs in on) would get, at the time asked.
   */
  async test(actor: Actor, body: { url: string; user?: string | null; device_id?: string | null; at?: string }): Promise<TestUrlResult> {
    const tenantId = actor.scope.tenantId;
    const tenant = await repo.loadTenantWebFilter(this.db, tenantId);
    const device = body.device_id ? await repo.findDevice(this.db, tenantId, body.device_id) : undefined;
    if (body.device_id && !device) throw errors.invalid({ device_id: ['No such device in this organisation'] });
    const user = body.user || device?.username || null;
    const groups = user ? await repo.groupsOfUser(this.db, tenantId, user) : [];
    const section = tenant
      ? webFilterSectionFor(tenant, device ?? { id: '', networkId: null })
      : { enabled: false, default_action: 'allow' as const, allowed_urls: [], blocked_urls: [], site_categories: {}, policies: [], user_groups: {} };
    const d = evaluateWebRequest(section, {
      url: body.url,
      user,
      groups,
      deviceId: device?.id ?? null,
      deviceGroupId: device?.networkId ?? null,
      at: body.at ? new Date(body.at) : new Date(),
    });
    return {
      action: d.action,
      rule: d.rule,
      policy: d.policy,
      matched: d.matched,
      reason: d.reason,
      host: d.host,
      domain: d.domain,
      category: { id: d.category, name: categoryName(d.category) },
      application: d.application ? { id: d.application, name: webApplicationName(d.application) } : null,
    };
  }

  private domainOf(value: string): string {
    const host =
      value
        .trim()
        .toLowerCase()
        .replace(/^https?:\/\//, '')
        .split(/[/?#:]/)[0] ?? '';
    const d = registrableDomain(host) ?? '';
    if (!d || !isUrlPattern(d)) throw errors.invalid({ domain: ['Enter correct URL'] });
    return d;
  }

  /** Groups, endpoints and device groups must be the tenant's own; categories and applications must exist. */
  private async checkReferences(actor: Actor, input: WebFilterPolicyInput & PolicyInput): Promise<void> {
    const a = input.applies_to;
    const owned = await repo.ownedIds(this.db, actor.scope.tenantId, { groups: a.groups, devices: a.endpoints, networks: a.device_groups });
    const fields: Record<string, string[]> = {};
    const check = (key: string, ids: string[], known: Set<string>, message: string) => {
      const bad = ids.findIndex((id) => !known.has(id));
      if (bad >= 0) fields[`${key}.${bad}`] = [message];
    };
    check('applies_to.groups', a.groups, owned.groups, 'No such group in this organisation');
    check('applies_to.endpoints', a.endpoints, owned.devices, 'No such device in this organisation');
    check('applies_to.device_groups', a.device_groups, owned.networks, 'No such device group in this organisation');
    const categories = new Set<string>([...WEB_CATEGORIES.map((c) => c.id), UNCATEGORISED.id, ALL_CATEGORIES]);
    check('blocked_categories', input.blocked_categories, categories, 'Unknown category');
    check('allowed_categories', input.allowed_categories, categories, 'Unknown category');
    check('blocked_applications', input.blocked_applications, KNOWN_APPLICATIONS, 'Unknown application');
    if (Object.keys(fields).length) throw errors.invalid(fields);
  }

  private async save(tx: Db, _actor: Actor, policies: WebFilterPolicy[]): Promise<void> {
    try {
      await repo.savePolicies(tx, _actor.scope.tenantId, policies, new Set(policies.map((p) => p.id)));
    } catch (err) {
      if (isUniqueViolation(err)) throw errors.conflict('A policy with this name already exists.', { name: ['A policy with this name already exists.'] });
      throw err;
    }
  }

  /** One change of the tenant's web filter, its devices' new revisions in the same transaction, the pushes announced after. */
  private async change(actor: Actor, message: string, fn: (tx: Db, policies: WebFilterPolicy[], settings: repo.SettingsRow) => Promise<void>): Promise<void> {
    const outcomes = await this.db.transaction(async (tx) => {
      const settings = await repo.lockSettings(tx, actor.scope.tenantId);
      const policies = await repo.listPolicies(tx, actor.scope.tenantId);
      await fn(tx, policies, settings);
      // Every device of the tenant: its web_filter section is the whole tenant's settings and the policies that reach it.
      return this.config.recommit(tx, actor, { message, source: webFilterSections.name });
    });
    await this.config.announce(outcomes);
  }
}
