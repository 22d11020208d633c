import { fillPlaceholders, getTableColumns, sql, type Placeholder } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { devices } from '../../db/schema/index';
import { driverQuery, type Db } from '../../db/client';
import { deviceListOrder, deviceListWhere, type DeviceListSpec } from './list-query';
import type { ListedDevice } from './device-row';

/**
 * The device list is the console's hottest call (every dashboard, every 15 s). Drizzle turning
 * the query into text and mapping ~30 columns a row took about a third of the server's time per
 * call (bench:api), so the statement text is built by drizzle once per *shape* (which filters,
 * how many values, which sort) and reused with new values; rows come from the driver already
 * keyed like DeviceRecord, through column aliases.
 */

const dialect = new PgDialect({ casing: 'snake_case' });

// The credential hash never leaves the database on this path; last_seq is the gateway's business.
const { credentialHash: _secret, lastSeq: _seq, ...LISTED_COLUMNS } = getTableColumns(devices);
const selectList = sql.join(
  Object.entries(LISTED_COLUMNS).map(([key, column]) => sql`${column} as ${sql.identifier(key)}`),
  sql`, `,
);

interface Compiled {
  text: string;
  params: unknown[];
}
/** Shapes are few in practice; the bound keeps a client inventing shapes from growing memory. */
const MAX_SHAPES = 500;
const compiled = new Map<string, Compiled>();

/**
 * Everything that changes the statement's text, and nothing else: the free values (tenant,
 * groups, filter texts, search, page window) are placeholders. Kinds, statuses and sort are
 * closed sets written into the text, so they belong to the shape.
 */
function shapeOf(spec: DeviceListSpec): string {
  const len = (lists: string[][]) => lists.map((l) => l.length);
  return JSON.stringify([
    spec.networkIds.length,
    spec.kinds,
    spec.statuses,
    len(spec.os),
    len(spec.users),
    len(spec.locations),
    spec.search !== null,
    spec.sort,
    spec.limit === null,
  ]);
}

export type ListRow = ListedDevice & { total: number };

/** Filter, search, sort and page in one statement; the total rides along as a window count. */
export async function listDeviceRows(db: Db, spec: DeviceListSpec): Promise<ListRow[]> {
  const values: Record<string, unknown> = {};
  let n = 0;
  const bind = (value: unknown): Placeholder => {
    const name = `p${n++}`;
    values[name] = value;
    return sql.placeholder(name);
  };
  const where = deviceListWhere(spec, bind);
  const window = spec.limit === null ? sql`offset ${bind(spec.offset)}` : sql`limit ${bind(spec.limit)} offset ${bind(spec.offset)}`;
  const shape = shapeOf(spec);
  let statement = compiled.get(shape);
  if (!statement) {
    const query = sql`select ${selectList}, count(*) over()::int as "total" from ${devices}
      where ${where} order by ${sql.join(deviceListOrder(spec), sql`, `)} ${window}`;
    const { sql: text, params } = dialect.sqlToQuery(query);
    if (compiled.size >= MAX_SHAPES) compiled.clear();
    compiled.set(shape, (statement = { text, params }));
  }
  return driverQuery<ListRow>(db, statement.text, fillPlaceholders(statement.params, values));
}
