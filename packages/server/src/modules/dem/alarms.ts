import type { FastifyBaseLogger } from 'fastify';
import { alarmText, DEM_AFFECTED_WINDOW_MINUTES, DEM_CAUSE_LABELS, type AlarmState } from '@netloom/domain';
import type { Db } from '../../db/client';
import type { DemAnalytics } from '../traffic/index';
import * as repo from './repo';
import { latestRound, verdictOf } from './scoring';

/** An endpoint's experience of an application changing state, as the alarms module stores it (kind `dem`, the application's id as subject). */
export interface DemAlarmChange {
  tenantId: string;
  deviceId: string;
  deviceName: string;
  deviceSerial: string;
  subject: string;
  state: AlarmState;
  alarm: string;
  detail: string;
  at: Date;
}

interface Endpoint {
  id: string;
  tenantId: string;
  name: string;
  serial: string;
}

/** The detail an alarm carries, which the DEM page reads back: `Score 42.1 under 70 (Wi-Fi)`. */
const alarmDetail = (score: number, threshold: number, cause: string | null) =>
  `Score ${score} ${score < threshold ? 'under' : 'at or above'} ${threshold}${cause ? ` (${cause})` : ''}`;

/**
 * Judges an endpoint's experience of each application its fresh results name: its latest round
 * of tests under the application's alarm score is Alerting, at or above it OK. The alarms module
 * stores a change once (one conditional update, whichever instance gets there first) and delivers
 * it to the bell and the notification channels; a state that did not change stores nothing.
 */
export class DemAlarmJudge {
  constructor(
    private readonly db: Db,
    private readonly analytics: DemAnalytics,
    private readonly record: (change: DemAlarmChange) => Promise<void>,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => number = Date.now,
  ) {}

  /** After a batch of the endpoint's results was stored (not a resend). Never throws: a failure is logged. */
  async evaluate(endpoint: Endpoint, applicationIds: readonly string[]): Promise<void> {
    try {
      const apps = (await repo.listApplications(this.db, endpoint.tenantId)).filter((a) => applicationIds.includes(a.id));
      for (const app of apps) {
        const now = this.now();
        const back = Math.max(DEM_AFFECTED_WINDOW_MINUTES * 60_000, 2 * app.intervalSeconds * 1000);
        const rows = await this.analytics.recent({
          tenantId: endpoint.tenantId,
          from: new Date(now - back),
          to: new Date(now + 60_000),
          applicationId: app.id,
          user: null,
          location: null,
          network: null,
          deviceId: endpoint.id,
        });
        const round = latestRound(rows, app.intervalSeconds);
        if (round.length === 0) continue;
        const { score, cause } = verdictOf(round);
        const state: AlarmState = score < app.alarmScore ? 'Alerting' : 'OK';
        await this.record({
          tenantId: endpoint.tenantId,
          deviceId: endpoint.id,
          deviceName: endpoint.name,
          deviceSerial: endpoint.serial,
          subject: app.id,
          state,
          alarm: alarmText('dem', app.name, state),
          detail: alarmDetail(score, app.alarmScore, state === 'Alerting' ? DEM_CAUSE_LABELS[cause] : null),
          at: new Date(now),
        });
      }
    } catch (err) {
      this.log.error({ err, device: endpoint.id }, 'DEM alarms not judged');
    }
  }
}
