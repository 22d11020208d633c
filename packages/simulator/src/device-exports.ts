import {
  FLOW_ACTIVE_TIMEOUT_S,
  type DemResult,
  type DemResultsMessage,
  type UrlEvent,
  type UrlEventsMessage,
  type WafEventsMessage,
  type ZtnaSession,
  type ZtnaSessionsMessage,
} from '@netloom/domain';
import type { BatchExporter } from './batch-exporter';
import {
  DNS_EXPORT_INTERVAL_S,
  IDS_EXPORT_INTERVAL_S,
  IOT_DEVICES_EXPORT_INTERVAL_S,
  IOT_TELEMETRY_EXPORT_INTERVAL_S,
  dnsQueryExporter,
  idsAlertExporter,
  iotDeviceExporter,
  iotTelemetryExporter,
} from './evidence-export';
import { ExportProbe, protocolCarries, type OptionalExportType } from './optional-exports';
import type { Batch, BatchOutbox, BatchesDropped } from './batch-outbox';
import type { DeviceBehaviour } from './behaviour';
import { DEM_EXPORT_INTERVAL_S, demResultExporter } from './dem-export';
import { FlowExporter } from './flow-exporter';
import { mulberry32, seedFrom } from './prng';
import { URL_EXPORT_INTERVAL_S, urlEventExporter } from './url-export';
import type { WebFilterTimeline } from './web-filter-timeline';
import { WAF_EXPORT_INTERVAL_S, wafEventExporter, type WafRecord } from './waf-export';
import { ZTNA_EXPORT_INTERVAL_S, ztnaSessionExporter } from './ztna-export';

/** What the connection does with each of its exports: the same for flows, URL events and sessions. */
export type PeriodicExport = Pick<BatchExporter<unknown, Batch>, 'run' | 'pause' | 'stop'> & {
  outbox: Pick<BatchOutbox<Batch>, 'acked' | 'busy' | 'connected' | 'disconnected'>;
  /** A newer export the server may refuse: switched off for the run if it does (optional-exports.ts). */
  probe?: ExportProbe;
};

export interface ExportOptions {
  /** Seconds between flow exports, at most FLOW_ACTIVE_TIMEOUT_S (the default); 0: no flow export. */
  flowIntervalS?: number;
  /** Flow batches the outbox keeps unacknowledged (FLOW_OUTBOX_BATCHES unless a test shortens it). */
  flowOutboxBatches?: number;
  /** Seconds between URL event exports (URL_EXPORT_INTERVAL_S, 60, by default; at most URL_EXPORT_MAX_S); 0: none. */
  urlIntervalS?: number;
  /** A keen user's page visits per minute at the busiest hour (the browsing model's default unless raised for a test or a lively demo). */
  visitsPerMinute?: number;
  /** URL event batches the outbox keeps unacknowledged (OUTBOX_BATCHES unless a test shortens it). */
  urlOutboxBatches?: number;
  /** Seconds between zero-trust session exports of an endpoint (ZTNA_EXPORT_INTERVAL_S, 60, by default; at most ZTNA_EXPORT_MAX_S); 0: none. */
  ztnaIntervalS?: number;
  /** Session batches the outbox keeps unacknowledged (OUTBOX_BATCHES unless a test shortens it). */
  ztnaOutboxBatches?: number;
  /** Seconds between a WAF edge's event exports (WAF_EXPORT_INTERVAL_S, 60, by default; at most WAF_EXPORT_MAX_S); 0: none. */
  wafIntervalS?: number;
  /** WAF event batches the outbox keeps unacknowledged (OUTBOX_BATCHES unless a test shortens it). */
  wafOutboxBatches?: number;
  /** Seconds between an endpoint's DEM result exports (DEM_EXPORT_INTERVAL_S, 60, by default; at most DEM_EXPORT_MAX_S); 0: none. */
  demIntervalS?: number;
  /** DEM result batches the outbox keeps unacknowledged (OUTBOX_BATCHES unless a test shortens it). */
  demOutboxBatches?: number;
  /**
   * Seconds between exports of the resolver's DNS queries, the IDS alerts, an IoT site's devices and
   * its bridged MQTT readings; 0: none. Each defaults to its interval (evidence-export.ts) when the
   * agent protocol has its message, else off.
   */
  dnsIntervalS?: number;
  idsIntervalS?: number;
  iotDevicesIntervalS?: number;
  iotTelemetryIntervalS?: number;
  /** Batches each of those outboxes keeps unacknowledged (OUTBOX_BATCHES unless a test shortens it). */
  evidenceOutboxBatches?: number;
}

/** An optional export's interval: as asked, else its default when the protocol carries its message, else off. */
function optionalInterval(type: OptionalExportType, asked: number | undefined, fallback: number): number {
  return asked ?? (protocolCarries(type) ? fallback : 0);
}

/**
 * An optional export with its probe: what it transmits is noted on the probe, and once the server
 * refused its type it neither runs nor sends again this run. `started`/`stopped` come with the
 * export's own life (an IoT site's MQTT).
 */
function probed(
  exporter: Pick<BatchExporter<unknown, Batch>, 'run' | 'pause' | 'stop' | 'enabled'> & { outbox: PeriodicExport['outbox'] },
  probe: ExportProbe,
  life: { started?: () => void; stopped?: () => void } = {},
): PeriodicExport {
  return {
    probe,
    outbox: exporter.outbox,
    run: () => {
      if (probe.refused || !exporter.enabled) return;
      life.started?.();
      exporter.run();
    },
    pause: () => exporter.pause(),
    stop: () => {
      exporter.stop();
      life.stopped?.();
    },
  };
}

/** What the exports need of their device. */
export interface ExportHooks {
  deviceId(): string | null;
  nextSeq(): number;
  /** Sends a batch if the device is connected; false when it is not (the batch stays in its outbox). */
  transmit(message: object): boolean;
  /** The web filters the device ran, by when: each web request is decided by the one running when it was made. */
  webFilters: WebFilterTimeline;
  /** Batches an outbox dropped unacknowledged because it was full (told at most once a minute). */
  dropped(
    type: 'flows_dropped' | 'url_events_dropped' | 'ztna_sessions_dropped' | 'waf_events_dropped' | 'dem_results_dropped' | 'evidence_dropped',
    dropped: BatchesDropped,
    message?: OptionalExportType,
  ): void;
}

/**
 * A device's periodic exports, each swept every interval and kept in its own outbox until
 * acknowledged: flow records, its users' web requests (decided by its web filter), its zero-trust
 * client's connections, a WAF edge's access and audit logs. Each has a random stream of its own, apart from the device's timing
 * stream, which stays what it was with exports on or off.
 */
export function deviceExports(behaviour: DeviceBehaviour, opts: ExportOptions, hooks: ExportHooks) {
  const { nextSeq, transmit } = hooks;
  const stream = (name: string) => mulberry32(seedFrom(behaviour.serial, name));
  const flowExport = new FlowExporter({
    intervalS: behaviour.flows ? (opts.flowIntervalS ?? FLOW_ACTIVE_TIMEOUT_S) : 0,
    flows: (at, intervalS) => behaviour.flows?.(at, intervalS) ?? [],
    nextSeq,
    transmit,
    ...(opts.flowOutboxBatches === undefined ? {} : { capacity: opts.flowOutboxBatches }),
    random: stream('flow export'),
    onDropped: (dropped) => hooks.dropped('flows_dropped', dropped),
  });
  const urlExport: BatchExporter<UrlEvent, UrlEventsMessage> = urlEventExporter({
    intervalS: behaviour.browse ? (opts.urlIntervalS ?? URL_EXPORT_INTERVAL_S) : 0,
    browse: (at, intervalS) => behaviour.browse?.(at, intervalS, opts.visitsPerMinute) ?? [],
    filters: hooks.webFilters,
    // The simulator is not told its device group: policies for groups of endpoints do not reach it.
    device: () => ({ deviceId: hooks.deviceId(), deviceGroupId: null }),
    decided: (events) => behaviour.urlDecided?.(events),
    nextSeq,
    transmit,
    ...(opts.urlOutboxBatches === undefined ? {} : { capacity: opts.urlOutboxBatches }),
    random: stream('url export'),
    onDropped: (dropped) => hooks.dropped('url_events_dropped', dropped),
  });
  const ztnaExport: BatchExporter<ZtnaSession, ZtnaSessionsMessage> = ztnaSessionExporter({
    intervalS: behaviour.ztnaSessions ? (opts.ztnaIntervalS ?? ZTNA_EXPORT_INTERVAL_S) : 0,
    sessions: (at, intervalS) => behaviour.ztnaSessions?.(at, intervalS, hooks.deviceId()) ?? [],
    relays: () => behaviour.ztnaRelays?.() ?? [],
    nextSeq,
    transmit,
    ...(opts.ztnaOutboxBatches === undefined ? {} : { capacity: opts.ztnaOutboxBatches }),
    random: stream('ztna export'),
    onDropped: (dropped) => hooks.dropped('ztna_sessions_dropped', dropped),
  });
  const wafExport: BatchExporter<WafRecord, WafEventsMessage> = wafEventExporter({
    intervalS: behaviour.wafEvents ? (opts.wafIntervalS ?? WAF_EXPORT_INTERVAL_S) : 0,
    traffic: (at, intervalS) => behaviour.wafEvents?.(at, intervalS) ?? { requests: [], attacks: [] },
    nextSeq,
    transmit,
    ...(opts.wafOutboxBatches === undefined ? {} : { capacity: opts.wafOutboxBatches }),
    random: stream('waf export'),
    onDropped: (dropped) => hooks.dropped('waf_events_dropped', dropped),
  });
  const demExport: BatchExporter<DemResult, DemResultsMessage> = demResultExporter({
    intervalS: behaviour.demResults ? (opts.demIntervalS ?? DEM_EXPORT_INTERVAL_S) : 0,
    results: (at, intervalS) => behaviour.demResults?.(at, intervalS) ?? [],
    nextSeq,
    transmit,
    ...(opts.demOutboxBatches === undefined ? {} : { capacity: opts.demOutboxBatches }),
    random: stream('dem export'),
    onDropped: (dropped) => hooks.dropped('dem_results_dropped', dropped),
  });
  // The evidence NDR and the IoT Gateway read: probed, since a server may not take them yet.
  const evidence = (type: OptionalExportType) => {
    const probe = new ExportProbe(type);
    return {
      probe,
      nextSeq,
      transmit: (message: { seq: number }) => {
        if (probe.refused) return false;
        const sent = transmit(message);
        if (sent) probe.sent();
        return sent;
      },
      ...(opts.evidenceOutboxBatches === undefined ? {} : { capacity: opts.evidenceOutboxBatches }),
      random: stream(`${type} export`),
      onDropped: (dropped: BatchesDropped) => hooks.dropped('evidence_dropped', dropped, type),
    };
  };
  const dns = evidence('dns_queries');
  const dnsExporter = dnsQueryExporter({
    ...dns,
    intervalS: behaviour.dnsQueries ? optionalInterval('dns_queries', opts.dnsIntervalS, DNS_EXPORT_INTERVAL_S) : 0,
    queries: (at, intervalS) => behaviour.dnsQueries?.(at, intervalS) ?? [],
  });
  const ids = evidence('ids_alerts');
  const idsExporter = idsAlertExporter({
    ...ids,
    intervalS: behaviour.idsAlerts ? optionalInterval('ids_alerts', opts.idsIntervalS, IDS_EXPORT_INTERVAL_S) : 0,
    alerts: (at) => behaviour.idsAlerts?.(at) ?? [],
  });
  const iotSite = behaviour.iotTelemetry?.() ?? null;
  const iotDevices = evidence('iot_devices');
  const iotDevicesExporter = iotDeviceExporter({
    ...iotDevices,
    intervalS: iotSite ? optionalInterval('iot_devices', opts.iotDevicesIntervalS, IOT_DEVICES_EXPORT_INTERVAL_S) : 0,
    devices: (at, intervalS) => behaviour.iotDevices?.(at, intervalS) ?? [],
  });
  const telemetry = evidence('iot_telemetry');
  const telemetryExporter = iotTelemetryExporter({
    ...telemetry,
    intervalS: iotSite ? optionalInterval('iot_telemetry', opts.iotTelemetryIntervalS, IOT_TELEMETRY_EXPORT_INTERVAL_S) : 0,
    points: () => iotSite?.drain() ?? [],
  });
  const dnsExport = probed(dnsExporter, dns.probe);
  const idsExport = probed(idsExporter, ids.probe);
  const iotDevicesExport = probed(iotDevicesExporter, iotDevices.probe);
  // The sensors publish while the box bridges them: from its first export run until it stops (or its type is refused).
  const iotTelemetryExport = probed(telemetryExporter, telemetry.probe, { started: () => void iotSite?.start(), stopped: () => void iotSite?.stop() });
  return {
    flowExport,
    urlExport,
    ztnaExport,
    wafExport,
    demExport,
    evidence: { dnsExport, idsExport, iotDevicesExport, iotTelemetryExport },
    evidenceExporters: { dns: dnsExporter, ids: idsExporter, iotDevices: iotDevicesExporter, iotTelemetry: telemetryExporter },
  };
}
