import {
  ERROR_CODES,
  alarmSeverity,
  percentileFromBuckets,
  vitalUnit,
  type AlarmEvent,
  type RumAlert,
  type RumAlertInput,
  type RumAlertPatch,
  type VitalName,
} from '@netloom/domain';
import type { Db } from '../../db/client';
import { audit, type Actor } from '../../http/access';
import { AppError, errors } from '../../http/errors';
import type { RumAnalytics } from '../traffic/index';
import * as repo from './repo';

/** Hands an alert's change to the tenant's notification channels (the alarms module's outbox, wired in the composition root). */
export type RumNotify = (tenantId: string, event: AlarmEvent) => Promise<void>;

function alertAnswer(row: repo.AlertRow): RumAlert {
  return {
    id: row.id,
    site_id: row.siteId,
    vital: row.vital as VitalName,
    threshold: row.threshold,
    window_minutes: row.windowMinutes,
    enabled: row.enabled,
    state: row.state,
    last_value: row.lastValue,
  };
}

const shown = (vital: VitalName, v: number) => (vitalUnit(vital) === 'ms' ? `${Math.round(v).toLocaleString('en')} ms` : v.toFixed(3));

/**
 * Alerts on a vital's p75: over the alert's window (from the minute rollups), a p75 above the threshold
 * turns it alerting, one at or under it turns it ok again. A window without samples changes nothing.
 * Each change is recorded once (a conditional update) and goes to the tenant's notification channels
 * as a performance alarm of the site.
 */
export class RumAlertService {
  constructor(
    private readonly db: Db,
    private readonly analytics: RumAnalytics,
    private readonly notify: RumNotify,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async list(actor: Actor, siteId?: string): Promise<RumAlert[]> {
    const rows = await repo.listAlerts(this.db, actor.scope.tenantId);
    return rows.filter((r) => siteId === undefined || r.siteId === siteId).map(alertAnswer);
  }

  async create(actor: Actor, input: RumAlertInput): Promise<RumAlert> {
    // Another tenant's site is a reference the caller may not make: 422, naming the field.
    if (!(await repo.findSite(this.db, actor.scope.tenantId, input.site_id)))
      throw new AppError(422, ERROR_CODES.validation, 'Invalid input.', { site_id: ['Not a site of this organisation'] });
    const row = await repo.insertAlert(this.db, {
      id: crypto.randomUUID(),
      tenantId: actor.scope.tenantId,
      siteId: input.site_id,
      vital: input.vital,
      threshold: input.threshold,
      windowMinutes: input.window_minutes,
      enabled: input.enabled,
    });
    await audit(this.db, actor, 'rum.alert_created', row.id, { site_id: row.siteId, vital: row.vital, threshold: row.threshold });
    return alertAnswer(row);
  }

  async update(actor: Actor, id: string, patch: RumAlertPatch): Promise<RumAlert> {
    const row = await repo.updateAlert(this.db, actor.scope.tenantId, id, {
      ...(patch.threshold !== undefined ? { threshold: patch.threshold } : {}),
      ...(patch.window_minutes !== undefined ? { windowMinutes: patch.window_minutes } : {}),
      ...(patch.enabled !== undefined ? { enabled: patch.enabled } : {}),
    });
    if (!row) throw errors.notFound();
    await audit(this.db, actor, 'rum.alert_changed', id, { ...patch });
    return alertAnswer(row);
  }

  async remove(actor: Actor, id: string): Promise<void> {
    if (!(await repo.deleteAlert(this.db, actor.scope.tenantId, id))) throw errors.notFound();
    await audit(this.db, actor, 'rum.alert_deleted', id);
  }

  /** One round over every enabled alert; returns how many changed state. */
  async evaluate(): Promise<number> {
    const now = this.now();
    let changed = 0;
    for (const { alert, siteName } of await repo.enabledAlerts(this.db)) {
      const vital = alert.vital as VitalName;
      const from = new Date(now.getTime() - alert.windowMinutes * 60_000);
      const cells = await this.analytics.histogram({ siteId: alert.siteId, from, to: now }, [vital]);
      const p75 = percentileFromBuckets(vital, cells);
      if (p75 === null) continue;
      const next = p75 > alert.threshold ? 'alerting' : 'ok';
      if (next === alert.state) {
        await repo.noteAlertValue(this.db, alert.id, p75);
        continue;
      }
      if (!(await repo.changeAlertState(this.db, alert.id, alert.state, next, p75, now))) continue;
      changed++;
      const state = next === 'alerting' ? 'Alerting' : 'OK';
      const relation = next === 'alerting' ? 'above' : 'back under';
      await this.notify(alert.tenantId, {
        id: crypto.randomUUID(),
        test: false,
        tenant_id: alert.tenantId,
        device_id: null,
        device_name: `RUM · ${siteName}`,
        device_serial: null,
        kind: 'performance',
        interface: vital,
        state,
        severity: alarmSeverity('performance', state),
        alarm: `${vital} p75 ${shown(vital, p75)} ${relation} ${shown(vital, alert.threshold)} over ${alert.windowMinutes} min`,
        detail: `p75 ${shown(vital, p75)}`,
        time: now.toISOString(),
      });
    }
    return changed;
  }
}
