import type { AlarmEvent, AlarmKind, AlarmState } from '@netloom/domain';
import type { alarms } from '../../db/schema/index';

/** What channels carry of a stored alarm: the webhook's body, the e-mail's facts. */
export function alarmEventOf(row: typeof alarms.$inferSelect, deviceName: string): AlarmEvent {
  return {
    id: row.id,
    test: false,
    tenant_id: row.tenantId,
    device_id: row.deviceId,
    device_name: deviceName,
    kind: row.kind as AlarmKind,
    interface: row.kind === 'device' ? null : row.subject,
    state: row.state as AlarmState,
    alarm: row.alarm,
    detail: row.detail,
    time: row.createdAt.toISOString(),
  };
}

export function emailOf(event: AlarmEvent): { subject: string; text: string } {
  const what = `${event.device_name}: ${event.alarm}`;
  return {
    subject: `${event.test ? '[Test] ' : ''}[Netloom] ${event.state} – ${what}`,
    text: [
      event.test ? 'This is a test of a notification channel.' : `${event.state}: ${what}`,
      event.detail ? `Measured: ${event.detail}` : null,
      `Time: ${event.time}`,
      event.interface ? `Interface: ${event.interface}` : null,
    ]
      .filter(Boolean)
      .join('\n'),
  };
}
