import {
  IOT_FORWARD_RULES_MAX,
  IOT_HEALTH_DEFAULTS,
  IOT_SERIES_POINTS_MAX,
  IOT_SUMMARY_VENDORS_MAX,
  telemetryForwardSchema,
  type IotClass,
  type IotDevice,
  type IotDeviceDetail,
  type IotDeviceList,
  type IotDeviceListQuery,
  type IotForwardRule,
  type IotSeries,
  type IotSummary,
} from '@netloom/domain';
import type { z } from 'zod';
import type { iotForwardRuleInputSchema, iotForwardRulePatchSchema } from '@netloom/domain';
import type { Db } from '../../db/client';
import { audit, type Actor } from '../../http/access';
import { errors } from '../../http/errors';
import type { IotProfiles } from './profiles';
import * as repo from './repo';
import { deviationView, deviceView, forwardRuleView } from './view';

type RuleInput = z.output<typeof iotForwardRuleInputSchema>;
type RulePatch = z.output<typeof iotForwardRulePatchSchema>;

const DAY_MS = 86_400_000;

/** A window's ends (a day before the end by default) and the step that gives a graph at most IOT_SERIES_POINTS_MAX buckets. */
function seriesWindow(q: { start_time?: string; end_time?: string }, now: number): { from: Date; to: Date; step: number } {
  const to = q.end_time ? Date.parse(q.end_time) : now;
  const from = q.start_time ? Date.parse(q.start_time) : to - DAY_MS;
  const step = Math.max(1, Math.ceil((to - from) / 1000 / IOT_SERIES_POINTS_MAX));
  return { from: new Date(from), to: new Date(to), step };
}

/**
 * The IoT inventory and its telemetry as the console reads them, the admin's corrections, and
 * the tenant's forwarding rules. Another tenant's device or rule is not found.
 */
export class IotService {
  constructor(
    private readonly db: Db,
    private readonly profiles: IotProfiles,
    private readonly segments: { ofDevice(tenantId: string, device: { id: string; class: IotClass; gatewayId: string }): Promise<IotDeviceDetail['segments']> },
    private readonly now: () => number = Date.now,
  ) {}

  async list(actor: Actor, q: IotDeviceListQuery): Promise<IotDeviceList> {
    const tenantId = actor.scope.tenantId;
    const now = this.now();
    const { count, rows } = await repo.listDevices(
      this.db,
      tenantId,
      {
        class: q.class,
        gatewayId: q.gateway_id,
        search: q.search,
        vendor: q.vendor,
        health: q.health,
        deviating: q.deviating === undefined ? undefined : q.deviating === 'true',
      },
      { offset: (q.page - 1) * q.page_size, limit: q.page_size, sort: q.sort },
      new Date(now),
      IOT_HEALTH_DEFAULTS,
    );
    const results = await this.views(rows, now);
    const last = q.page * q.page_size >= count;
    return { count, next: last ? null : String(q.page + 1), previous: q.page > 1 ? String(q.page - 1) : null, results };
  }

  /** The whole inventory counted for the overview: vendors past IOT_SUMMARY_VENDORS_MAX are counted together. */
  async summary(actor: Actor): Promise<IotSummary> {
    const tenantId = actor.scope.tenantId;
    const [c, classes] = await Promise.all([
      repo.inventoryCounts(this.db, tenantId, new Date(this.now()), IOT_HEALTH_DEFAULTS),
      repo.countByClass(this.db, tenantId),
    ]);
    return {
      devices: c.devices,
      new_24h: c.new24h,
      health: { online: c.online, stale: c.stale, offline: c.offline, battery_low: c.batteryLow },
      deviating: c.deviating,
      deviations: c.deviations,
      by_class: [...classes].map(([cls, devices]) => ({ class: cls, devices })).sort((a, b) => b.devices - a.devices || a.class.localeCompare(b.class)),
      by_vendor: c.byVendor.slice(0, IOT_SUMMARY_VENDORS_MAX),
      other_vendors: c.byVendor.slice(IOT_SUMMARY_VENDORS_MAX).reduce((n, r) => n + r.devices, 0),
      gateways: c.gateways,
    };
  }

  async get(actor: Actor, id: string, window: { start_time?: string; end_time?: string }): Promise<IotDeviceDetail> {
    const tenantId = actor.scope.tenantId;
    const row = await this.found(tenantId, id);
    const now = this.now();
    const [view] = await this.views([row], now);
    const { from, to, step } = seriesWindow(window, now);
    const series = await Promise.all(
      view!.last_values.map(async (v) => ({
        series: v.series,
        unit: v.unit,
        last: { at: v.at, value: v.value },
        step_seconds: step,
        points: (await repo.seriesBuckets(this.db, tenantId, id, v.series, from, to, step)).map((p) => ({ ...p, at: p.at.toISOString() })),
      })),
    );
    const cls = view!.classification.class;
    const report = row.report;
    return {
      ...view!,
      report: {
        dhcp: report?.dhcp ?? null,
        mdns: report?.mdns ?? [],
        ssdp: report?.ssdp ?? [],
        server_ports: report?.server_ports ?? [],
        client_ports: report?.client_ports ?? [],
      },
      series,
      profile: await this.profiles.profileOf(tenantId, cls),
      deviations: (await repo.deviationsOf(this.db, tenantId, id)).map(deviationView),
      segments: await this.segments.ofDevice(tenantId, { id, class: cls, gatewayId: row.gatewayId }),
    };
  }

  /** An admin's word on what the device is: kept across later reports, and the class its profile and segments go by. Null hands it back to the evidence. */
  async correct(actor: Actor, id: string, cls: IotClass | null): Promise<IotDevice> {
    const tenantId = actor.scope.tenantId;
    await this.db.transaction(async (tx) => {
      const row = await this.found(tenantId, id, tx);
      await repo.setCorrection(tx, tenantId, id, cls === null ? null : { class: cls, by: actor.email, at: new Date(this.now()) });
      await audit(tx, actor, 'iot.device_class', id, {
        mac: row.mac,
        bus_id: row.busId,
        from: row.correctedClass ?? row.class,
        to: cls ?? row.class,
        corrected: cls !== null,
      });
    });
    const [view] = await this.views([await this.found(tenantId, id)], this.now());
    return view!;
  }

  async series(actor: Actor, q: { device_id: string; series: string; start_time?: string; end_time?: string }): Promise<IotSeries> {
    const tenantId = actor.scope.tenantId;
    await this.found(tenantId, q.device_id);
    const { from, to, step } = seriesWindow(q, this.now());
    const last = (await repo.lastValuesOf(this.db, [q.device_id])).find((v) => v.series === q.series);
    const points = await repo.seriesBuckets(this.db, tenantId, q.device_id, q.series, from, to, step);
    return {
      series: q.series,
      unit: last?.unit ?? null,
      last: last ? { at: last.at.toISOString(), value: last.value } : null,
      step_seconds: step,
      points: points.map((p) => ({ ...p, at: p.at.toISOString() })),
    };
  }

  // ─── Forwarding rules ───────────────────────────────────────────────────────

  async rules(actor: Actor): Promise<IotForwardRule[]> {
    return (await repo.listForwardRules(this.db, actor.scope.tenantId)).map(forwardRuleView);
  }

  async createRule(actor: Actor, input: RuleInput): Promise<IotForwardRule> {
    const id = crypto.randomUUID();
    await this.changeRules(actor, 'iot.forward_rule_created', id, (rules) => {
      if (rules.length >= IOT_FORWARD_RULES_MAX) throw errors.invalid({ non_field_errors: [`At most ${IOT_FORWARD_RULES_MAX} forwarding rules`] });
      const now = new Date(this.now());
      const { position, ...fields } = input;
      const row: repo.ForwardRuleRow = {
        id,
        tenantId: actor.scope.tenantId,
        position: 0,
        filter: fields.filter,
        series: fields.series,
        valuePath: fields.value_path ?? null,
        unit: fields.unit ?? null,
        deviceWildcard: fields.device_wildcard ?? null,
        createdAt: now,
        updatedAt: now,
      };
      const at = Math.min(position ?? rules.length + 1, rules.length + 1) - 1;
      return [...rules.slice(0, at), row, ...rules.slice(at)];
    });
    return this.rule(actor, id);
  }

  async updateRule(actor: Actor, id: string, patch: RulePatch): Promise<IotForwardRule> {
    await this.changeRules(actor, 'iot.forward_rule_updated', id, (rules) => {
      const before = rules.find((r) => r.id === id);
      if (!before) throw errors.notFound();
      const { position, ...fields } = patch;
      const row: repo.ForwardRuleRow = {
        ...before,
        ...(fields.filter !== undefined && { filter: fields.filter }),
        ...(fields.series !== undefined && { series: fields.series }),
        ...('value_path' in fields && { valuePath: fields.value_path ?? null }),
        ...('unit' in fields && { unit: fields.unit ?? null }),
        ...('device_wildcard' in fields && { deviceWildcard: fields.device_wildcard ?? null }),
        updatedAt: new Date(this.now()),
      };
      const rest = rules.filter((r) => r.id !== id);
      const at = Math.min(position ?? rules.indexOf(before) + 1, rest.length + 1) - 1;
      return [...rest.slice(0, at), row, ...rest.slice(at)];
    });
    return this.rule(actor, id);
  }

  async removeRule(actor: Actor, id: string): Promise<void> {
    await this.changeRules(actor, 'iot.forward_rule_deleted', id, (rules) => {
      if (!rules.some((r) => r.id === id)) throw errors.notFound();
      return rules.filter((r) => r.id !== id);
    });
  }

  private async rule(actor: Actor, id: string): Promise<IotForwardRule> {
    const rule = (await this.rules(actor)).find((r) => r.id === id);
    if (!rule) throw errors.notFound();
    return rule;
  }

  /** One change of the tenant's list, under its lock: each rule checked whole (its '+' levels), the list renumbered, audited. */
  private async changeRules(actor: Actor, action: string, id: string, change: (rules: repo.ForwardRuleRow[]) => repo.ForwardRuleRow[]): Promise<void> {
    const tenantId = actor.scope.tenantId;
    await this.db.transaction(async (tx) => {
      await repo.lockTenant(tx, tenantId, 'forward-rules');
      const next = change(await repo.listForwardRules(tx, tenantId));
      const changed = next.find((r) => r.id === id);
      if (changed) {
        const checked = telemetryForwardSchema.safeParse({
          id: changed.id,
          filter: changed.filter,
          series: changed.series,
          value_path: changed.valuePath ?? undefined,
          unit: changed.unit ?? undefined,
          device_wildcard: changed.deviceWildcard ?? undefined,
        });
        if (!checked.success) throw errors.invalid(Object.fromEntries(checked.error.issues.map((i) => [i.path.join('.') || 'non_field_errors', [i.message]])));
      }
      await repo.saveForwardRules(tx, tenantId, next);
      await audit(tx, actor, action, id, changed ? { filter: changed.filter, series: changed.series } : {});
    });
  }

  // ─── Shared ─────────────────────────────────────────────────────────────────

  private async found(tenantId: string, id: string, db: Db = this.db): Promise<repo.DeviceWithGateway> {
    const row = await repo.findDevice(db, tenantId, id);
    if (!row) throw errors.notFound();
    return row;
  }

  private async views(rows: repo.DeviceWithGateway[], now: number): Promise<IotDevice[]> {
    const ids = rows.map((r) => r.id);
    const [values, deviations] = await Promise.all([repo.lastValuesOf(this.db, ids), repo.deviationCounts(this.db, ids)]);
    return rows.map((r) =>
      deviceView(
        r,
        values.filter((v) => v.iotDeviceId === r.id),
        deviations.get(r.id) ?? 0,
        now,
      ),
    );
  }
}
