import {
  DNS_QUERIES_BATCH_MAX,
  IDS_ALERTS_BATCH_MAX,
  IOT_DEVICES_BATCH_MAX,
  IOT_TELEMETRY_BATCH_MAX,
  type DnsQueriesMessage,
  type DnsQueryRecord,
  type IdsAlertRecord,
  type IdsAlertsMessage,
  type IotDeviceReport,
  type IotDevicesMessage,
  type IotTelemetryMessage,
  type IotTelemetryPoint,
} from '@netloom/domain';
import { BatchExporter, type BatchExporterOptions } from './batch-exporter';

/** A resolver's log and the IDS engine's alerts go out as often as flows. */
export const DNS_EXPORT_INTERVAL_S = 60;
export const IDS_EXPORT_INTERVAL_S = 60;
/** A gateway tells what it sees on its LANs every five minutes: enough for last-seen, little for a fleet. */
export const IOT_DEVICES_EXPORT_INTERVAL_S = 300;
/** Bridged MQTT readings every half minute, so the IoT page's last values keep up with sensors publishing every 10–30 s. */
export const IOT_TELEMETRY_EXPORT_INTERVAL_S = 30;
/** At most ten minutes between exports of any of them. */
export const EVIDENCE_EXPORT_MAX_S = 600;

type Base<R, M extends { seq: number }> = Omit<BatchExporterOptions<R, M>, 'collect' | 'batchMax' | 'message' | 'recordsOf'>;

function checked(name: string, intervalS: number): void {
  if (!(intervalS >= 0 && intervalS <= EVIDENCE_EXPORT_MAX_S))
    throw new RangeError(`the ${name} export interval must be between 0 (off) and ${EVIDENCE_EXPORT_MAX_S} s`);
}

/** The DNS queries the device's resolver answered, `dns_queries` batches kept until acknowledged. */
export function dnsQueryExporter(opts: Base<DnsQueryRecord, DnsQueriesMessage> & { queries: (at: Date, intervalS: number) => DnsQueryRecord[] }) {
  checked('DNS query', opts.intervalS);
  return new BatchExporter<DnsQueryRecord, DnsQueriesMessage>({
    ...opts,
    collect: (at, intervalS) => opts.queries(at, intervalS),
    batchMax: DNS_QUERIES_BATCH_MAX,
    message: (seq, queries) => ({ type: 'dns_queries', seq, queries }),
    recordsOf: (m) => m.queries.length,
  });
}

/** The gateway's IDS/IPS alerts, `ids_alerts` batches kept until acknowledged. */
export function idsAlertExporter(opts: Base<IdsAlertRecord, IdsAlertsMessage> & { alerts: (at: Date) => IdsAlertRecord[] }) {
  checked('IDS alert', opts.intervalS);
  return new BatchExporter<IdsAlertRecord, IdsAlertsMessage>({
    ...opts,
    collect: (at) => opts.alerts(at),
    batchMax: IDS_ALERTS_BATCH_MAX,
    message: (seq, alerts) => ({ type: 'ids_alerts', seq, alerts }),
    recordsOf: (m) => m.alerts.length,
  });
}

/** What an IoT gateway saw on its LANs, `iot_devices` batches kept until acknowledged. */
export function iotDeviceExporter(opts: Base<IotDeviceReport, IotDevicesMessage> & { devices: (at: Date, intervalS: number) => IotDeviceReport[] }) {
  checked('IoT device', opts.intervalS);
  return new BatchExporter<IotDeviceReport, IotDevicesMessage>({
    ...opts,
    collect: (at, intervalS) => opts.devices(at, intervalS),
    batchMax: IOT_DEVICES_BATCH_MAX,
    message: (seq, devices) => ({ type: 'iot_devices', seq, devices }),
    recordsOf: (m) => m.devices.length,
  });
}

/** Readings bridged from the gateway's MQTT broker, `iot_telemetry` batches kept until acknowledged. */
export function iotTelemetryExporter(opts: Base<IotTelemetryPoint, IotTelemetryMessage> & { points: (at: Date) => IotTelemetryPoint[] }) {
  checked('IoT telemetry', opts.intervalS);
  return new BatchExporter<IotTelemetryPoint, IotTelemetryMessage>({
    ...opts,
    collect: (at) => opts.points(at),
    batchMax: IOT_TELEMETRY_BATCH_MAX,
    message: (seq, points) => ({ type: 'iot_telemetry', seq, points }),
    recordsOf: (m) => m.points.length,
  });
}
