import type { AlarmNotification, ChatLiveEvent, ConfigSyncEvent, DeviceRow, DiagnosticLiveEvent, ReportRow } from '@netloom/domain';

/** A device's row changed (heartbeat, status, approval, group): every console of its tenant redraws it. */
interface TenantDeviceEvent {
  kind: 'device';
  row: DeviceRow;
}

/** A stored alarm of the tenant: every console's bell hears it. */
interface TenantAlarmEvent {
  kind: 'alarm';
  notification: Omit<AlarmNotification, 'read'>;
}

/**
 * An announcement was posted, changed or withdrawn, or its start or end passed: the consoles of
 * its audience ('all' tenants, or the listed ones) read theirs again. One topic for all tenants:
 * an announcement for everyone is one message, not one per tenant.
 */
interface AnnouncementEvent {
  kind: 'announcement';
  id: string;
  audience: 'all' | string[];
}

/** A report of the tenant was queued, moved on, finished or failed: its owners' and admins' consoles redraw it. */
interface TenantReportEvent {
  kind: 'report';
  report: ReportRow;
}

/** A device's configuration moved on (a push queued, answered, undone): consoles showing it read it again. */
type TenantConfigEvent = ConfigSyncEvent;

/** Messages for one device's agent connection, wherever it is connected (from REST calls and newer connections). */
export type DeviceTopicMessage =
  | { kind: 'approved'; credential: { device_id: string; secret: string } }
  | { kind: 'job'; job_id: string }
  /** Stop a running diagnostic now (asked in the console, or past its limits). */
  | { kind: 'job_stop'; job_id: string; reason: string }
  | { kind: 'deactivated' }
  | { kind: 'unclaimed' }
  | { kind: 'rejected' }
  | { kind: 'replaced'; connection_id: string };

/**
 * What the `sessions` topic carries. `user_sessions` means every session of the user except
 * `keep` was revoked (password changed or reset, 2FA turned on or off, deactivation, removal):
 * instances drop the user's cached principals, and open sockets of the other sessions close.
 */
type SessionEvent =
  | { kind: 'session'; id: string }
  | { kind: 'user'; id: string }
  | { kind: 'user_sessions'; id: string; keep: string | null }
  /** A tenant was suspended, resumed or deleted: whoever watches it (a super admin too) is checked again. */
  | { kind: 'tenant'; id: string };

/** What each kind of topic carries: publish and subscribe are checked against it. */
interface TopicPayloads {
  tenantDevices: TenantDeviceEvent;
  tenantAlarms: TenantAlarmEvent;
  tenantReports: TenantReportEvent;
  tenantConfig: TenantConfigEvent;
  tenantDiagnostics: DiagnosticLiveEvent;
  tenantChat: ChatLiveEvent;
  device: DeviceTopicMessage;
  sessions: SessionEvent;
  announcements: AnnouncementEvent;
}
export type TopicKind = keyof TopicPayloads;

declare const topicKind: unique symbol;
/** A topic name that knows its payload; only `topics` makes one, so a name cannot be mistyped. */
export type Topic<K extends TopicKind = TopicKind> = string & { readonly [topicKind]: K };
export type PayloadOf<T extends Topic> = T extends Topic<infer K> ? TopicPayloads[K] : never;

const topic = <K extends TopicKind>(name: string) => name as Topic<K>;

/** Topic names in one place, so publishers and subscribers cannot drift apart. */
export const topics = {
  /** Device state changes of one tenant (heartbeats, status, approvals). */
  tenantDevices: (tenantId: string) => topic<'tenantDevices'>(`tenant:${tenantId}:devices`),
  /** Alarms of one tenant as they are stored (the notification bell). */
  tenantAlarms: (tenantId: string) => topic<'tenantAlarms'>(`tenant:${tenantId}:alarms`),
  /** Reports of one tenant as they are made (queued, progress, done, failed). */
  tenantReports: (tenantId: string) => topic<'tenantReports'>(`tenant:${tenantId}:reports`),
  /** Devices' configuration sync of one tenant as pushes go and come back. */
  tenantConfig: (tenantId: string) => topic<'tenantConfig'>(`tenant:${tenantId}:config`),
  /** Diagnostics of one tenant's devices as they start, stream output and end. */
  tenantDiagnostics: (tenantId: string) => topic<'tenantDiagnostics'>(`tenant:${tenantId}:diagnostics`),
  /** Chat messages of one tenant as they are sent (both channels; each console keeps those it may read). */
  tenantChat: (tenantId: string) => topic<'tenantChat'>(`tenant:${tenantId}:chat`),
  /** Messages for one device's agent connection, wherever it is connected (jobs, approval). */
  device: (deviceId: string) => topic<'device'>(`device:${deviceId}`),
  /** Revoked sessions and changed users, so every instance drops its cached principals. */
  sessions: () => topic<'sessions'>('sessions'),
  /** Announcements of every tenant; each console keeps those whose audience holds its tenant. */
  announcements: () => topic<'announcements'>('announcements'),
} as const;
