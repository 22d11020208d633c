import { sql } from 'drizzle-orm';
import type { NdrDnsRecord, NdrFlowRecord, NdrIdsRecord } from '@netloom/domain';
import type { Db } from '../../db/client';
import type { DnsQueryToStore, IdsAlertToStore } from './store';

const DNS_COLUMNS = 'tenant_id uuid, device_id uuid, at timestamptz, seq bigint, n int, client_ip text, name text, qtype text, rcode text, answers jsonb';
const IDS_COLUMNS = `tenant_id uuid, device_id uuid, at timestamptz, seq bigint, n int, sid bigint, category text, severity smallint, src text, dst text,
  src_port int, dst_port int, message text, action text`;
const names = (columns: string) =>
  columns
    .split(',')
    .map((c) => c.trim().split(/\s+/)[0])
    .join(', ');

const dnsRowOf = (q: DnsQueryToStore) => ({
  tenant_id: q.tenantId,
  device_id: q.deviceId,
  at: q.at.toISOString(),
  seq: q.seq,
  n: q.n,
  client_ip: q.query.client_ip,
  name: q.query.name,
  qtype: q.query.qtype,
  rcode: q.query.rcode,
  answers: q.query.answers ?? [],
});

const idsRowOf = (a: IdsAlertToStore) => ({
  tenant_id: a.tenantId,
  device_id: a.deviceId,
  at: a.at.toISOString(),
  seq: a.seq,
  n: a.n,
  sid: a.alert.sid,
  category: a.alert.category,
  severity: a.alert.severity,
  src: a.alert.src,
  dst: a.alert.dst,
  src_port: a.alert.src_port ?? null,
  dst_port: a.alert.dst_port ?? null,
  message: a.alert.message,
  action: a.alert.action,
});

/** Stores DNS queries and IDS alerts in the ingest's transaction: raw rows only (NDR reads them by host and time; nothing rolls them up). */
export async function storeNdrEvidence(db: Db, dns: DnsQueryToStore[], ids: IdsAlertToStore[]): Promise<void> {
  for (let i = 0; i < dns.length; i += 5_000) {
    const json = JSON.stringify(dns.slice(i, i + 5_000).map(dnsRowOf));
    await db.execute(
      sql`insert into dns_queries (${sql.raw(names(DNS_COLUMNS))}) select * from json_to_recordset(${json}::json) as r(${sql.raw(DNS_COLUMNS)})`,
    );
  }
  for (let i = 0; i < ids.length; i += 5_000) {
    const json = JSON.stringify(ids.slice(i, i + 5_000).map(idsRowOf));
    await db.execute(sql`insert into ids_alerts (${sql.raw(names(IDS_COLUMNS))}) select * from json_to_recordset(${json}::json) as r(${sql.raw(IDS_COLUMNS)})`);
  }
}

/** Which of a tenant's records a question reads: one host (as source or destination), maybe behind one device, in a window. */
export interface HostEvidenceScope {
  tenantId: string;
  hostIp: string;
  deviceId: string | null;
  from: Date;
  to: Date;
  limit: number;
}

type Row = Record<string, unknown>;
const rowsOf = async (db: Db, query: ReturnType<typeof sql>): Promise<Row[]> => ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
const iso = (v: unknown) => new Date(v as string).toISOString();
const device = (s: HostEvidenceScope) => (s.deviceId ? sql`and device_id = ${s.deviceId}` : sql``);

/**
 * NDR's reads of the analytics store: a host's raw flows, DNS queries and IDS alerts, newest
 * first, for its timeline and a detection's evidence. Reads only: the store's writes stay ingest's.
 */
export class NdrEvidenceReader {
  constructor(private readonly db: Db) {}

  async flows(s: HostEvidenceScope): Promise<NdrFlowRecord[]> {
    const rows = await rowsOf(
      this.db,
      sql`select start_at, device_id, src_ip, src_port, dst_ip, dst_port, protocol, bytes_out::float8 as bytes_out, bytes_in::float8 as bytes_in,
            packets_out::float8 as packets_out, packets_in::float8 as packets_in, application, user_name, dst_country
          from flow_records where tenant_id = ${s.tenantId} and start_at >= ${s.from.toISOString()} and start_at <= ${s.to.toISOString()}
            and (src_ip = ${s.hostIp} or dst_ip = ${s.hostIp}) ${device(s)}
          order by start_at desc limit ${s.limit}`,
    );
    return rows.map((r) => ({
      at: iso(r.start_at),
      device_id: String(r.device_id),
      src_ip: String(r.src_ip),
      src_port: Number(r.src_port),
      dst_ip: String(r.dst_ip),
      dst_port: Number(r.dst_port),
      protocol: Number(r.protocol),
      bytes_out: Number(r.bytes_out),
      bytes_in: Number(r.bytes_in),
      packets_out: Number(r.packets_out),
      packets_in: Number(r.packets_in),
      application: (r.application as string | null) ?? null,
      user: (r.user_name as string | null) ?? null,
      dst_country: (r.dst_country as string | null) ?? null,
    }));
  }

  async dns(s: HostEvidenceScope): Promise<NdrDnsRecord[]> {
    const rows = await rowsOf(
      this.db,
      sql`select at, device_id, client_ip, name, qtype, rcode, answers from dns_queries
          where tenant_id = ${s.tenantId} and client_ip = ${s.hostIp} and at >= ${s.from.toISOString()} and at <= ${s.to.toISOString()} ${device(s)}
          order by at desc, seq desc, n desc limit ${s.limit}`,
    );
    return rows.map((r) => ({
      at: iso(r.at),
      device_id: String(r.device_id),
      client_ip: String(r.client_ip),
      name: String(r.name),
      qtype: String(r.qtype),
      rcode: r.rcode as NdrDnsRecord['rcode'],
      answers: (typeof r.answers === 'string' ? JSON.parse(r.answers) : r.answers) as string[],
    }));
  }

  async ids(s: HostEvidenceScope): Promise<NdrIdsRecord[]> {
    const rows = await rowsOf(
      this.db,
      sql`select at, device_id, sid, category, severity, src, dst, src_port, dst_port, message, action from ids_alerts
          where tenant_id = ${s.tenantId} and (src = ${s.hostIp} or dst = ${s.hostIp})
            and at >= ${s.from.toISOString()} and at <= ${s.to.toISOString()} ${device(s)}
          order by at desc, seq desc, n desc limit ${s.limit}`,
    );
    return rows.map((r) => ({
      at: iso(r.at),
      device_id: String(r.device_id),
      sid: Number(r.sid),
      category: r.category as NdrIdsRecord['category'],
      severity: Number(r.severity),
      src: String(r.src),
      dst: String(r.dst),
      src_port: r.src_port === null ? null : Number(r.src_port),
      dst_port: r.dst_port === null ? null : Number(r.dst_port),
      message: String(r.message),
      action: r.action as NdrIdsRecord['action'],
    }));
  }
}
