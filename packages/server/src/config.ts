import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_ANALYTICS_RETENTION, type AnalyticsRetention } from '@netloom/domain';

/** How long a database call waits for a connection, and for a statement's answer, before it answers 503. */
export const DEFAULT_CONNECT_TIMEOUT_MS = 5_000;
export const DEFAULT_QUERY_TIMEOUT_MS = 15_000;

const flag = (fallback: boolean) =>
  z
    .enum(['0', '1', 'true', 'false'])
    .optional()
    .transform((v) => (v === undefined ? fallback : v === '1' || v === 'true'));

/** How alarm notifications are delivered to channels (modules/alarms/delivery-worker.ts). */
export interface DeliveryTiming {
  /** How often due deliveries are looked for. */
  pollMs: number;
  /** The pause after the first failed try; each further one doubles it, up to maxBackoffMs. */
  firstBackoffMs: number;
  maxBackoffMs: number;
  /** A webhook that has not answered in this long failed this try. */
  timeoutMs: number;
  /** Webhooks may reach private and loopback addresses (a lab, tests); off by default. */
  allowPrivateTargets: boolean;
}

export const DELIVERY_TIMING: DeliveryTiming = { pollMs: 1_000, firstBackoffMs: 10_000, maxBackoffMs: 3_600_000, timeoutMs: 5_000, allowPrivateTargets: false };

/** An OpenAI-compatible chat endpoint the assistant asks (modules/assistant/engines/model.ts). */
export interface AssistantModelSettings {
  baseUrl: string;
  model: string;
  /** Sent as `Authorization: Bearer …`; null sends no Authorization header (a local server). */
  apiKey: string | null;
  timeoutMs: number;
  maxTokens: number;
  stream: boolean;
}

/** An address to listen on; port 0 takes any free one. */
interface ListenAddress {
  host: string;
  port: number;
}

/** Whether a listen address is reachable from this host only. */
export const isLoopback = (host: string): boolean => host === 'localhost' || host === '::1' || /^127\./.test(host);

/** Fastify's trustProxy: no proxy, a number of hops, or the proxies' addresses and ranges. */
type TrustProxy = false | number | string[];

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  /** On SIGTERM/SIGINT: how long draining may take before the process exits anyway (an orchestrator's grace is often 30 s). */
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(25),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./.data'),
  DATABASE_URL: z.string().url().optional(),
  /** PostgreSQL only: how long a call waits for a connection, and for an answer, before it answers 503. */
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(DEFAULT_CONNECT_TIMEOUT_MS),
  DATABASE_QUERY_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(DEFAULT_QUERY_TIMEOUT_MS),
  REDIS_URL: z.string().url().optional(),
  /** /readyz answers 503 while Redis is unreachable (otherwise 200 with status 'degraded'). */
  READY_REQUIRES_REDIS: flag(false),
  /** Before every Redis key and channel: deployments (or test clusters) sharing one Redis keep apart. */
  REDIS_PREFIX: z.string().max(64).default('netloom:'),
  /** Without one, a random secret is created once and kept in the database (shared by instances). */
  JWT_SECRET: z.string().min(32).optional(),
  /** Seals configuration secrets at rest; without one, a random key is created once and kept in the database. */
  CONFIG_SECRET_KEY: z.string().min(32).optional(),
  /** Keys CONFIG_SECRET_KEY replaced, comma-separated: what they sealed still opens. */
  CONFIG_SECRET_PREVIOUS_KEYS: z
    .string()
    .optional()
    .transform((v) =>
      (v ?? '')
        .split(',')
        .map((k) => k.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().min(32, 'Each previous configuration secret key has at least 32 characters'))),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(10).default(900),
  /** How long a browser-session (not remembered) refresh token is honoured at most. */
  SESSION_TTL_HOURS: z.coerce.number().int().min(1).default(12),
  PUBLIC_URL: z.string().url().optional(),
  DEMO: flag(true),
  DEMO_PASSWORD: z.string().min(8).default('netloom-demo'),
  DEMO_FLEET: flag(true),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('Netloom <no-reply@netloom.local>'),
  /** Also drop every mail as a JSON file here (development and end-to-end tests read links from it). */
  MAIL_DIR: z.string().optional(),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_ISSUER: z.string().default('https://accounts.google.com'),
  GOOGLE_JWKS_URL: z.string().url().default('https://www.googleapis.com/oauth2/v3/certs'),
  GOOGLE_AUTH_URL: z.string().url().default('https://accounts.google.com/o/oauth2/v2/auth'),
  /** Resolvers for the SSO domains' TXT check, comma-separated (default: the system's). */
  SSO_DNS_SERVERS: z.string().optional(),
  /** A lab's domains that pass the TXT check without DNS, comma-separated; never in production. */
  SSO_LAB_VERIFIED_DOMAINS: z.string().optional(),
  /** Identity providers may answer on plain http (a lab's provider on loopback); off: https only. */
  SSO_ALLOW_HTTP_ISSUERS: flag(false),
  /** Resolvers for QShield's DNS check of protected domains, comma-separated (default: the system's). */
  WAF_DNS_SERVERS: z.string().optional(),
  /** Threat-intel lists fetched from a URL: the largest answer read, in bytes. */
  WAF_THREAT_LIST_MAX_BYTES: z.coerce.number().int().min(1_000).max(100_000_000).default(5_000_000),
  /** The browser SDK RUM's snippet loads (built by `npm run build -w @netloom/rum-sdk`). */
  RUM_SDK_FILE: z.string().default(path.resolve(import.meta.dirname, '../../rum-sdk/dist/netloom-rum.js')),
  /** RUM beacons a site's public key may send a minute (every visitor together), and one client address may. */
  RUM_INGEST_PER_KEY_PER_MINUTE: z.coerce.number().int().min(1).default(600_000),
  RUM_INGEST_PER_CLIENT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  /** Days RUM keeps its raw page views, vitals and errors (the rollups follow ANALYTICS_*_DAYS). */
  RUM_RAW_DAYS: z.coerce.number().int().min(1).max(400).default(30),
  MZA_PKG_BASE_URL: z.string().url().default('https://downloads.netloom.dev/microzaccess'),
  LOGIN_IP_MAX_PER_MINUTE: z.coerce.number().int().min(1).default(20),
  LOGIN_USER_MAX_FAILURES: z.coerce.number().int().min(1).default(5),
  LOGIN_USER_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
  HEARTBEAT_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(300).default(10),
  /** A device silent this long is offline (gateways 'error', endpoints 'offline'). */
  DEVICE_OFFLINE_AFTER_SECONDS: z.coerce.number().int().min(2).max(3600).default(30),
  /** A gateway's new public address reaches its Auto VPN peers once it has held this long (a WAN failover and back pushes nothing). */
  AUTO_VPN_ADDRESS_SETTLE_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  /** Device metrics older than this are deleted; the console shows at most the last hour. */
  DEVICE_METRICS_RETENTION_HOURS: z.coerce.number().int().min(1).max(8760).default(24),
  /** The alarm engine judges what devices report; 0 turns it off (bench:alarms measures ingest without it). */
  ALARMS: flag(true),
  /** Webhooks of notification channels may call private and loopback addresses (a lab); off: refused. */
  WEBHOOK_PRIVATE_TARGETS: flag(false),
  /** Helpdesk integrations (Zendesk, Freshdesk, Jira) may call private and loopback addresses (a lab, a self-hosted helpdesk inside); off: refused. */
  HELPDESK_PRIVATE_TARGETS: flag(false),
  /** How often an open ticket in a connected helpdesk is read back (status, agents' replies) when its webhook says nothing. */
  HELPDESK_POLL_SECONDS: z.coerce.number().int().min(10).max(86_400).default(120),
  /**
   * The assistant's language model: any OpenAI-compatible chat endpoint (Ollama, vLLM, llama.cpp's
   * server, OpenAI). Unset, the built-in engine reads every request; set, the model reads them and
   * the built-in engine answers whenever it fails. The key is sent as a bearer token, never logged.
   */
  ASSISTANT_BASE_URL: z.string().url().optional(),
  ASSISTANT_MODEL: z.string().trim().min(1).optional(),
  ASSISTANT_API_KEY: z.string().optional(),
  /** The whole reading of one request, tool calls included; past it the built-in engine answers. */
  ASSISTANT_TIMEOUT_MS: z.coerce.number().int().min(500).max(300_000).default(20_000),
  /** Tokens the model may write per answer. */
  ASSISTANT_MAX_TOKENS: z.coerce.number().int().min(64).max(32_768).default(2_048),
  /** Ask the endpoint to stream its answer (server-sent events); some servers answer long requests only so. */
  ASSISTANT_STREAM: flag(false),
  /** Raw flow records are kept this long (whole day partitions are dropped); rollups longer. */
  ANALYTICS_RAW_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 90)
    .default(DEFAULT_ANALYTICS_RETENTION.rawHours),
  ANALYTICS_MINUTE_DAYS: z.coerce.number().int().min(1).max(90).default(DEFAULT_ANALYTICS_RETENTION.minuteDays),
  ANALYTICS_HOUR_DAYS: z.coerce.number().int().min(7).max(3650).default(DEFAULT_ANALYTICS_RETENTION.hourDays),
  /** Flow records waiting to be written beyond which devices are told 'busy' and resend later. */
  FLOW_INGEST_MAX_QUEUED: z.coerce.number().int().min(1_000).max(10_000_000).default(200_000),
  /** How often devices that joined since their tenant's last web-filter change get its web filter (seconds). */
  WEBFILTER_RECONCILE_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /** How often endpoints that enrolled (or were approved) since their tenant's last zero-trust change get their section (seconds). */
  ZTNA_RECONCILE_SECONDS: z.coerce.number().int().min(1).max(3600).default(15),
  /** How often announcements whose start or end passed are pushed to open consoles (seconds). */
  ANNOUNCEMENT_CHECK_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /** Alarm history older than this is deleted. */
  ALARM_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  WEB_DIST: z.string().default(path.resolve(import.meta.dirname, '../../web/dist')),
  /** Serve the component gallery (/dev/gallery/), a developers' page built beside the console; the end-to-end tests turn it on. */
  CONSOLE_GALLERY: flag(false),
  /** Browser origins besides PUBLIC_URL's that may open the live socket (comma-separated), for consoles served from another host. */
  ALLOWED_ORIGINS: z
    .string()
    .optional()
    .transform((v) =>
      (v ?? '')
        .split(',')
        .map((o) => o.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().url())),
  /** Sockets one client address may hold open before authenticating (browser token, device hello); more are refused. */
  WS_PREAUTH_PER_ADDRESS: z.coerce.number().int().min(1).max(10_000).default(20),
  /** Authenticated console sockets one session, and one user over all their sessions, may hold open on an instance; more are closed with 4429. */
  WS_LIVE_PER_SESSION: z.coerce.number().int().min(1).max(100_000).default(100),
  WS_LIVE_PER_USER: z.coerce.number().int().min(1).max(100_000).default(200),
  /** A console socket must send its token within this time (the console sends it on open). */
  WS_AUTH_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(60).default(5),
  /**
   * Which proxies may name the client in X-Forwarded-For, as Fastify's trustProxy: 0 or false for
   * none; a hop count (1 or true: one load balancer in front); or a comma-separated list of proxy
   * addresses and CIDR ranges. Trusting every hop would let any client pick its own address.
   */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((v, ctx): TrustProxy => {
      const value = (v ?? '').trim();
      if (value === '' || value === '0' || value === 'false') return false;
      if (value === 'true') return 1;
      if (/^\d+$/.test(value)) return Number(value);
      const list = value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      for (const entry of list) {
        if (!isIP(entry.split('/')[0] ?? '')) ctx.addIssue({ code: 'custom', message: `not a hop count, address or CIDR range: ${entry}` });
      }
      return list;
    }),
  /** How often due report schedules are looked for (seconds). */
  REPORT_SCHEDULE_CHECK_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /**
   * /metrics answers only `Authorization: Bearer <METRICS_TOKEN>` (Prometheus' `authorization`
   * scrape setting). Unset, and without METRICS_LISTEN, it stays open on the main port as before:
   * `npm start` and existing scrape jobs work with nothing to set, it holds counts and no tenant's
   * data, and a second listener by default would collide between instances on one host. The
   * server warns at start when it is open on a non-loopback address.
   */
  METRICS_TOKEN: z.string().min(16).optional(),
  /** Serve /metrics on this address of its own (host:port, e.g. 127.0.0.1:9464) and not on the main port. */
  METRICS_LISTEN: z
    .string()
    .optional()
    .transform((v, ctx): ListenAddress | null => {
      if (v === undefined || v.trim() === '') return null;
      const m = /^(?:\[([^\]]+)\]|([^:[\]]+)):(\d{1,5})$/.exec(v.trim());
      const port = Number(m?.[3]);
      if (!m || port > 65535) {
        ctx.addIssue({ code: 'custom', message: `not host:port (an IPv6 address in brackets): ${v}` });
        return null;
      }
      return { host: m[1] ?? m[2]!, port };
    }),
  /** The NetFlow v9 / IPFIX collector's UDP port; unset, no collector (0 takes any free port, for tests). */
  FLOW_COLLECTOR_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** The address it listens on ('::' for IPv6 exporters too, where the host has IPv6). */
  FLOW_COLLECTOR_HOST: z
    .string()
    .refine((h) => isIP(h) !== 0, 'an IP address')
    .default('0.0.0.0'),
  COOKIE_SECURE: flag(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

type Env = z.infer<typeof envSchema>;

export interface Config {
  port: number;
  host: string;
  publicUrl: string;
  database:
    /** `from`: an in-memory database starts as a copy of this dump of another's data folder (the test harness's migrated, seeded template). */
    | { kind: 'pglite'; dataDir: string | null; from?: Blob }
    /** The timeouts default to DEFAULT_CONNECT_TIMEOUT_MS and DEFAULT_QUERY_TIMEOUT_MS. */
    | { kind: 'postgres'; url: string; connectTimeoutMs?: number; queryTimeoutMs?: number };
  redisUrl: string | null;
  /** Before every Redis key (rate limits) and bus channel. */
  redisPrefix: string;
  /** /readyz answers 503 while Redis is unreachable, instead of 200 'degraded'. */
  readyRequiresRedis: boolean;
  jwtSecret: string | null;
  /** The key configuration secrets are sealed with (null: generated once, kept in the database), and the keys it replaced. */
  configSecrets?: { key: string | null; previous: string[] };
  accessTokenTtlSeconds: number;
  sessionTtlHours: number;
  demo: { enabled: boolean; password: string; fleet: boolean };
  mail: { smtpUrl: string | null; from: string; dropDir: string | null };
  google: { clientId: string; issuer: string; jwksUrl: string; authUrl: string } | null;
  /** Connected helpdesks: whether they may be at private addresses (a lab), how often open tickets are read back. */
  helpdesks: { allowPrivateTargets: boolean; pollSeconds: number };
  /** The assistant's language model, or null: the built-in engine reads every request. */
  assistant: { model: AssistantModelSettings | null };
  /**
   * Single sign-on: where domains' TXT records are looked up (servers; `txtLookup` replaces DNS in
   * tests), a lab's domains that pass without DNS, and whether providers may answer on plain http.
   */
  sso: { dnsServers: string[]; labVerifiedDomains: string[]; allowHttpIssuers: boolean; txtLookup?: (name: string) => Promise<string[][]> };
  /** QShield: where protected domains are resolved (`addressLookup` replaces DNS in tests), and the threat lists' size bound. */
  waf: { dnsServers: string[]; threatListMaxBytes: number; addressLookup?: (name: string) => Promise<string[]> };
  /** RUM: the SDK file served to pages, the ingest's rate limits, how long raw rows are kept. */
  rum: { sdkFile: string; perKeyPerMinute: number; perClientPerMinute: number; rawDays: number };
  mzaPackageBaseUrl: string;
  loginLimits: { ipPerMinute: number; userMaxFailures: number; userWindowSeconds: number };
  fleet: {
    heartbeatIntervalSeconds: number;
    offlineAfterSeconds: number;
    metricsRetentionHours: number;
    alarmRetentionDays: number;
    alarms: boolean;
    autoVpnAddressSettleSeconds: number;
  };
  /** The analytics store: how long each table keeps its rows, and when ingest sheds load. */
  analytics: { retention: AnalyticsRetention; maxQueuedRecords: number };
  /** The NetFlow v9 / IPFIX collector's UDP address, or null: off. */
  flowCollector: ListenAddress | null;
  /** How often devices that joined since a tenant's last web-filter change get its web filter. */
  webFilter: { reconcileMs: number };
  /** How often endpoints that enrolled since a tenant's last zero-trust change get their zero-trust section. */
  ztna: { reconcileMs: number };
  /** How often announcements that started or ended since the last check reach open consoles. */
  announcements: { checkMs: number };
  /** How alarm notifications are delivered to channels (modules/alarms/delivery-worker.ts). */
  notifications: DeliveryTiming;
  webDist: string | null;
  /** Whether /dev/gallery/ (the component gallery in the built console's folder) is served. */
  consoleGallery: boolean;
  /** The browser and device websockets' handshake limits, and the console sockets a session and a user may hold. */
  sockets: { allowedOrigins: string[]; preAuthPerAddress: number; authTimeoutMs: number; livePerSession: number; livePerUser: number };
  /** Report generation: how often queued reports and due schedules are looked for, when a claim is stale, how often expired reports go. */
  reports: { pollMs: number; staleClaimMs: number; scheduleCheckMs: number; sweepMs: number };
  trustProxy: TrustProxy;
  /** Who may read /metrics: with the token only, and where: on the main port, or on an address of its own. */
  metrics: { token: string | null; listen: ListenAddress | null };
  cookieSecure: boolean;
  logLevel: Env['LOG_LEVEL'];
  /** How long a graceful shutdown may take (server.ts). */
  shutdownTimeoutMs: number;
}

const commaList = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((v) => v.trim().toLowerCase())
    .filter(Boolean);

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const e = envSchema.parse(env);
  if (e.ASSISTANT_BASE_URL && !e.ASSISTANT_MODEL) throw new Error('ASSISTANT_BASE_URL needs ASSISTANT_MODEL: the name of the model to ask');
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL, connectTimeoutMs: e.DATABASE_CONNECT_TIMEOUT_MS, queryTimeoutMs: e.DATABASE_QUERY_TIMEOUT_MS }
      : { kind: 'pglite', dataDir: path.resolve(e.DATA_DIR, 'pglite') },
    redisUrl: e.REDIS_URL ?? null,
    redisPrefix: e.REDIS_PREFIX,
    readyRequiresRedis: e.READY_REQUIRES_REDIS,
    jwtSecret: e.JWT_SECRET ?? null,
    configSecrets: { key: e.CONFIG_SECRET_KEY ?? null, previous: e.CONFIG_SECRET_PREVIOUS_KEYS },
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    sessionTtlHours: e.SESSION_TTL_HOURS,
    demo: { enabled: e.DEMO, password: e.DEMO_PASSWORD, fleet: e.DEMO_FLEET },
    mail: { smtpUrl: e.SMTP_URL ?? null, from: e.MAIL_FROM, dropDir: e.MAIL_DIR ? path.resolve(e.MAIL_DIR) : null },
    google: e.GOOGLE_CLIENT_ID ? { clientId: e.GOOGLE_CLIENT_ID, issuer: e.GOOGLE_ISSUER, jwksUrl: e.GOOGLE_JWKS_URL, authUrl: e.GOOGLE_AUTH_URL } : null,
    helpdesks: { allowPrivateTargets: e.HELPDESK_PRIVATE_TARGETS, pollSeconds: e.HELPDESK_POLL_SECONDS },
    assistant: {
      model:
        e.ASSISTANT_BASE_URL && e.ASSISTANT_MODEL
          ? {
              baseUrl: e.ASSISTANT_BASE_URL.replace(/\/$/, ''),
              model: e.ASSISTANT_MODEL,
              apiKey: e.ASSISTANT_API_KEY?.trim() || null,
              timeoutMs: e.ASSISTANT_TIMEOUT_MS,
              maxTokens: e.ASSISTANT_MAX_TOKENS,
              stream: e.ASSISTANT_STREAM,
            }
          : null,
    },
    sso: { dnsServers: commaList(e.SSO_DNS_SERVERS), labVerifiedDomains: commaList(e.SSO_LAB_VERIFIED_DOMAINS), allowHttpIssuers: e.SSO_ALLOW_HTTP_ISSUERS },
    waf: { dnsServers: commaList(e.WAF_DNS_SERVERS), threatListMaxBytes: e.WAF_THREAT_LIST_MAX_BYTES },
    rum: {
      sdkFile: e.RUM_SDK_FILE,
      perKeyPerMinute: e.RUM_INGEST_PER_KEY_PER_MINUTE,
      perClientPerMinute: e.RUM_INGEST_PER_CLIENT_PER_MINUTE,
      rawDays: e.RUM_RAW_DAYS,
    },
    mzaPackageBaseUrl: e.MZA_PKG_BASE_URL.replace(/\/$/, ''),
    loginLimits: {
      ipPerMinute: e.LOGIN_IP_MAX_PER_MINUTE,
      userMaxFailures: e.LOGIN_USER_MAX_FAILURES,
      userWindowSeconds: e.LOGIN_USER_WINDOW_SECONDS,
    },
    fleet: {
      heartbeatIntervalSeconds: e.HEARTBEAT_INTERVAL_SECONDS,
      offlineAfterSeconds: e.DEVICE_OFFLINE_AFTER_SECONDS,
      metricsRetentionHours: e.DEVICE_METRICS_RETENTION_HOURS,
      alarmRetentionDays: e.ALARM_RETENTION_DAYS,
      alarms: e.ALARMS,
      autoVpnAddressSettleSeconds: e.AUTO_VPN_ADDRESS_SETTLE_SECONDS,
    },
    analytics: {
      retention: { rawHours: e.ANALYTICS_RAW_HOURS, minuteDays: e.ANALYTICS_MINUTE_DAYS, hourDays: e.ANALYTICS_HOUR_DAYS },
      maxQueuedRecords: e.FLOW_INGEST_MAX_QUEUED,
    },
    flowCollector: e.FLOW_COLLECTOR_PORT === undefined ? null : { host: e.FLOW_COLLECTOR_HOST, port: e.FLOW_COLLECTOR_PORT },
    webFilter: { reconcileMs: e.WEBFILTER_RECONCILE_SECONDS * 1000 },
    ztna: { reconcileMs: e.ZTNA_RECONCILE_SECONDS * 1000 },
    announcements: { checkMs: e.ANNOUNCEMENT_CHECK_SECONDS * 1000 },
    notifications: { ...DELIVERY_TIMING, allowPrivateTargets: e.WEBHOOK_PRIVATE_TARGETS },
    webDist: e.WEB_DIST,
    consoleGallery: e.CONSOLE_GALLERY,
    sockets: {
      allowedOrigins: e.ALLOWED_ORIGINS.map((o) => new URL(o).origin),
      preAuthPerAddress: e.WS_PREAUTH_PER_ADDRESS,
      authTimeoutMs: e.WS_AUTH_TIMEOUT_SECONDS * 1000,
      livePerSession: e.WS_LIVE_PER_SESSION,
      livePerUser: e.WS_LIVE_PER_USER,
    },
    reports: { pollMs: 5_000, staleClaimMs: 5 * 60_000, scheduleCheckMs: e.REPORT_SCHEDULE_CHECK_SECONDS * 1000, sweepMs: 60 * 60_000 },
    trustProxy: e.TRUST_PROXY,
    metrics: { token: e.METRICS_TOKEN ?? null, listen: e.METRICS_LISTEN },
    cookieSecure: e.COOKIE_SECURE,
    logLevel: e.LOG_LEVEL,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_SECONDS * 1000,
  };
}
