import { ALARM_SEVERITY_LABELS, alarmSeverity, type AlarmEvent, type AlarmKind, type AlarmState } from '@netloom/domain';
import type { alarms } from '../../db/schema/alarms';

/** What channels carry of a stored alarm: the webhook's body, the e-mail's facts. */
export function alarmEventOf(row: typeof alarms.$inferSelect, deviceName: string, deviceSerial: string): AlarmEvent {
  return {
    id: row.id,
    test: false,
    tenant_id: row.tenantId,
    device_id: row.deviceId,
    device_name: deviceName,
    device_serial: deviceSerial,
    kind: row.kind as AlarmKind,
    interface: row.kind === 'device' ? null : row.subject,
    state: row.state as AlarmState,
    severity: alarmSeverity(row.kind as AlarmKind, row.state as AlarmState),
    alarm: row.alarm,
    detail: row.detail,
    time: row.createdAt.toISOString(),
  };
}

export function emailOf(event: AlarmEvent): { subject: string; text: string } {
  const what = `${event.device_name}: ${event.alarm}`;
  // Events queued before severities existed carry none.
  const severity = event.severity ? ALARM_SEVERITY_LABELS[event.severity] : null;
  return {
    subject: `${event.test ? '[Test] ' : ''}[Netloom] ${severity ? `${severity} ` : ''}${event.state} – ${what}`,
    text: [
      event.test ? 'This is a test of a notification channel.' : `${event.state}: ${what}`,
      severity ? `Severity: ${severity}` : null,
      event.detail ? `Measured: ${event.detail}` : null,
      // The name alone may be several gateways' ('branch'); the serial is this one's.
      event.device_serial ? `Device serial: ${event.device_serial}` : null,
      `Time: ${event.time}`,
      event.interface ? `Interface: ${event.interface}` : null,
    ]
      .filter(Boolean)
      .join('\n'),
  };
}
