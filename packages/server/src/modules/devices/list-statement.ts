import { Placeholder, getTableColumns, is, sql, type AnyColumn } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { devices } from '../../db/schema/index';
import { driverQuery, type Db } from '../../db/client';
import { deviceListOrder, deviceListWhere, likeEscape, type DeviceListSpec } from './list-query';
import { ROW_COLUMNS, ROW_TIMESTAMPS, type ListedDevice } from './device-row';

/**
 * The device list is the console's hottest call (every dashboard, every 15 s). Drizzle turning
 * the query into text and mapping ~30 columns a row took about a third of the server's time per
 * call (bench:api), so the statement text is built by drizzle once per *shape* (which filters,
 * how many values, which sort) and reused with new values; rows come from the driver already
 * keyed like DeviceRecord, through column aliases.
 */

const dialect = new PgDialect({ casing: 'snake_case' });

// Only what a device row shows: the credential hash and the rest never leave the database here.
// Timestamps come as the very text Date.prototype.toISOString writes (UTC, milliseconds cut, not
// rounded, as a JavaScript Date keeps them), so a listed row and a pushed one read the same.
const COLUMNS = getTableColumns(devices);
const TIMESTAMPS = new Set<string>(ROW_TIMESTAMPS);
const isoText = (column: AnyColumn) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const selectList = sql.join(
  ROW_COLUMNS.map((key) => sql`${TIMESTAMPS.has(key) ? isoText(COLUMNS[key]) : COLUMNS[key]} as ${sql.identifier(key)}`),
  sql`, `,
);

interface Compiled {
  text: string;
  /** Per statement parameter: the index of the free value it takes, or -1 for a value of the shape itself. */
  slots: number[];
  /** The shape's own values (kinds, statuses), where slots say -1. */
  fixed: unknown[];
  /** How many free values the statement takes. */
  names: number;
}
/** Shapes are few in practice; the bound keeps a client inventing shapes from growing memory. */
const MAX_SHAPES = 500;
const compiled = new Map<string, Compiled>();

const len = (lists: string[][]) => lists.map((l) => l.length);

/**
 * Everything that changes the statement's text, and nothing else: the free values (tenant,
 * groups, filter texts, search, page window) are placeholders. Kinds, statuses and sort are
 * closed sets written into the text, so they belong to the shape.
 */
function shapeOf(spec: DeviceListSpec): string {
  return JSON.stringify([
    spec.networkIds.length,
    spec.kinds,
    spec.statuses,
    len(spec.os),
    len(spec.users),
    len(spec.locations),
    Boolean(spec.search),
    spec.sort,
    spec.limit === null,
  ]);
}

export type ListRow = ListedDevice & { total: number };

/**
 * The free values of a spec in the order deviceListWhere and the page window bind them. Collected
 * without building the query, for statements already compiled; a property test holds this order
 * to the one the builder binds in.
 */
export function listValues(spec: DeviceListSpec): unknown[] {
  const values: unknown[] = [spec.tenantId, ...spec.networkIds];
  for (const lists of [spec.os, spec.users, spec.locations]) for (const list of lists) for (const v of list) values.push(likeEscape(v));
  if (spec.search) values.push(likeEscape(spec.search));
  if (spec.limit !== null) values.push(spec.limit);
  values.push(spec.offset);
  return values;
}

/** Builds the statement of a shape, with a placeholder p0, p1, … for each free value in bind order. */
function compile(spec: DeviceListSpec): Compiled {
  let n = 0;
  const bind = (): Placeholder => sql.placeholder(`p${n++}`);
  const where = deviceListWhere(spec, bind);
  const window = spec.limit === null ? sql`offset ${bind()}` : sql`limit ${bind()} offset ${bind()}`;
  const query = sql`select ${selectList}, count(*) over()::int as "total" from ${devices}
    where ${where} order by ${sql.join(deviceListOrder(spec), sql`, `)} ${window}`;
  const { sql: text, params } = dialect.sqlToQuery(query);
  // Placeholders are named p0, p1, … in bind order, so the name gives the free value's index.
  const slots = params.map((p) => (is(p, Placeholder) ? Number(p.name.slice(1)) : -1));
  return { text, slots, fixed: params, names: n };
}

/** The statement's parameters: each slot takes its free value, or keeps the shape's own. */
function argumentsOf(statement: Compiled, values: unknown[]): unknown[] {
  const args = new Array<unknown>(statement.slots.length);
  for (let i = 0; i < args.length; i++) {
    const slot = statement.slots[i]!;
    args[i] = slot === -1 ? statement.fixed[i] : values[slot];
  }
  return args;
}

/** Filter, search, sort and page in one statement; the total rides along as a window count. */
export async function listDeviceRows(db: Db, spec: DeviceListSpec): Promise<ListRow[]> {
  const shape = shapeOf(spec);
  let statement = compiled.get(shape);
  if (!statement) {
    statement = compile(spec);
    if (compiled.size >= MAX_SHAPES) compiled.clear();
    compiled.set(shape, statement);
  }
  const values = listValues(spec);
  if (values.length !== statement.names) throw new Error(`device list: ${values.length} values for ${statement.names} placeholders`);
  return driverQuery<ListRow>(db, statement.text, argumentsOf(statement, values));
}
