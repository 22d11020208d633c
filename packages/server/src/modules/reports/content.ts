import {
  OTHER_KEY,
  availabilityContent,
  availabilityFromChanges,
  availabilityFromHeartbeats,
  deviceLabels,
  inventoryContent,
  isUpState,
  logsContent,
  trafficContent,
  webFilterContent,
  type AvailabilityRow,
  type ReportContent,
  type ReportKind,
  type TrafficRanking,
} from '@netloom/domain';
import type { AlarmStateChange, ReportScope, ReportSources } from './sources';

/** How many rows a ranking and a log report hold at most. */
const TOP_COUNT = 10;
const REPORT_MAX_LOG_ROWS = 20_000;
/**
 * Log rows are read a page at a time: one statement for 20,000 rows holds the embedded database
 * (and its main thread) for seconds, while other requests' statements queue behind it.
 */
const LOG_PAGE_ROWS = 1_000;

async function logRows(sources: ReportSources, scope: ReportScope, kind: 'login' | 'activity') {
  const rows: Awaited<ReturnType<ReportSources['logs']>> = [];
  while (rows.length < REPORT_MAX_LOG_ROWS) {
    const page = await sources.logs(scope, kind, { offset: rows.length, limit: Math.min(LOG_PAGE_ROWS, REPORT_MAX_LOG_ROWS - rows.length) });
    rows.push(...page);
    if (page.length < LOG_PAGE_ROWS) break;
  }
  return rows;
}

const kindOf = (scope: ReportScope) => (scope.product === 'sdwan' ? 'gateway' : 'endpoint');

async function inventory(sources: ReportSources, scope: ReportScope): Promise<ReportContent> {
  const rows = await sources.devices(scope.tenantId, kindOf(scope));
  return inventoryContent(
    rows.map((d) => ({
      name: d.name,
      type: d.deviceType,
      serial: d.serial,
      model: d.model,
      firmware: d.version,
      status: d.currentStatus,
      last_seen: d.lastSeenTime,
      config_sync: d.configSync,
    })),
  );
}

/**
 * Each device and each of its WAN links (those it reports now and those the history names): from
 * the alarm history where the subject has any, else from the device's heartbeats.
 */
async function availability(sources: ReportSources, scope: ReportScope, progress: (p: number) => Promise<void>): Promise<ReportContent> {
  const devices = await sources.devices(scope.tenantId, kindOf(scope));
  const ids = devices.map((d) => d.id);
  const history = await sources.alarmHistory(scope, ids);
  await progress(40);
  const beats = await sources.heartbeats(scope, ids);
  await progress(60);
  const bySubject = new Map<string, AlarmStateChange[]>();
  for (const h of history) {
    const key = `${h.deviceId}\t${h.kind}\t${h.subject}`;
    bySubject.set(key, [...(bySubject.get(key) ?? []), h]);
  }
  const judge = (deviceId: string, kind: 'device' | 'wan', subject: string) => {
    const changes = bySubject.get(`${deviceId}\t${kind}\t${subject}`);
    if (!changes?.length) return availabilityFromHeartbeats(beats.minutes.get(deviceId) ?? [], scope.from, scope.to, beats.graceMs, beats.keptSince);
    const before = changes.filter((c) => c.at < scope.from).at(-1);
    const inside = changes.filter((c) => c.at >= scope.from).map((c) => ({ at: c.at, up: isUpState(c.state) }));
    return availabilityFromChanges(before ? isUpState(before.state) : true, inside, scope.from, scope.to);
  };
  const rows: AvailabilityRow[] = [];
  // Two gateways of one name would read as one device with its rows twice: the serial tells them apart.
  const labels = deviceLabels(devices);
  for (const d of devices) {
    const device = labels.get(d.id) ?? d.name;
    rows.push({ device, link: null, ...judge(d.id, 'device', '') });
    const links = new Set(d.wan_status.map((w) => w.name));
    for (const h of history) if (h.deviceId === d.id && h.kind === 'wan') links.add(h.subject);
    for (const link of [...links].sort()) rows.push({ device, link, ...judge(d.id, 'wan', link) });
  }
  return availabilityContent(rows);
}

async function traffic(sources: ReportSources, scope: ReportScope, progress: (p: number) => Promise<void>): Promise<ReportContent> {
  const rankings: TrafficRanking[] = [];
  const graphs = [
    ['Applications', 'top-applications'],
    ['Talkers', 'top-talkers'],
    ['Sites', 'top-sites'],
  ] as const;
  for (const [title, graph] of graphs) {
    const answer = await sources.topTraffic(scope, graph, TOP_COUNT);
    rankings.push({
      title,
      total_bytes: answer.total_bytes,
      // 'Other' sums what the ranking leaves out: the chart would dwarf the ranked keys with it.
      rows: answer.results
        .filter((r) => r.key !== OTHER_KEY)
        .map((r) => ({ name: r.label ?? r.device_name ?? r.key, bytes: r.bytes_in + r.bytes_out, flows: r.flows })),
    });
    await progress(20 + rankings.length * 20);
  }
  return trafficContent(rankings);
}

/** What a report says, read from the sources; `progress` hears how far it got (0–80: the rest is rendering). */
export async function reportContent(
  kind: ReportKind,
  sources: ReportSources,
  scope: ReportScope,
  progress: (p: number) => Promise<void>,
): Promise<ReportContent> {
  switch (kind) {
    case 'inventory':
      return inventory(sources, scope);
    case 'availability':
      return availability(sources, scope, progress);
    case 'traffic':
      return traffic(sources, scope, progress);
    case 'webfilter':
      return webFilterContent(await sources.webFilter(scope, TOP_COUNT));
    case 'login_logs':
      return logsContent(kind, await logRows(sources, scope, 'login'));
    case 'activity_logs':
      return logsContent(kind, await logRows(sources, scope, 'activity'));
  }
}
