import type {
  AnalyticsRetention,
  FlowDimension,
  RollupLevel,
  TrafficProduct,
  UrlEvent,
  WafAttack,
  WafCategory,
  WafRequest,
  DemResult,
  ZtnaSession,
  DnsQueryRecord,
  IdsAlertRecord,
} from '@netloom/domain';

/** One flow record as the store keeps it: the device's fields, and what ingest found out (enrichment). */
export interface StoredFlow {
  tenantId: string;
  deviceId: string;
  networkId: string | null;
  product: TrafficProduct;
  start: Date;
  end: Date;
  srcIp: string;
  srcPort: number;
  dstIp: string;
  dstPort: number;
  protocol: number;
  bytesOut: number;
  packetsOut: number;
  bytesIn: number;
  packetsIn: number;
  inIfname: string;
  outIfname: string;
  wan: string | null;
  dscp: number;
  application: string;
  site: string;
  user: string | null;
  srcCountry: string | null;
  dstCountry: string | null;
  serverPort: string;
  clientPort: string;
}

/** A flow on its way in, with its key for every dimension (the rollups' keys). */
export interface FlowToStore extends StoredFlow {
  keys: Record<FlowDimension, string>;
}

/** A URL event as the store keeps it: the device's fields, the tenant's and the registrable domain found at ingest. */
export interface UrlEventToStore {
  tenantId: string;
  deviceId: string;
  networkId: string | null;
  product: TrafficProduct;
  at: Date;
  /** The batch and the event's place in it: a log row's stable id. */
  seq: number;
  n: number;
  user: string | null;
  event: UrlEvent;
  domain: string;
}

/** A zero-trust session as the store keeps it: the endpoint's fields, with its batch and place in it (a log row's stable id). */
export interface ZtnaSessionToStore {
  tenantId: string;
  deviceId: string;
  at: Date;
  seq: number;
  n: number;
  user: string | null;
  session: ZtnaSession;
}

/** One request of a WAF edge's access log as the store keeps it. */
export interface WafRequestToStore {
  tenantId: string;
  deviceId: string;
  at: Date;
  country: string | null;
  request: WafRequest;
}

/** One attack of a WAF edge's audit log as the store keeps it: numbered in its batch, its category and country worked out once. */
export interface WafAttackToStore {
  tenantId: string;
  deviceId: string;
  at: Date;
  seq: number;
  n: number;
  country: string | null;
  category: WafCategory;
  attack: WafAttack;
}

/** A DEM test result as the store keeps it: the endpoint's fields, who and where it was, and its score worked out once at ingest. */
export interface DemResultToStore {
  tenantId: string;
  deviceId: string;
  at: Date;
  seq: number;
  n: number;
  user: string | null;
  location: string | null;
  result: DemResult;
}

/** A DNS query a gateway's or ZTNA client's resolver answered, as the store keeps it (NDR's evidence). */
export interface DnsQueryToStore {
  tenantId: string;
  deviceId: string;
  at: Date;
  seq: number;
  n: number;
  query: DnsQueryRecord;
}

/** An alert of a gateway's IDS/IPS engine, as the store keeps it (NDR's evidence). */
export interface IdsAlertToStore {
  tenantId: string;
  deviceId: string;
  at: Date;
  seq: number;
  n: number;
  alert: IdsAlertRecord;
}

/** A device's batch: stored once by (device, seq), whatever connection or instance brings it again. */
export interface FlowBatchToStore {
  deviceId: string;
  /** The device's life in the inventory the batch was sent in: a late batch of an earlier life is not stored. */
  enrolment: number;
  /**
   * null for records a router exported over UDP (the flow collector): nothing resends them, so
   * there is no copy to recognise, and the instance whose socket received a datagram is the only
   * one that stores it.
   */
  seq: number | null;
  flows: FlowToStore[];
  /** A url_events batch carries these instead of flows. */
  urlEvents: UrlEventToStore[];
  /** A ztna_sessions batch carries these. */
  ztnaSessions: ZtnaSessionToStore[];
  /** A waf_events batch carries these: the edge's access log and its audit log. */
  wafRequests?: WafRequestToStore[];
  wafAttacks?: WafAttackToStore[];
  /** A dem_results batch carries these: an endpoint's DEM test results. */
  demResults?: DemResultToStore[];
  /** A dns_queries batch carries these. */
  dnsQueries?: DnsQueryToStore[];
  /** An ids_alerts batch carries these. */
  idsAlerts?: IdsAlertToStore[];
}

/** Which rows a question reads: one tenant's product, a window, maybe some devices only. */
export interface Scope {
  tenantId: string;
  product: TrafficProduct;
  from: Date;
  to: Date;
  /** null: every device of the tenant; [] matches nothing (an empty device group). */
  deviceIds: string[] | null;
}

export interface KeyTotals {
  key: string;
  bytesOut: number;
  bytesIn: number;
  packets: number;
  flows: number;
}

interface BucketTotals extends KeyTotals {
  bucket: Date;
}

export interface FlowFilter {
  dim: FlowDimension;
  key: string;
}

export interface FlowsPage {
  count: number;
  rows: StoredFlow[];
}

/**
 * The analytics store: what the traffic charts (and later the web-filter and ZTNA reports) ask,
 * whatever keeps the rows. PostgreSQL (PGlite embedded) is the one built (pg-store.ts); a column
 * store can take over for very large installations by answering the same questions.
 */
export interface AnalyticsStore {
  /** Stores the batches not stored before, raw rows and every rollup at once; returns the keys (`device:seq`) of those stored now. */
  ingest(batches: FlowBatchToStore[]): Promise<Set<string>>;
  /** Step 1 of a top-N: the `limit` largest keys of a dimension over the scope, largest first, leaving out `exclude`. */
  top(level: RollupLevel, scope: Scope, dim: FlowDimension, limit: number, exclude: string[]): Promise<KeyTotals[]>;
  /** Everything over the scope, as one sum (what 'Other' is measured against). */
  total(level: RollupLevel, scope: Scope, dim: FlowDimension): Promise<KeyTotals>;
  /** Step 2: per time bucket, the given keys' totals, and (as key null) every key's. */
  series(level: RollupLevel, scope: Scope, dim: FlowDimension, keys: string[]): Promise<(Omit<BucketTotals, 'key'> & { key: string | null })[]>;
  /** Per key of `dim`, the `limit` largest keys of `inner` that go with it (Top User per Application). */
  nestedTop(
    level: RollupLevel,
    scope: Scope,
    pairs: 'user_app',
    groupBy: 'user' | 'application',
    keys: string[],
    limit: number,
  ): Promise<{ outer: string; inner: string; bytes: number }[]>;
  /** Ranks of the pair dimension by one side (applications, or users), for the per-user charts; `ofUser`: that user's only. */
  topBySide(level: RollupLevel, scope: Scope, side: 'user' | 'application', limit: number, ofUser?: string): Promise<KeyTotals[]>;
  /** Raw flows, newest first. */
  flows(scope: Scope, filter: FlowFilter | null, search: string | null, offset: number, limit: number): Promise<FlowsPage>;
  /** Drops whole partitions past their retention; returns how many went. */
  dropExpired(now: Date, retention: AnalyticsRetention): Promise<number>;
}

/** The device of a rollup row that sums all of a tenant's devices (no device has the nil UUID). */
export const TENANT_WIDE = '00000000-0000-0000-0000-000000000000';

export const batchKey = (deviceId: string, seq: number) => `${deviceId}:${seq}`;
