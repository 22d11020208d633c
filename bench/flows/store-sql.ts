/**
 * The SQL that fills bench:flows' query store: raw flow records generated in the database
 * (generate_series) and the rollups summed from them, as ingest would have left them.
 */
import { EPHEMERAL_PORTS_KEY, type FlowDimension } from '@netloom/domain';

import { RAW_KEY } from '../../packages/server/src/modules/traffic/pg-store';
import { TENANT_WIDE } from '../../packages/server/src/modules/traffic/store';

/** The dimensions the nine panel charts read (graphDimension at tenant level; the per-user charts rank users and applications on their own). */
export const CHART_DIMENSIONS: FlowDimension[] = ['site', 'application', 'device', 'src_ip', 'dst_ip', 'src_country', 'dst_country', 'user', 'user_app'];

const APPS = [
  'YouTube',
  'Microsoft Teams',
  'Zoom',
  'Office 365',
  'Google Workspace',
  'Netflix',
  'Salesforce',
  'Slack',
  'WhatsApp',
  'Dropbox',
  'AWS',
  'Azure',
  'Webex',
  'Spotify',
  'GitHub',
  'HTTPS',
  'HTTP',
  'DNS',
  'SSH',
  'IMAP',
  'iCloud',
  'Facebook',
  'Instagram',
  'LinkedIn',
  'Zscaler',
];
const APP_COUNT = 60;
/** Server ports by application (index mod 10): mostly HTTPS, some DNS, STUN, Zoom, SSH, IMAPS, APNs. */
const PORTS = [443, 443, 443, 80, 53, 3478, 8801, 22, 993, 5223];
const UDP_PORTS = [53, 3478, 8801];
const COUNTRIES = ['US', 'IE', 'DE', 'NL', 'GB', 'SG', 'IN', 'JP', 'FR', 'SE', 'CA', 'AU', 'BR', 'KR', 'HK', 'CH', 'IT', 'ES', 'PL', 'FI'];
const HOME = ['IN', 'US', 'DE', 'GB', 'SG'];
const arr = (xs: readonly (string | number)[]) => `array[${xs.map((x) => (typeof x === 'number' ? String(x) : `'${x}'`)).join(',')}]`;

/**
 * Key cardinalities and skews of the generated records (x = random()^k picks index
 * floor(N·x): k = 3 puts about half the picks in the first 1/8 of the keys):
 * applications 60 (k 3), sites 1,000 (k 3), destinations 5,000 addresses (k 3), destination
 * countries 20 (k 2, 3 % unknown), 50 LAN hosts per device (k 1.5), 200 users per tenant (k 2, 35 %
 * of records without one), source country the tenant's (5 % elsewhere). Times: the last 7 days,
 * 75 % on a working-day bell around 13:30 UTC (σ 3 h), 25 % flat; each record up to 60 s long.
 */
export const GENERATED_SHAPE =
  'apps 60, sites 1,000, destinations 5,000 (skewed), 20 countries, 50 hosts per device, 200 users per tenant; working-day curve over 7 days';

/**
 * One chunk of a tenant's records: `$1` tenant id, `$2` its device ids (uuid[]), `$3` how many,
 * `$4` now (timestamptz), `$5` the tenant's number. Expects the session's time zone to be UTC.
 */
export const GENERATE_RAW = `
insert into flow_records (tenant_id, device_id, network_id, product, start_at, end_at, src_ip, src_port, dst_ip, dst_port, protocol,
  bytes_out, packets_out, bytes_in, packets_in, in_ifname, out_ifname, wan, dscp, application, site, user_name, src_country, dst_country,
  server_port, client_port)
select $1::uuid, devices[1 + dv], null, 'sdwan', t.start_at, t.start_at + make_interval(secs => floor(r_len * 60)),
  format('10.%s.%s.%s', $5::int, dv, 10 + floor(50 * r_src ^ 1.5)::int), 49152 + floor(r_port * 16000)::int,
  format('%s.%s.17.%s', 23 + di % 170, (di / 170) % 256, 1 + (di * 13) % 250), p.port, p.proto,
  b.bytes_in * (0.05 + 0.2 * r_up), ceil(b.bytes_in * (0.05 + 0.2 * r_up) / 1200), b.bytes_in, ceil(b.bytes_in / 1200.0),
  'lan1', case when r_wan < 0.75 then 'eth0' else 'eth1' end, case when r_wan < 0.75 then 'WAN1' else 'WAN2' end,
  case when p.proto = 17 then 46 else 0 end,
  coalesce((${arr(APPS)})[1 + ai], 'app-' || ai), 'site' || floor(1000 * r_site ^ 3)::int || '.example.com',
  case when r_nouser < 0.35 then null else format('user%s@tenant%s.test', floor(200 * r_user ^ 2)::int, $5::int) end,
  case when r_sc < 0.95 then (${arr(HOME)})[1 + $5::int % ${HOME.length}] else (${arr(COUNTRIES)})[1 + floor(r_sc * 1000)::int % ${COUNTRIES.length}] end,
  case when r_dc < 0.03 then null else (${arr(COUNTRIES)})[1 + floor(${COUNTRIES.length} * r_dc ^ 2)::int] end,
  p.label || '/' || p.port, p.label || '/${EPHEMERAL_PORTS_KEY}'
from (
  select $2::uuid[] as devices, floor(random() * cardinality($2::uuid[]))::int as dv, floor(${APP_COUNT} * random() ^ 3)::int as ai,
    floor(5000 * random() ^ 3)::int as di, random() as r_len, random() as r_src, random() as r_port, random() as r_up, random() as r_wan,
    random() as r_site, random() as r_nouser, random() as r_user, random() as r_sc, random() as r_dc, random() as r_b,
    random() as r_flat, random() as r_t1, random() as r_t2, random() as r_t3, random() as r_t4, random() as r_day
  from generate_series(1, $3::int)
) s
cross join lateral (
  select (${arr(PORTS)})[1 + ai % ${PORTS.length}] as port,
    case when (${arr(PORTS)})[1 + ai % ${PORTS.length}] in (${UDP_PORTS.join(',')}) then 17 else 6 end as proto,
    case when (${arr(PORTS)})[1 + ai % ${PORTS.length}] in (${UDP_PORTS.join(',')}) then 'UDP' else 'TCP' end as label
) p
cross join lateral (select floor(1500 + 8e6 * r_b ^ 5)::bigint as bytes_in) b
cross join lateral (
  select case when x > $4::timestamptz then x - interval '7 days' else x end as start_at
  from (select date_trunc('day', $4::timestamptz) - floor(r_day * 7) * interval '1 day'
    + make_interval(secs => case when r_flat < 0.25 then r_t1 * 86399
      else greatest(0, least(86399, 48600 + 10800 * 1.732 * (r_t1 + r_t2 + r_t3 + r_t4 - 2))) end) as x) x
) t`;

/**
 * One dimension's rollup at one level from the raw rows since `$1`, as ingest's upserts would have
 * summed it: each device's rows and the tenant-wide ones (device TENANT_WIDE).
 */
export const buildRollup = (level: 'minute' | 'hour' | 'day', dim: FlowDimension) => `
insert into flow_rollup_${level} (tenant_id, product, dim, bucket, device_id, key, bytes_out, bytes_in, packets, flows)
select tenant_id, product, '${dim}', date_trunc('${level}', start_at), coalesce(device_id, '${TENANT_WIDE}'::uuid), ${RAW_KEY[dim]},
  sum(bytes_out), sum(bytes_in), sum(packets_out + packets_in), count(*)
from flow_records where start_at >= $1::timestamptz
group by tenant_id, product, date_trunc('${level}', start_at), ${RAW_KEY[dim]}, grouping sets ((device_id), ())`;
