import { z } from 'zod';
import { filledText, storableText } from '../validators/storable-text';
import { windowEndDocumented, windowRule } from '../api/time-window';
import { TRAFFIC_CHART_IDS } from './charts';
import type { FlowDimension } from './dimensions';
import { ROLLUP_LEVELS, trafficGraphBodySchema } from './ranges';

/**
 * The traffic calls (spec 001 §7 Traffic): `POST /api/v1/{product}/netflow/{graph}/` for a tenant,
 * `POST /api/v1/{product}/netflow/device/{deviceId}/{graph}/` for one device, each with the graph
 * config body. `product` is 'sdwan' (gateways' flows) or 'ztna' (endpoints').
 */
export const TRAFFIC_PRODUCTS = ['sdwan', 'ztna'] as const;
export type TrafficProduct = (typeof TRAFFIC_PRODUCTS)[number];

export const TRAFFIC_PATHS = {
  tenant: (product: string, graph: string) => `${product}/netflow/${graph}/`,
  device: (product: string, deviceId: string, graph: string) => `${product}/netflow/device/${deviceId}/${graph}/`,
  flows: (product: string) => `${product}/netflow/flows/`,
  /** One user's applications (spec 001 §7: individual user data). */
  user: (product: string) => `${product}/netflow/user-data/`,
} as const;

/** The nine panel charts, then the netflow pages' and SLA pages' graphs. */
export const TRAFFIC_GRAPHS = [...TRAFFIC_CHART_IDS, 'top-protocols', 'top-server-ports', 'top-client-ports', 'top-users', 'top-wans'] as const;
export type TrafficGraph = (typeof TRAFFIC_GRAPHS)[number];
export const trafficGraphSchema = z.enum(TRAFFIC_GRAPHS);

/** The per-device netflow pages (spec 000 §2.15 `sdwan/device/status/netflow/...`), in menu order. */
export const NETFLOW_PAGES = [
  { route: 'topProtocols', graph: 'top-protocols', label: 'Top Protocols' },
  { route: 'topDestinations', graph: 'top-destinations', label: 'Top Destinations' },
  { route: 'topTalkers', graph: 'top-talkers', label: 'Top Talkers' },
  { route: 'topServerPorts', graph: 'top-server-ports', label: 'Top Server Ports' },
  { route: 'topClientPorts', graph: 'top-client-ports', label: 'Top Client Ports' },
] as const satisfies readonly { route: string; graph: TrafficGraph; label: string }[];

/**
 * What a graph ranks. Top Talkers are the tenant's devices on the dashboards (spec 001: "top
 * devices") and the hosts behind one device on its netflow page.
 */
export function graphDimension(graph: TrafficGraph, scope: 'tenant' | 'device'): FlowDimension {
  switch (graph) {
    case 'top-sites':
      return 'site';
    case 'top-applications':
      return 'application';
    case 'top-talkers':
      return scope === 'device' ? 'src_ip' : 'device';
    case 'top-sources':
      return 'src_ip';
    case 'top-destinations':
      return 'dst_ip';
    case 'top-source-countries':
      return 'src_country';
    case 'top-destination-countries':
      return 'dst_country';
    case 'top-user-per-application':
    case 'top-application-per-user':
      return 'user_app';
    case 'top-protocols':
      return 'protocol';
    case 'top-server-ports':
      return 'server_port';
    case 'top-client-ports':
      return 'client_port';
    case 'top-users':
      return 'user';
    case 'top-wans':
      return 'wan';
  }
}

/** The longest window a custom range may ask for: what hour rollups keep by default. */
export const MAX_TRAFFIC_WINDOW_DAYS = 90;

const TRAFFIC_WINDOW = { paired: true, maxDays: MAX_TRAFFIC_WINDOW_DAYS } as const;
/** A custom window's ends (from the date/time range picker): both or neither, `to` after `from`, at most MAX_TRAFFIC_WINDOW_DAYS. */
const trafficWindow = {
  from: z.iso.datetime({ offset: true }).optional(),
  to: windowEndDocumented(z.iso.datetime({ offset: true }).optional(), 'from', 'to', TRAFFIC_WINDOW),
};

/**
 * The graph config (timeduration, top_count, tenant_id, network_id) and, beyond the spec: a custom
 * window (`from`, `to`, from the date/time range picker) instead of the last `timeduration`
 * minutes, and `series` to have each ranked key's bytes per time bucket too.
 */
export const trafficQueryBodySchema = trafficGraphBodySchema
  .extend({ ...trafficWindow, series: z.boolean().default(false) })
  .superRefine(windowRule('from', 'to', TRAFFIC_WINDOW));
export type TrafficQueryBody = z.infer<typeof trafficQueryBodySchema>;

/** The graph config and the user whose traffic it asks for (as the charts name users: their e-mail). */
export const trafficUserBodySchema = trafficQueryBodySchema.safeExtend({ user: filledText().min(1).max(254) });
export type TrafficUserBody = z.infer<typeof trafficUserBodySchema>;

const bytesValue = z.object({ value: z.number() });
const nested = z.object({ buckets: z.array(z.object({ key: z.string(), total_bytes: bytesValue })) });

/**
 * One ranked key, in the spec's row shape (001 §3: key, total.value, value, proto, port_name,
 * device_name, address, applications.buckets, top_users.buckets) plus its direction split.
 * `value` and `total.value` are bytes both ways; the panels show MB (by 1e6).
 */
export const trafficRowSchema = z.object({
  key: z.string(),
  /** A readable name where the key is a code: a country's name. */
  label: z.string().optional(),
  total: bytesValue,
  value: z.number(),
  bytes_out: z.number(),
  bytes_in: z.number(),
  packets: z.number(),
  flows: z.number(),
  proto: z.string().optional(),
  port_name: z.string().optional(),
  device_name: z.string().optional(),
  device_id: z.string().optional(),
  /** Beside the name: what tells two devices of one name apart (the label then carries it too). */
  device_serial: z.string().optional(),
  address: z.string().optional(),
  /** Top User per Application: the application's top users. */
  top_users: nested.optional(),
  /** Top Application per User: the user's top applications. */
  applications: nested.optional(),
});
export type TrafficRow = z.infer<typeof trafficRowSchema>;

export const trafficSeriesSchema = z.object({
  /** Bucket starts, ISO, ascending. */
  buckets: z.array(z.string()),
  series: z.array(z.object({ key: z.string(), values: z.array(z.number()), out: z.array(z.number()), in: z.array(z.number()) })),
});

export const trafficAnswerSchema = z.object({
  graph: trafficGraphSchema,
  from: z.string(),
  to: z.string(),
  /** The table that answered: the coarsest that covers the window (rollupFor). */
  level: z.enum(ROLLUP_LEVELS),
  bucket_seconds: z.number(),
  total_bytes: z.number(),
  /** The top `top_count` keys, largest first, then 'Other' with the rest when there is any. */
  results: z.array(trafficRowSchema),
  series: trafficSeriesSchema.optional(),
});
export type TrafficAnswer = z.infer<typeof trafficAnswerSchema>;

/** The flows behind a chart's bar (drill-down), or all of a window's, newest first. */
export const FLOWS_PAGE_MAX = 1000;
export const flowsQueryBodySchema = trafficGraphBodySchema
  .omit({ top_count: true })
  .extend({
    ...trafficWindow,
    device_id: z.string().uuid().optional(),
    /** The bar clicked: its graph and key ('Other' is not a key: the rest has no one filter). */
    graph: trafficGraphSchema.optional(),
    key: storableText().max(300).optional(),
    /** Text matched in addresses, application, site, user, WAN and countries, ignoring case. */
    search: storableText().max(200).optional(),
    offset: z.number().int().min(0).max(1_000_000).default(0),
    limit: z.number().int().min(1).max(FLOWS_PAGE_MAX).default(50),
  })
  .superRefine(windowRule('from', 'to', TRAFFIC_WINDOW));
export type FlowsQueryBody = z.infer<typeof flowsQueryBodySchema>;

export const flowRowSchema = z.object({
  start: z.string(),
  end: z.string(),
  device_id: z.string(),
  device_name: z.string(),
  /** The name, with the serial where another device of the tenant has the same name. */
  device_label: z.string().optional(),
  src_ip: z.string(),
  src_port: z.number(),
  dst_ip: z.string(),
  dst_port: z.number(),
  protocol: z.string(),
  application: z.string(),
  site: z.string(),
  user: z.string().nullable(),
  src_country: z.string().nullable(),
  dst_country: z.string().nullable(),
  wan: z.string().nullable(),
  in_ifname: z.string(),
  out_ifname: z.string(),
  dscp: z.number(),
  bytes_out: z.number(),
  bytes_in: z.number(),
  packets_out: z.number(),
  packets_in: z.number(),
});
export type FlowRow = z.infer<typeof flowRowSchema>;

export const flowsAnswerSchema = z.object({
  count: z.number(),
  results: z.array(flowRowSchema),
  /** Raw flows are kept for a short time: older bars can be drilled into only down to here. */
  retained_from: z.string(),
});
export type FlowsAnswer = z.infer<typeof flowsAnswerSchema>;
