import { z } from 'zod';
import { isIPv4 } from '../validators/ipv4';
import { isFqdn } from '../validators/domain-name';
import { PATTERNS, documented, statingRules } from '../validators/documented';
import { CAPTURE_FILTER_MAX_LENGTH, parseCaptureFilter } from './capture-filter';

/**
 * What a gateway's Diagnostics page runs (spec 000 §2.16: ping, dns, tcpDump, throughput; and a
 * traceroute): one schema per kind, the same for the form, the server and the device.
 */
export const DIAGNOSTIC_KINDS = ['ping', 'traceroute', 'dns', 'capture', 'throughput'] as const;
export type DiagnosticKind = (typeof DIAGNOSTIC_KINDS)[number];

export const DNS_RECORD_TYPES = ['A', 'AAAA', 'CNAME', 'MX', 'TXT', 'NS', 'PTR', 'SOA'] as const;

/** Bounds of a packet capture: the device stops at the first one reached. */
export const CAPTURE_LIMITS = { packets: 10_000, bytes: 10_000_000, seconds: 300 } as const;
export const THROUGHPUT_MAX_SECONDS = 60;

const host = documented(
  z
    .string()
    .trim()
    .min(1, 'Required')
    .max(253)
    .refine((v) => isIPv4(v) || isFqdn(v), 'Should be an IPv4 address or a host name'),
  { pattern: PATTERNS.ipOrFqdn },
);
/** An interface of the device's configuration (the form offers those); the device refuses one it lacks. */
const ifname = z
  .string()
  .trim()
  .min(1, 'Required')
  .max(32)
  .regex(/^[A-Za-z0-9_.:-]+$/, 'Should be an interface name');

export const pingParamsSchema = z.object({
  kind: z.literal('ping'),
  host,
  count: z.number().int().min(1).max(100).default(4),
  /** Seconds between echo requests. */
  interval_s: z.number().min(0.2).max(10).default(1),
  /** ICMP payload bytes. */
  size: z.number().int().min(0).max(1472).default(56),
  source_interface: ifname.optional(),
});

export const tracerouteParamsSchema = z.object({
  kind: z.literal('traceroute'),
  host,
  max_hops: z.number().int().min(1).max(64).default(30),
  source_interface: ifname.optional(),
});

/** A reverse lookup names an address; every other type a host name. */
const DNS_NAME_RULES = ['Should be an IPv4 address', 'Should be a host name'] as const;

export const dnsParamsSchema = statingRules(
  z
    .object({
      kind: z.literal('dns'),
      name: documented(z.string().trim().min(1, 'Required').max(253), { pattern: PATTERNS.ipOrFqdn }),
      record_type: z.enum(DNS_RECORD_TYPES).default('A'),
      /** The resolver to ask; the device's own when absent. */
      resolver: documented(z.string().trim().refine(isIPv4, 'Should be in the format x.x.x.x'), { format: 'ipv4', pattern: PATTERNS.ipv4 }).optional(),
    })
    .superRefine((v, ctx) => {
      const ok = v.record_type === 'PTR' ? isIPv4(v.name) : isFqdn(v.name);
      if (!ok) ctx.addIssue({ code: 'custom', path: ['name'], message: DNS_NAME_RULES[v.record_type === 'PTR' ? 0 : 1] });
    }),
  DNS_NAME_RULES,
);

export const captureParamsSchema = z.object({
  kind: z.literal('capture'),
  interface: ifname,
  // The grammar is the parser's: the document states it as the message a filter outside it gets.
  filter: statingRules(
    z
      .string()
      .max(CAPTURE_FILTER_MAX_LENGTH)
      .superRefine((v, ctx) => {
        const parsed = parseCaptureFilter(v);
        if (!parsed.ok) ctx.addIssue({ code: 'custom', message: parsed.error });
      }),
    ['Not a valid capture filter: {…}'],
  )
    .default('')
    // The device is sent the canonical text of what was parsed, never the text as typed.
    .transform((v) => {
      const parsed = parseCaptureFilter(v);
      return parsed.ok ? parsed.canonical : '';
    }),
  max_packets: z.number().int().min(1).max(CAPTURE_LIMITS.packets).default(1_000),
  max_bytes: z.number().int().min(1_000).max(CAPTURE_LIMITS.bytes).default(1_000_000),
  max_seconds: z.number().int().min(1).max(CAPTURE_LIMITS.seconds).default(30),
});

export const throughputParamsSchema = z.object({
  kind: z.literal('throughput'),
  /** The other gateway, one of the tenant's. */
  peer_device_id: z.string().uuid(),
  /** Over the overlay (the tenant's VPN) or straight over a WAN link. */
  path: z.enum(['overlay', 'wan']).default('overlay'),
  duration_s: z.number().int().min(1).max(THROUGHPUT_MAX_SECONDS).default(10),
});

/** The server checks a throughput test's other end (its schema cannot): another approved gateway of the tenant. */
export const THROUGHPUT_PEER_RULE = 'Should be another approved gateway of this organisation';

export const diagnosticParamsSchema = z.discriminatedUnion('kind', [
  pingParamsSchema,
  tracerouteParamsSchema,
  dnsParamsSchema,
  captureParamsSchema,
  throughputParamsSchema,
]);
export type DiagnosticParams = z.infer<typeof diagnosticParamsSchema>;
export type DiagnosticInput = z.input<typeof diagnosticParamsSchema>;
export type PingParams = z.infer<typeof pingParamsSchema>;
export type TracerouteParams = z.infer<typeof tracerouteParamsSchema>;
export type DnsParams = z.infer<typeof dnsParamsSchema>;
export type CaptureParams = z.infer<typeof captureParamsSchema>;
export type ThroughputParams = z.infer<typeof throughputParamsSchema>;

/** Slack past what a run should take, for a slow device and the way back. */
const GRACE_S = 15;

/** How long the server lets a run go before it stops it: what it should take, and some slack. */
export function diagnosticTimeLimitSeconds(p: DiagnosticParams): number {
  switch (p.kind) {
    case 'ping':
      return Math.ceil(p.count * p.interval_s) + GRACE_S;
    case 'traceroute':
      return p.max_hops * 3 + GRACE_S;
    case 'dns':
      return GRACE_S;
    case 'capture':
      return p.max_seconds + GRACE_S;
    case 'throughput':
      return p.duration_s + GRACE_S;
  }
}

/** The most output text the server keeps of one run; past it the run is stopped. */
export const DIAGNOSTIC_OUTPUT_LIMIT_BYTES = 256 * 1024;
/** The largest file a capture may leave (its packets' bytes and the pcap headers around them). */
export const DIAGNOSTIC_ARTIFACT_LIMIT_BYTES = CAPTURE_LIMITS.bytes + 16 * CAPTURE_LIMITS.packets + 24;

/** The line the console shows where a run ended for a reason of its own. */
export const diagnosticEndLine = {
  stopped: (who: string) => `--- stopped by ${who} ---`,
  timeLimit: (seconds: number) => `--- stopped: time limit of ${seconds} s reached ---`,
  outputLimit: () => `--- stopped: output limit of ${DIAGNOSTIC_OUTPUT_LIMIT_BYTES / 1024} KB reached ---`,
};
