import { z } from 'zod';
import { ALARM_KINDS, ALARM_STATES } from '../alarms/kinds';
import { ALARM_SEVERITIES } from '../alarms/severity';
import { alarmsSchema } from '../config/families/services';
import { storableText } from '../validators/storable-text';
import { paginated, pageQuerySchema } from './pagination';

/** Alert history by device (spec 001 §7 Alarms) and the bell's notifications (spec 000 §2.14). */
export const ALARM_PATHS = {
  history: (deviceId: string, kind: string) => `device/alarms/${deviceId}/${kind}/`,
  /** The spec's `wan_alarms_interfaces` and `performance_alarms_interfaces`. */
  interfaces: (deviceId: string, kind: string) => `device/alarms/${deviceId}/${kind}_alarms_interfaces/`,
  notifications: 'notifications/',
  notificationsRead: 'notifications/read/',
  /** The tenant's default thresholds for performance alarms (devices without alarm settings of their own). */
  defaults: 'alarm-defaults/',
} as const;

export const alarmHistoryParamsSchema = z.object({ deviceId: z.string().uuid(), kind: z.enum(ALARM_KINDS) });
export const alarmInterfacesParamsSchema = z.object({ deviceId: z.string().uuid() });
export const alarmHistoryQuerySchema = pageQuerySchema.extend({
  tid: z.string().uuid().optional(),
  /** One interface's alarms ('All' or none: every one). */
  interface: storableText().max(32).optional(),
});

export const alarmSchema = z
  .object({
    id: z.string(),
    device_id: z.string(),
    kind: z.enum(ALARM_KINDS),
    state: z.enum(ALARM_STATES),
    /** By the domain rule alarmSeverity (kind and state). */
    severity: z.enum(ALARM_SEVERITIES),
    /** The WAN interface or tunnel; null for the device's own reachability. */
    interface: z.string().nullable(),
    /** What happened, in words ("WAN wan1 down"). */
    alarm: z.string(),
    /** Figures behind a performance alarm ("latency 210 ms, jitter 4 ms, loss 0 %"). */
    detail: z.string().nullable(),
    time: z.string(),
  })
  .meta({ id: 'Alarm', description: 'A raised alarm and its state' });
export type Alarm = z.infer<typeof alarmSchema>;
export const alarmHistorySchema = paginated(alarmSchema);
export const alarmInterfacesSchema = z.array(z.string());

/** One bell entry: the spec's status, deviceName and alarm, with what the console links to. */
export const alarmNotificationSchema = z.object({
  id: z.string(),
  status: z.enum(ALARM_STATES),
  severity: z.enum(ALARM_SEVERITIES),
  deviceName: z.string(),
  device_id: z.string(),
  kind: z.enum(ALARM_KINDS),
  alarm: z.string(),
  time: z.string(),
  read: z.boolean(),
});
export type AlarmNotification = z.infer<typeof alarmNotificationSchema>;
export const alarmNotificationListSchema = z.object({ items: z.array(alarmNotificationSchema), unread: z.number().int() });
export type NotificationList = z.infer<typeof alarmNotificationListSchema>;
export const notificationsQuerySchema = z.object({ tid: z.string().uuid().optional() });
/** Marks read everything up to and including this notification (the newest the user saw), or all. */
export const notificationsReadBodySchema = z.strictObject({ up_to: z.string().uuid().optional() });

/** The bell's live message on the browser socket. */
export const liveNotificationSchema = z.object({ notification: alarmNotificationSchema.omit({ read: true }) });

const { latency_ms, jitter_ms, loss_pct, hold_seconds } = alarmsSchema.shape;
/** Every threshold is given: a saved default says all it means. */
export const alarmDefaultsBodySchema = z.strictObject({
  latency_ms: latency_ms.unwrap(),
  jitter_ms: jitter_ms.unwrap(),
  loss_pct: loss_pct.unwrap(),
  hold_seconds: hold_seconds.unwrap(),
});
export type AlarmDefaultsBody = z.infer<typeof alarmDefaultsBodySchema>;
/** The tenant's default thresholds; `built_in` until an owner or admin saves some. */
export const alarmDefaultsSchema = alarmDefaultsBodySchema.extend({ built_in: z.boolean() });
export type AlarmDefaults = z.infer<typeof alarmDefaultsSchema>;
