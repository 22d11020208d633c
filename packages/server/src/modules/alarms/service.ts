import {
  alarmText,
  type Alarm,
  type AlarmKind,
  type AlarmNotification,
  type AlarmState,
  type InterfaceAlarmKind,
  type NotificationList,
} from '@netloom/domain';
import type { Db } from '../../db/client';
import type { Actor } from '../../http/access';
import { errors } from '../../http/errors';
import * as repo from './repo';

/** How many of the newest alarms the bell lists. */
export const BELL_SIZE = 20;

export function alarmAnswer(row: repo.AlarmRow): Alarm {
  return {
    id: row.id,
    device_id: row.deviceId,
    kind: row.kind as AlarmKind,
    state: row.state as AlarmState,
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
}
