import { z } from 'zod';
import { isIPv4 } from '../validators/ipv4';
import { storableText } from '../validators/storable-text';
import { URL_ACTIONS, WEBFILTER_RULES } from './evaluate';

export const URL_EVENTS_BATCH_MAX = 1000;
/** How the request was seen: the endpoint's agent, or the gateway's explicit proxy (its access log is the squid log). */
export const URL_EVENT_SOURCES = ['agent', 'proxy'] as const;

const count = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);
const seq = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);

/** One web request as the device decided it. Free text is storableText: one unstorable value would fail a shared write. */
export const urlEventSchema = z.object({
  at: z.string().datetime(),
  user: storableText().max(254).nullable(),
  client_ip: z.string().refine(isIPv4, 'Should be in the format x.x.x.x'),
  method: z.string().regex(/^[A-Z]{3,10}$/),
  scheme: z.enum(['http', 'https']),
  host: storableText().min(1).max(253),
  /** Path and query as requested ('/' at least); a device may shorten it. */
  path: storableText().max(2_048),
  /** HTTP status given to the client (403 for a block page, 200 for a CONNECT tunnel). */
  status: z.number().int().min(0).max(999),
  bytes: count,
  elapsed_ms: z.number().int().nonnegative().max(86_400_000),
  content_type: storableText().max(128).nullable(),
  category: z.string().max(40),
  application: z.string().max(40).nullable(),
  action: z.enum(URL_ACTIONS),
  rule: z.enum(WEBFILTER_RULES),
  policy_id: z.string().uuid().nullable(),
  policy_name: storableText().max(40).nullable(),
  /** The custom URL, address rule, category or application that matched (the reports count hits per rule). */
  matched: storableText().max(2_048).nullable().default(null),
  via: z.enum(URL_EVENT_SOURCES),
});
export type UrlEvent = z.infer<typeof urlEventSchema>;

/** A device's batch of URL events, sequence-numbered like its other messages and acknowledged once stored. */
export const urlEventsMessageSchema = z.object({
  type: z.literal('url_events'),
  seq,
  events: z.array(urlEventSchema).min(1).max(URL_EVENTS_BATCH_MAX),
});
export type UrlEventsMessage = z.infer<typeof urlEventsMessageSchema>;
