import { alarmsSchema, type AlarmSettings } from '../config/families/services';

/** The alarm pages' tabs (spec 000 §2.10): reachability of the device, of each WAN link, a WAN link's quality, IPsec tunnels. */
export const DEVICE_ALARM_KINDS = ['device', 'wan', 'performance', 'ipsec'] as const;
export type DeviceAlarmKind = (typeof DEVICE_ALARM_KINDS)[number];
/** Every kind of alarm: the device pages' kinds, and DEM's (an endpoint's experience of an application under its threshold; the DEM page lists them). */
export const ALARM_KINDS = [...DEVICE_ALARM_KINDS, 'dem'] as const;
export type AlarmKind = (typeof ALARM_KINDS)[number];

/** An alarm is a change of state, as the spec's tables and legends name them. */
export const ALARM_STATES = ['Alerting', 'OK'] as const;
export type AlarmState = (typeof ALARM_STATES)[number];

/** Kinds whose subject is a WAN interface: their pages filter by interface. */
export const INTERFACE_ALARM_KINDS = ['wan', 'performance'] as const satisfies readonly AlarmKind[];
export type InterfaceAlarmKind = (typeof INTERFACE_ALARM_KINDS)[number];

/** A device without alarm settings of its own (services → alarms) uses these: the family's defaults. */
export const DEFAULT_ALARM_SETTINGS: AlarmSettings = alarmsSchema.parse({});

/** Empty texts of the alarm tables (spec 000 §2.10). */
export const ALARM_EMPTY_TEXTS: Record<AlarmKind, string> = {
  device: 'No Device Reachability History available yet!',
  wan: 'No WAN Reachability History available yet!',
  performance: 'No Performance Reachability History available yet!',
  ipsec: 'No IPSec Reachability History available yet!',
  dem: 'No Digital Experience History available yet!',
};

/** How one alarm reads in the bell and in mails: "WAN1 down", "Device unreachable". */
export function alarmText(kind: AlarmKind, subject: string, state: AlarmState): string {
  const bad = state === 'Alerting';
  switch (kind) {
    case 'device':
      return bad ? 'Device unreachable' : 'Device reachable';
    case 'wan':
      return `WAN ${subject} ${bad ? 'down' : 'up'}`;
    case 'performance':
      return `WAN ${subject} ${bad ? 'quality over thresholds' : 'quality back within thresholds'}`;
    case 'ipsec':
      return `IPsec tunnel ${subject} ${bad ? 'down' : 'up'}`;
    case 'dem':
      return `${subject} experience ${bad ? 'under its threshold' : 'back above its threshold'}`;
  }
}
