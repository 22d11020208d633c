/**
 * The SQL that fills bench:webfilter's query store: a pool of realistic URL events (the ingest
 * part's, as url_events rows) uploaded once, raw events drawn from it into the day partitions of
 * url_events over the last week (generate_series), and the rollups the summary reads summed from
 * them, as ingest would have left them (urlRollupRows: tenant-wide rows, requests in `flows`,
 * bytes in `bytes_in`). The same approach as bench:flows' store (flows/store-sql.ts).
 */
import { UNKNOWN_KEY } from '@netloom/domain';
import { TENANT_WIDE } from '../../packages/server/src/modules/traffic/store';
import { URL_DIMENSIONS } from '../../packages/server/src/modules/traffic/url-events';

/** url_events' columns after tenant, device, network, product, time, seq and n: what a pool row carries. */
const EVENT_COLUMNS =
  'user_name text, client_ip text, method text, scheme text, host text, domain text, path text, status smallint, bytes bigint, elapsed_ms int, ' +
  'content_type text, category text, application text, action text, rule text, policy_id uuid, policy_name text, matched text, via text';
const EVENT_NAMES = EVENT_COLUMNS.replace(/ [a-z]+(,|$)/g, '$1');
const FROM_POOL = EVENT_NAMES.split(', ')
  .map((c) => `p.${c}`)
  .join(', ');

export const CREATE_POOL = `create unlogged table bench_url_pool (i int primary key, product text, ${EVENT_COLUMNS})`;

/** `$1`: JSON rows of urlRawRowOf, each with its pool index `i`. */
export const INSERT_POOL = `
insert into bench_url_pool (i, product, ${EVENT_NAMES})
select i, product, ${EVENT_NAMES} from json_to_recordset($1::json) as r(i int, product text, ${EVENT_COLUMNS})`;

export const GENERATED_SHAPE = 'events drawn uniformly from the ingest pool, the last 7 days, working-day curve';

/**
 * One chunk of the tenant's events: `$1` tenant id, `$2` its gateways' ids and `$3` its endpoints'
 * (uuid[]: a proxy event from a gateway, an agent event from an endpoint), `$4` how many, `$5` now
 * (timestamptz), `$6` the pool's size, `$7` the chunk's first seq. Times as bench:flows' raw rows:
 * 75 % on a working-day bell around 13:30 UTC (σ 3 h), 25 % flat. Expects the session's time zone
 * to be UTC.
 */
export const GENERATE_RAW = `
insert into url_events (tenant_id, device_id, network_id, product, at, seq, n, ${EVENT_NAMES})
select $1::uuid,
  case when p.product = 'sdwan' then ($2::uuid[])[1 + floor(r_dev * cardinality($2::uuid[]))::int]
    else ($3::uuid[])[1 + floor(r_dev * cardinality($3::uuid[]))::int] end,
  null, p.product, t.at, $7::bigint + s.g, 0, ${FROM_POOL}
from (
  select g, floor(random() * $6::int)::int as pi, random() as r_dev, random() as r_flat,
    random() as r_t1, random() as r_t2, random() as r_t3, random() as r_t4, random() as r_day
  from generate_series(1, $4::int) g
) s
join bench_url_pool p on p.i = s.pi
cross join lateral (
  select case when x > $5::timestamptz then x - interval '7 days' else x end as at
  from (select date_trunc('day', $5::timestamptz) - floor(r_day * 7) * interval '1 day'
    + make_interval(secs => case when r_flat < 0.25 then r_t1 * 86399
      else greatest(0, least(86399, 48600 + 10800 * 1.732 * (r_t1 + r_t2 + r_t3 + r_t4 - 2))) end) as x) x
) t`;

/** The dimensions the summary's six questions read, each with its key over url_events and the events it counts (keysOf in url-events.ts). */
export const SUMMARY_DIMENSIONS: { dim: string; key: string; where: string }[] = [
  { dim: URL_DIMENSIONS.action, key: 'action', where: 'true' },
  { dim: URL_DIMENSIONS.domain, key: 'domain', where: 'true' },
  { dim: URL_DIMENSIONS.allowedDomain, key: 'domain', where: `action <> 'blocked'` },
  { dim: URL_DIMENSIONS.blockedDomain, key: 'domain', where: `action = 'blocked'` },
  { dim: URL_DIMENSIONS.user, key: `coalesce(user_name, '${UNKNOWN_KEY}')`, where: 'true' },
];

/** One dimension's rollup at one level from the raw events since `$1`, tenant-wide as ingest writes URL rollups. */
export const buildRollup = (level: 'minute' | 'hour' | 'day', d: (typeof SUMMARY_DIMENSIONS)[number]) => `
insert into flow_rollup_${level} (tenant_id, product, dim, bucket, device_id, key, bytes_out, bytes_in, packets, flows)
select tenant_id, product, '${d.dim}', date_trunc('${level}', at), '${TENANT_WIDE}'::uuid, ${d.key}, 0, sum(bytes), 0, count(*)
from url_events where at >= $1::timestamptz and ${d.where}
group by tenant_id, product, date_trunc('${level}', at), ${d.key}`;
