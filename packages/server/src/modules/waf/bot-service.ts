import type { z } from 'zod';
import {
  ERROR_CODES,
  assessApiKeys,
  botClassMembers,
  claimedGoodBot,
  classifyRows,
  clientKey,
  addressListed,
  DEFAULT_BOT_SETTINGS,
  summariseBots,
  type apiKeyBlockInputSchema,
  type ApiAbuseView,
  type BotEvidence,
  type ClientBehaviour,
  type WafBotSettings,
  type WafBotSettingsView,
  type WafBotSummary,
  type wafWindowQuerySchema,
} from '@netloom/domain';
import type { Db } from '../../db/client';
import { audit, type Actor } from '../../http/access';
import { AppError, errors } from '../../http/errors';
import { systemActor } from '../config/index';
import type { WafAnalyticsPort, WafScopeQuery } from './analytics-port';
import type { WafBotAnalyticsPort } from './bot-port';
import * as botRepo from './bot-repo';
import * as repo from './repo';
import type { GoodBotVerifier } from './reverse-dns';
import { wafSectionsName } from './sections';
import type { DeviceConfigPort } from './service';

type WindowQuery = z.infer<typeof wafWindowQuerySchema>;

/** The window the managed lists are made from: the clients of the last hour. */
const MEMBERS_WINDOW_MS = 3_600_000;
/** The longest window a page may ask for (what a tenant may keep its logs for). */
const MAX_WINDOW_MS = 400 * 86_400_000;
/** An API key's baseline: the week before the window. */
const BASELINE_MS = 7 * 86_400_000;
/** The most addresses one classification checks by reverse DNS (the rest stay unverified until a later one). */
const RDNS_PER_CLASSIFICATION = 50;

const EMPTY_MEMBERS = { verified_bot: [], likely_bot: [], automated: [] };
/** Whether two memberships hold the same addresses per class (jsonb keeps its own key order). */
const sameMembers = (a: botRepo.BotMembers, b: botRepo.BotMembers) =>
  (['verified_bot', 'likely_bot', 'automated'] as const).every((c) => (a[c] ?? []).join(',') === (b[c] ?? []).join(','));

/**
 * Bot protection: the dashboard (every client classified by its user agent, headers, timing and
 * rate, good bots verified by their ranges or reverse DNS), the organisation's settings, the
 * managed lists that carry each class's action to the edges, and API abuse (keys ranked by risk).
 */
export class WafBotService {
  constructor(
    private readonly db: Db,
    private readonly analytics: WafAnalyticsPort,
    private readonly botAnalytics: WafBotAnalyticsPort,
    private readonly config: DeviceConfigPort,
    private readonly verifyGoodBot: GoodBotVerifier,
  ) {}

  async summary(actor: Actor, q: WindowQuery): Promise<WafBotSummary> {
    const scope = this.scope(actor, q);
    const settings = await this.settingsOf(actor.scope.tenantId);
    const { rows, challenged, evidence } = await this.evidence(scope, settings);
    const s = summariseBots(rows, new Set(challenged), evidence);
    return {
      from: scope.from.toISOString(),
      to: scope.to.toISOString(),
      requests: s.requests,
      by_class: s.byClass,
      by_family: s.byFamily,
      by_network: s.byNetwork,
      top_bot_paths: s.topBotPaths,
      clients: s.clients,
    };
  }

  async settings(actor: Actor): Promise<WafBotSettingsView> {
    const row = await botRepo.findBotSettings(this.db, actor.scope.tenantId);
    const members = row?.members ?? EMPTY_MEMBERS;
    return {
      ...(row?.settings ?? DEFAULT_BOT_SETTINGS),
      members: { verified_bot: members.verified_bot.length, likely_bot: members.likely_bot.length, automated: members.automated.length },
      members_at: row?.membersAt?.toISOString() ?? null,
      updated_at: row?.updatedAt?.toISOString() ?? null,
    };
  }

  /** Saves the settings; the classes' lists are made again at once and reach the edges with the new actions. */
  async saveSettings(actor: Actor, input: WafBotSettings): Promise<WafBotSettingsView> {
    const tenantId = actor.scope.tenantId;
    const apps = await repo.listApplications(this.db, tenantId);
    const unknown = Object.keys(input.application_actions).filter((id) => !apps.some((a) => a.id === id));
    if (unknown.length) {
      throw new AppError(422, ERROR_CODES.validation, 'Invalid input.', {
        application_actions: [`Not an application of this organisation: ${unknown.join(', ')}`],
      });
    }
    const members = await this.members(tenantId, input);
    const outcomes = await this.db.transaction(async (tx) => {
      await repo.lockTenantWaf(tx, tenantId);
      await botRepo.saveBotSettings(tx, tenantId, input, { settings: input, members, membersAt: new Date(), updatedAt: new Date() });
      await audit(tx, actor, 'waf_bot_settings_updated', tenantId, { actions: input.actions, good_bots: input.good_bots.map((b) => b.name) });
      return this.recommit(tx, actor, apps, 'Bot protection settings changed');
    });
    await this.config.announce(outcomes);
    return this.settings(actor);
  }

  /**
   * The background round: each organisation's classes made again from its last hour of traffic; a
   * class whose addresses changed reaches the edges (a list that did not change pushes nothing).
   */
  async refreshMembers(now = new Date()): Promise<number> {
    let changed = 0;
    for (const row of await botRepo.allBotSettings(this.db)) {
      const members = await this.members(row.tenantId, row.settings, now);
      if (sameMembers(members, row.members)) {
        await botRepo.saveBotSettings(this.db, row.tenantId, row.settings, { membersAt: now });
        continue;
      }
      const actor = systemActor(row.tenantId);
      const apps = await repo.listApplications(this.db, row.tenantId);
      const outcomes = await this.db.transaction(async (tx) => {
        await repo.lockTenantWaf(tx, row.tenantId);
        await botRepo.saveBotSettings(tx, row.tenantId, row.settings, { members, membersAt: now });
        return this.recommit(tx, actor, apps, 'Bot protection lists changed');
      });
      await this.config.announce(outcomes);
      changed++;
    }
    return changed;
  }

  /** API abuse protection: each key of the window against its week before, riskiest first, with the keys the edges refuse. */
  async apiAbuse(actor: Actor, q: WindowQuery): Promise<ApiAbuseView> {
    const scope = this.scope(actor, q);
    const [paths, history, row] = await Promise.all([
      this.botAnalytics.apiKeyPaths(scope),
      this.botAnalytics.apiKeyHistory(scope, new Date(scope.from.getTime() - BASELINE_MS)),
      botRepo.findBotSettings(this.db, actor.scope.tenantId),
    ]);
    const blocked = row?.blockedKeys ?? [];
    const refused = new Set(blocked.map((b) => b.key));
    return {
      from: scope.from.toISOString(),
      to: scope.to.toISOString(),
      keys: assessApiKeys(paths, history, scope.to.getTime() - scope.from.getTime())
        .slice(0, 200)
        .map((k) => ({ ...k, blocked: refused.has(k.key) })),
      blocked,
    };
  }

  /** Refuses a key at the organisation's edges (by its fingerprint), or lifts that. */
  async blockKey(actor: Actor, input: z.infer<typeof apiKeyBlockInputSchema>): Promise<ApiAbuseView['blocked']> {
    const tenantId = actor.scope.tenantId;
    const apps = await repo.listApplications(this.db, tenantId);
    const outcomes = await this.db.transaction(async (tx) => {
      await repo.lockTenantWaf(tx, tenantId);
      const row = await botRepo.findBotSettings(tx, tenantId);
      const was = row?.blockedKeys ?? [];
      const next = input.blocked
        ? was.some((b) => b.key === input.key)
          ? was
          : [...was, { key: input.key, blocked_at: new Date().toISOString() }].slice(-1_000)
        : was.filter((b) => b.key !== input.key);
      if (next === was || next.length === was.length) return { blocked: was, outcomes: [] };
      await botRepo.saveBotSettings(tx, tenantId, row?.settings ?? DEFAULT_BOT_SETTINGS, { blockedKeys: next });
      await audit(tx, actor, input.blocked ? 'waf_api_key_blocked' : 'waf_api_key_unblocked', tenantId, { key: input.key });
      return { blocked: next, outcomes: await this.recommit(tx, actor, apps, input.blocked ? 'API key refused' : 'API key no longer refused') };
    });
    await this.config.announce(outcomes.outcomes);
    return outcomes.blocked;
  }

  private async recommit(tx: Db, actor: Actor, apps: repo.ApplicationRow[], message: string) {
    const deviceIds = [...new Set(apps.flatMap((a) => a.edgeIds))];
    return deviceIds.length ? this.config.recommit(tx, actor, { deviceIds, message, source: wafSectionsName }) : [];
  }

  /** Each class's addresses over the last hour, for the classes some action acts on ('allow' everywhere: none). */
  private async members(tenantId: string, settings: WafBotSettings, now = new Date()): Promise<botRepo.BotMembers> {
    const all = [settings.actions, ...Object.values(settings.application_actions)];
    const acted = (['verified_bot', 'likely_bot', 'automated'] as const).filter((c) => all.some((a) => a[c].action !== 'allow'));
    if (!acted.length) return EMPTY_MEMBERS;
    const scope: WafScopeQuery = { tenantId, from: new Date(now.getTime() - MEMBERS_WINDOW_MS), to: now, applicationId: null, deviceId: null };
    const { rows, challenged, evidence } = await this.evidence(scope, settings);
    const clients = classifyRows(rows, new Set(challenged), evidence);
    const members = botClassMembers([...clients.values()].map((c) => ({ clientIp: c.ip, class: c.class })));
    return {
      verified_bot: acted.includes('verified_bot') ? members.verified_bot : [],
      likely_bot: acted.includes('likely_bot') ? members.likely_bot : [],
      automated: acted.includes('automated') ? members.automated : [],
    };
  }

  /** The window's clients with what classifies them: behaviour, the organisation's good bots, and reverse DNS for those that claim one. */
  private async evidence(scope: WafScopeQuery, settings: WafBotSettings) {
    const [{ rows, challenged }, behaviour] = await Promise.all([this.analytics.clients(scope), this.botAnalytics.behaviour(scope)]);
    const byClient = new Map<string, ClientBehaviour>(behaviour.map((b) => [clientKey(b.clientIp, b.userAgent), b]));
    const claims = new Map<string, { ip: string; suffixes: string[] }>();
    for (const r of rows) {
      const bot = claimedGoodBot(r.userAgent, settings.good_bots);
      if (bot && bot.rdns_suffixes.length && !addressListed(r.clientIp, bot.ranges))
        claims.set(clientKey(r.clientIp, r.userAgent), { ip: r.clientIp, suffixes: bot.rdns_suffixes });
    }
    const rdnsVerified = new Set<string>();
    await Promise.all(
      [...claims]
        .slice(0, RDNS_PER_CLASSIFICATION)
        .map(async ([key, c]) => ((await this.verifyGoodBot(c.ip, c.suffixes).catch(() => false)) ? rdnsVerified.add(key) : null)),
    );
    const evidence: BotEvidence = { behaviour: byClient, goodBots: settings.good_bots, rdnsVerified };
    return { rows, challenged, evidence };
  }

  private async settingsOf(tenantId: string): Promise<WafBotSettings> {
    return (await botRepo.findBotSettings(this.db, tenantId))?.settings ?? DEFAULT_BOT_SETTINGS;
  }

  private scope(actor: Actor, q: WindowQuery): WafScopeQuery {
    const to = q.to ? new Date(q.to) : new Date();
    const from = q.from ? new Date(q.from) : new Date(to.getTime() - 86_400_000);
    if (!(from < to)) throw errors.invalid({ from: ['Should be before the end of the window'] });
    if (to.getTime() - from.getTime() > MAX_WINDOW_MS) throw errors.invalid({ from: ['The window is longer than any log is kept'] });
    return { tenantId: actor.scope.tenantId, from, to, applicationId: q.application_id ?? null, deviceId: q.edge_id ?? null };
  }
}
