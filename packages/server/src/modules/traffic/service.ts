import {
  OTHER_KEY,
  UNKNOWN_KEY,
  bucketSeconds,
  countryByCode,
  graphDimension,
  rollupForWindow,
  type AnalyticsRetention,
  type FlowDimension,
  type FlowsAnswer,
  type FlowsQueryBody,
  type RollupLevel,
  type TrafficAnswer,
  type TrafficGraph,
  type TrafficProduct,
  type TrafficQueryBody,
  type TrafficRow,
  type TrafficUserBody,
} from '@netloom/domain';
import type { Db } from '../../db/client';
import type { Actor } from '../../http/access';
import { errors } from '../../http/errors';
import * as repo from './repo';
import { bucketOf } from './rollup';
import type { AnalyticsStore, KeyTotals, Scope, StoredFlow } from './store';

interface Window {
  from: Date;
  to: Date;
  level: RollupLevel;
}

const bytes = (t: Pick<KeyTotals, 'bytesOut' | 'bytesIn'>) => t.bytesOut + t.bytesIn;

/** The traffic charts and the flows behind them, for one tenant, from the analytics store. */
export class TrafficService {
  constructor(
    private readonly db: Db,
    private readonly store: AnalyticsStore,
    private readonly retention: () => AnalyticsRetention,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** A tenant's chart (deviceId undefined) or one device's. */
  async chart(actor: Actor, product: TrafficProduct, graph: TrafficGraph, body: TrafficQueryBody, deviceId?: string): Promise<TrafficAnswer> {
    const scope = await this.scope(actor, product, body, deviceId);
    const window = this.window(body);
    const at = { ...scope, from: window.from, to: window.to };
    const dim = graphDimension(graph, deviceId ? 'device' : 'tenant');
    const n = body.top_count;
    // Every record has a key in every dimension, so any one gives the total: 'device' has the fewest rows.
    const total = await this.store.total(window.level, at, 'device');
    let results: TrafficRow[];
    if (graph === 'top-user-per-application' || graph === 'top-application-per-user') {
      results = await this.perUser(window.level, at, graph === 'top-user-per-application' ? 'application' : 'user', n);
    } else {
      const top = await this.store.top(window.level, at, dim, n, [OTHER_KEY]);
      results = await this.rows(actor, dim, top);
    }
    const rest = { bytesOut: total.bytesOut, bytesIn: total.bytesIn, packets: total.packets, flows: total.flows };
    for (const r of results) {
      rest.bytesOut -= r.bytes_out;
      rest.bytesIn -= r.bytes_in;
      rest.packets -= r.packets;
      rest.flows -= r.flows;
    }
    if (rest.bytesOut + rest.bytesIn > 0) results.push(row({ key: OTHER_KEY, ...rest }));
    const answer: TrafficAnswer = {
      graph,
      from: window.from.toISOString(),
      to: window.to.toISOString(),
      level: window.level,
      bucket_seconds: window.level === 'raw' ? 60 : bucketSeconds(window.level),
      total_bytes: bytes(total),
      results,
    };
    if (body.series) answer.series = await this.series(window.level, at, dim, results);
    return answer;
  }

  /** One user's applications over a window (individual user data), the rest of the user's traffic as 'Other'. */
  async userData(actor: Actor, product: TrafficProduct, body: TrafficUserBody): Promise<TrafficAnswer> {
    const scope = await this.scope(actor, product, body);
    const window = this.window(body);
    const at = { ...scope, from: window.from, to: window.to };
    const [total] = await this.store.topBySide(window.level, at, 'user', 1, body.user);
    const results = (await this.store.topBySide(window.level, at, 'application', body.top_count + 1, body.user))
      .filter((t) => t.key !== OTHER_KEY)
      .slice(0, body.top_count)
      .map(row);
    const rest = bytes(total ?? { bytesOut: 0, bytesIn: 0 }) - results.reduce((sum, r) => sum + r.value, 0);
    if (total && rest > 0) {
      const sum = (k: 'bytes_out' | 'bytes_in' | 'packets' | 'flows') => results.reduce((s, r) => s + r[k], 0);
      results.push(
        row({
          key: OTHER_KEY,
          bytesOut: total.bytesOut - sum('bytes_out'),
          bytesIn: total.bytesIn - sum('bytes_in'),
          packets: total.packets - sum('packets'),
          flows: total.flows - sum('flows'),
        }),
      );
    }
    return {
      graph: 'top-applications',
      from: window.from.toISOString(),
      to: window.to.toISOString(),
      level: window.level,
      bucket_seconds: window.level === 'raw' ? 60 : bucketSeconds(window.level),
      total_bytes: total ? bytes(total) : 0,
      results,
    };
  }

  /** The flows behind a chart's bar (or all of a window's), newest first. */
  async flows(actor: Actor, product: TrafficProduct, body: FlowsQueryBody): Promise<FlowsAnswer> {
    const scope = await this.scope(actor, product, body, body.device_id);
    const window = this.window(body);
    const retainedFrom = new Date(this.now().getTime() - this.retention().rawHours * 3_600_000);
    let filter: { dim: FlowDimension; key: string } | null = null;
    if (body.graph && body.key !== undefined) {
      const dim = graphDimension(body.graph, body.device_id ? 'device' : 'tenant');
      // 'Other' is everything not ranked: no one key finds it, so its bar shows the window's flows.
      if (body.key !== OTHER_KEY) filter = { dim, key: body.key };
    }
    const page = await this.store.flows({ ...scope, from: window.from, to: window.to }, filter, body.search?.trim() || null, body.offset, body.limit);
    const names = await repo.deviceNames(this.db, actor.scope.tenantId, [...new Set(page.rows.map((r) => r.deviceId))]);
    return { count: page.count, results: page.rows.map((f) => flowRow(f, names)), retained_from: retainedFrom.toISOString() };
  }

  private async scope(
    actor: Actor,
    product: TrafficProduct,
    body: { network_id?: string | undefined },
    deviceId?: string,
  ): Promise<Omit<Scope, 'from' | 'to'>> {
    const tenantId = actor.scope.tenantId;
    let deviceIds: string[] | null = null;
    if (body.network_id) {
      deviceIds = await repo.devicesOfNetwork(this.db, tenantId, body.network_id);
      if (!deviceIds) throw errors.notFound('Device group not found.');
    }
    if (deviceId) {
      if (!(await repo.findDevice(this.db, tenantId, deviceId))) throw errors.notFound('Device not found.');
      deviceIds = deviceIds === null || deviceIds.includes(deviceId) ? [deviceId] : [];
    }
    return { tenantId, product, deviceIds };
  }

  /** The window asked for, and the table that answers it; rollup windows start on a bucket. */
  private window(body: { timeduration: number; from?: string | undefined; to?: string | undefined }): Window {
    const now = this.now();
    const to = body.to ? new Date(body.to) : now;
    const from = body.from ? new Date(body.from) : new Date(now.getTime() - body.timeduration * 60_000);
    const level = rollupForWindow(from, to, now, this.retention());
    return { from: level === 'raw' ? from : bucketOf(from, level), to, level };
  }

  /** Top User per Application (the applications, each with its top users) and Top Application per User. */
  private async perUser(level: RollupLevel, scope: Scope, by: 'application' | 'user', n: number): Promise<TrafficRow[]> {
    // The applications' (or users') own dimension ranks them as the pairs would, from far fewer rows.
    const outer = await this.store.top(level, scope, by, n, [OTHER_KEY, UNKNOWN_KEY]);
    const nested = await this.store.nestedTop(
      level,
      scope,
      'user_app',
      by,
      outer.map((o) => o.key),
      n,
    );
    return outer.map((o) => {
      const buckets = nested.filter((x) => x.outer === o.key).map((x) => ({ key: x.inner, total_bytes: { value: x.bytes } }));
      return { ...row(o), ...(by === 'application' ? { top_users: { buckets } } : { applications: { buckets } }) };
    });
  }

  /** Rows with what each dimension's key means: a country's name, a device's name, a port's protocol. */
  private async rows(actor: Actor, dim: FlowDimension, top: KeyTotals[]): Promise<TrafficRow[]> {
    const names =
      dim === 'device'
        ? await repo.deviceNames(
            this.db,
            actor.scope.tenantId,
            top.map((t) => t.key),
          )
        : new Map<string, repo.DeviceNaming>();
    return top.map((t) => {
      const r = row(t);
      if (dim === 'src_country' || dim === 'dst_country') r.label = t.key === UNKNOWN_KEY ? 'Unknown' : (countryByCode(t.key)?.name ?? t.key);
      if (dim === 'device') {
        const name = names.get(t.key);
        // A removed device's traffic still counts, under that name; with no id, nothing links to its pages, which are gone.
        if (!name) Object.assign(r, { device_name: repo.REMOVED_DEVICE, label: repo.REMOVED_DEVICE });
        else if (name.removed) Object.assign(r, { device_name: name.name, device_serial: name.serial, label: name.label });
        else Object.assign(r, { device_id: t.key, device_name: name.name, device_serial: name.serial, label: name.label });
      }
      if (dim === 'src_ip' || dim === 'dst_ip') r.address = t.key;
      if (dim === 'protocol') r.proto = t.key;
      if (dim === 'server_port' || dim === 'client_port') {
        const [proto = '', port = ''] = t.key.split('/');
        Object.assign(r, { proto, port_name: port });
      }
      return r;
    });
  }

  /** Step 2 of the top-N: the ranked keys' bytes per bucket, the rest as 'Other'. */
  private async series(level: RollupLevel, scope: Scope, dim: FlowDimension, results: TrafficRow[]): Promise<NonNullable<TrafficAnswer['series']>> {
    const perUser = dim === 'user_app';
    const keys = results.map((r) => r.key).filter((k) => k !== OTHER_KEY);
    // The per-user charts' series are the totals of their ranked side; there is no pair to draw a line for.
    const points = perUser ? [] : await this.store.series(level, scope, dim, keys);
    const totals = perUser ? await this.store.series(level, scope, dim, []) : points.filter((p) => p.key === null);
    const buckets = [...new Set(totals.map((p) => p.bucket.toISOString()))].sort();
    const index = new Map(buckets.map((b, i) => [b, i]));
    const zeros = () => buckets.map(() => 0);
    const lines = new Map(keys.map((k) => [k, { key: k, values: zeros(), out: zeros(), in: zeros() }]));
    const other = { key: OTHER_KEY, values: zeros(), out: zeros(), in: zeros() };
    for (const p of totals) {
      const i = index.get(p.bucket.toISOString())!;
      other.values[i]! += bytes(p);
      other.out[i]! += p.bytesOut;
      other.in[i]! += p.bytesIn;
    }
    for (const p of points) {
      if (p.key === null) continue;
      const line = lines.get(p.key);
      const i = index.get(p.bucket.toISOString());
      if (!line || i === undefined) continue;
      line.values[i]! += bytes(p);
      line.out[i]! += p.bytesOut;
      line.in[i]! += p.bytesIn;
      other.values[i]! -= bytes(p);
      other.out[i]! -= p.bytesOut;
      other.in[i]! -= p.bytesIn;
    }
    const series = perUser ? [] : [...lines.values()];
    if (other.values.some((v) => v > 0)) series.push(perUser ? { ...other, key: 'Total' } : other);
    return { buckets, series };
  }
}

function row(t: KeyTotals): TrafficRow {
  const value = bytes(t);
  return { key: t.key, total: { value }, value, bytes_out: t.bytesOut, bytes_in: t.bytesIn, packets: t.packets, flows: t.flows };
}

function flowRow(f: StoredFlow, names: Map<string, repo.DeviceNaming>): FlowsAnswer['results'][number] {
  const device = names.get(f.deviceId);
  return {
    start: f.start.toISOString(),
    end: f.end.toISOString(),
    device_id: f.deviceId,
    device_name: device?.name ?? repo.REMOVED_DEVICE,
    device_label: device?.label ?? repo.REMOVED_DEVICE,
    src_ip: f.srcIp,
    src_port: f.srcPort,
    dst_ip: f.dstIp,
    dst_port: f.dstPort,
    protocol: f.serverPort.split('/')[0] ?? String(f.protocol),
    application: f.application,
    site: f.site,
    user: f.user,
    src_country: f.srcCountry,
    dst_country: f.dstCountry,
    wan: f.wan,
    in_ifname: f.inIfname,
    out_ifname: f.outIfname,
    dscp: f.dscp,
    bytes_out: f.bytesOut,
    bytes_in: f.bytesIn,
    packets_out: f.packetsOut,
    packets_in: f.packetsIn,
  };
}
