import {
  alarmDefaultsBodySchema,
  alarmSeverity,
  DEFAULT_ALARM_SETTINGS,
  alarmText,
  type Alarm,
  type AlarmKind,
  type AlarmNotification,
  type AlarmDefaults,
  type AlarmDefaultsBody,
  type AlarmState,
  type InterfaceAlarmKind,
  type NotificationList,
} from '@netloom/domain';
import type { Db } from '../../db/client';
import { audit, type Actor } from '../../http/access';
import { errors } from '../../http/errors';
import * as repo from './repo';

/** How many of the newest alarms the bell lists. */
const BELL_SIZE = 20;

function alarmAnswer(row: repo.AlarmRow): Alarm {
  return {
    id: row.id,
    device_id: row.deviceId,
    kind: row.kind as AlarmKind,
    state: row.state as AlarmState,
    severity: alarmSeverity(row.kind as AlarmKind, row.state as AlarmState),
    interface: row.kind === 'device' ? null : row.subject,
    alarm: row.alarm,
    detail: row.detail,
    time: row.createdAt.toISOString(),
  };
}

export function notificationOf(row: repo.AlarmRow, deviceName: string): Omit<AlarmNotification, 'read'> {
  return {
    id: row.id,
    status: row.state as AlarmState,
    severity: alarmSeverity(row.kind as AlarmKind, row.state as AlarmState),
    deviceName,
    device_id: row.deviceId,
    kind: row.kind as AlarmKind,
    alarm: row.alarm || alarmText(row.kind as AlarmKind, row.subject, row.state as AlarmState),
    time: row.createdAt.toISOString(),
  };
}

/** Alert history by device and the bell's notifications. */
export class AlarmService {
  constructor(private readonly db: Db) {}

  async history(actor: Actor, deviceId: string, kind: AlarmKind, q: { interface?: string; offset: number; limit: number | null }) {
    if (!(await repo.findDevice(this.db, actor.scope.tenantId, deviceId))) throw errors.notFound();
    const subject = q.interface && q.interface !== 'All' ? q.interface : undefined;
    const { rows, total } = await repo.history(this.db, { deviceId, kind, subject, offset: q.offset, limit: q.limit });
    return { rows: rows.map(alarmAnswer), total };
  }

  /** The interface filter's names: the device's WAN links now, and any an alarm was raised for. */
  async interfaces(actor: Actor, deviceId: string, kind: InterfaceAlarmKind): Promise<string[]> {
    const device = await repo.findDevice(this.db, actor.scope.tenantId, deviceId);
    if (!device) throw errors.notFound();
    const names = new Set(device.wanStatus.map((w) => w.name));
    for (const s of await repo.alarmSubjects(this.db, deviceId, kind)) names.add(s);
    return [...names].sort((a, b) => a.localeCompare(b));
  }

  /** A device's newest alarms of every kind (a support ticket keeps them as raised). */
  async recent(tenantId: string, deviceId: string, limit: number) {
    return (await repo.recentDeviceAlarms(this.db, tenantId, deviceId, limit)).map((row) => ({
      time: row.createdAt.toISOString(),
      status: row.state,
      kind: row.kind,
      alarm: row.alarm || alarmText(row.kind as AlarmKind, row.subject, row.state as AlarmState),
    }));
  }

  async notifications(actor: Actor): Promise<NotificationList> {
    const { rows, readUntil, unread } = await repo.newestAlarms(this.db, actor.scope.tenantId, actor.userId, BELL_SIZE);
    return {
      items: rows.map(({ alarm, deviceName }) => ({ ...notificationOf(alarm, deviceName), read: readUntil !== null && alarm.createdAt <= readUntil })),
      unread,
    };
  }

  /** Everything up to the named alarm (the newest the user saw) is read, or everything so far. */
  async markRead(actor: Actor, upTo?: string): Promise<NotificationList> {
    let until = new Date();
    if (upTo) {
      const alarm = await repo.findAlarm(this.db, actor.scope.tenantId, upTo);
      if (!alarm) throw errors.notFound();
      until = alarm.createdAt;
    }
    await repo.markRead(this.db, actor.userId, actor.scope.tenantId, until);
    return this.notifications(actor);
  }

  /** The tenant's default thresholds for performance alarms, or the built-in ones until some are saved. */
  async defaults(actor: Actor): Promise<AlarmDefaults> {
    const stored = alarmDefaultsBodySchema.safeParse(await repo.tenantAlarmDefaultsOf(this.db, actor.scope.tenantId));
    return stored.success ? { ...stored.data, built_in: false } : { ...DEFAULT_ALARM_SETTINGS, built_in: true };
  }

  /** Saved thresholds count for the tenant's devices without settings of their own within a minute (the engine reads them again). */
  async saveDefaults(actor: Actor, body: AlarmDefaultsBody): Promise<AlarmDefaults> {
    await this.db.transaction(async (tx) => {
      await repo.saveTenantAlarmDefaults(tx, actor.scope.tenantId, body);
      await audit(tx, actor, 'alarm_defaults.updated', actor.scope.tenantId, body);
    });
    return { ...body, built_in: false };
  }
}
