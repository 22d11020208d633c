import type { AlarmNotification, DeviceRow } from '@netloom/domain';

/** A device's row changed (heartbeat, status, approval, group): every console of its tenant redraws it. */
export interface TenantDeviceEvent {
  kind: 'device';
  row: DeviceRow;
}

/** A stored alarm of the tenant: every console's bell hears it. */
export interface TenantAlarmEvent {
  kind: 'alarm';
  notification: Omit<AlarmNotification, 'read'>;
}

/** Messages for one device's agent connection, wherever it is connected (from REST calls and newer connections). */
export type DeviceTopicMessage =
  | { kind: 'approved'; credential: { device_id: string; secret: string } }
  | { kind: 'job'; job_id: string }
  | { kind: 'deactivated' }
  | { kind: 'unclaimed' }
  | { kind: 'replaced'; connection_id: string };

/**
 * What the `sessions` topic carries. `user_sessions` means every session of the user except
 * `keep` was revoked (password changed or reset, 2FA turned on or off, deactivation, removal):
 * instances drop the user's cached principals, and open sockets of the other sessions close.
 */
export type SessionEvent =
  | { kind: 'session'; id: string }
  | { kind: 'user'; id: string }
  | { kind: 'user_sessions'; id: string; keep: string | null }
  /** A tenant was suspended, resumed or deleted: whoever watches it (a super admin too) is checked again. */
  | { kind: 'tenant'; id: string };

/** What each kind of topic carries: publish and subscribe are checked against it. */
export interface TopicPayloads {
  tenantDevices: TenantDeviceEvent;
  tenantAlarms: TenantAlarmEvent;
  device: DeviceTopicMessage;
  sessions: SessionEvent;
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
  /** Messages for one device's agent connection, wherever it is connected (jobs, approval). */
  device: (deviceId: string) => topic<'device'>(`device:${deviceId}`),
  /** Revoked sessions and changed users, so every instance drops its cached principals. */
  sessions: () => topic<'sessions'>('sessions'),
} as const;
