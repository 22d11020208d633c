import type { DeviceRow, LogEntry, TrafficAnswer, WebFilterFigures } from '@netloom/domain';

/** The tenant, product and period one report covers. */
export interface ReportScope {
  tenantId: string;
  product: 'sdwan' | 'ztna';
  from: Date;
  to: Date;
}

/** One stored alarm state change of a device's reachability ('device', subject '') or a WAN link ('wan'). */
export interface AlarmStateChange {
  deviceId: string;
  kind: 'device' | 'wan';
  subject: string;
  state: string;
  at: Date;
}

/**
 * What report generation reads from the rest of the product. The composition root builds it from
 * the other modules' services (devices, traffic, logs) and this module's own queries where no
 * service answers for an arbitrary period (alarm history, heartbeats, web-filter totals).
 */
export interface ReportSources {
  tenantName(tenantId: string): Promise<string>;
  /** Every device of the tenant of that kind, as the device list shows it, with its serial. */
  devices(tenantId: string, kind: 'gateway' | 'endpoint'): Promise<(DeviceRow & { serial: string })[]>;
  /**
   * The alarm history of those devices up to the period's end: every change inside the period and,
   * per subject, the last change before it (the state the period began in).
   */
  alarmHistory(scope: ReportScope, deviceIds: string[]): Promise<AlarmStateChange[]>;
  /** The minutes in which each device reported (its heartbeats' metrics), and since when such data is kept. */
  heartbeats(scope: ReportScope, deviceIds: string[]): Promise<{ minutes: Map<string, Date[]>; keptSince: Date; graceMs: number }>;
  /** One ranking of the analytics store over the period (top applications, talkers, sites). */
  topTraffic(scope: ReportScope, graph: 'top-applications' | 'top-talkers' | 'top-sites', count: number): Promise<TrafficAnswer>;
  webFilter(scope: ReportScope, count: number): Promise<WebFilterFigures>;
  /** Login or activity log entries of the period, newest first: `limit` of them from the `offset`-th on. */
  logs(scope: ReportScope, kind: 'login' | 'activity', page: { offset: number; limit: number }): Promise<LogEntry[]>;
}
