import { z } from 'zod';
import { ALARM_KINDS, ALARM_STATES } from '../alarms/kinds';
import { ALARM_SEVERITIES } from '../alarms/severity';
import { isEmail } from '../validators/email';
import { isHttpUrl } from '../validators/http-url';
import { filledText, storableText } from '../validators/storable-text';
import { textInputMessages } from '../validators/messages';
import { paginated } from './pagination';

/** System tools → globalNotification: where alarms are sent besides the bell. */
export const CHANNEL_PATHS = {
  list: 'notification-channels/',
  one: (id: string) => `notification-channels/${id}/`,
  test: (id: string) => `notification-channels/${id}/test/`,
  /** POST: a webhook's new signing secret, answered once; the old one stops signing at once. */
  rotateSecret: (id: string) => `notification-channels/${id}/rotate-secret/`,
  deliveries: (id: string) => `notification-channels/${id}/deliveries/`,
} as const;

export const CHANNEL_KINDS = ['email', 'webhook'] as const;
export type ChannelKind = (typeof CHANNEL_KINDS)[number];
export const DELIVERY_STATES = ['pending', 'delivered', 'failed'] as const;

/** A webhook gets at most this many tries, further and further apart, before it counts as failed. */
export const DELIVERY_MAX_ATTEMPTS = 8;
/** The header carrying `sha256=<hex HMAC-SHA256 of the raw body>` under the channel's secret. */
export const WEBHOOK_SIGNATURE_HEADER = 'x-netloom-signature';

export const channelBodySchema = z
  .strictObject({
    name: filledText().min(1, textInputMessages.required).max(64),
    kind: z.enum(CHANNEL_KINDS),
    /** An e-mail address, or the webhook's URL. */
    target: storableText()
      .trim()
      .min(1, textInputMessages.required)
      .max(512)
      .describe('An e-mail address when kind is email; an http:// or https:// URL when kind is webhook'),
    /** Which alarms it carries; empty: every kind. */
    alarm_kinds: z.array(z.enum(ALARM_KINDS)).max(ALARM_KINDS.length).default([]),
    /** Alerting only, or the recoveries (OK) too; empty: both. */
    states: z.array(z.enum(ALARM_STATES)).max(ALARM_STATES.length).default([]),
    /** The least severity it carries (alarmSeverity); 'info': every alarm, recoveries included. */
    min_severity: z.enum(ALARM_SEVERITIES).default('info'),
    enabled: z.boolean().default(true),
  })
  .superRefine((c, ctx) => {
    if (c.kind === 'email' && !isEmail(c.target)) ctx.addIssue({ code: 'custom', path: ['target'], message: 'Enter a valid e-mail address' });
    if (c.kind === 'webhook' && !isHttpUrl(c.target)) ctx.addIssue({ code: 'custom', path: ['target'], message: 'Enter an http:// or https:// URL' });
  });
export type ChannelBody = z.input<typeof channelBodySchema>;

export const channelSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    kind: z.enum(CHANNEL_KINDS),
    target: z.string(),
    alarm_kinds: z.array(z.enum(ALARM_KINDS)),
    states: z.array(z.enum(ALARM_STATES)),
    min_severity: z.enum(ALARM_SEVERITIES),
    enabled: z.boolean(),
    /** Whether its calls are signed (a webhook). The secret itself is answered once only: see below. */
    signed: z.boolean(),
    created_at: z.string(),
  })
  .meta({ id: 'NotificationChannel', description: 'Where alarms are delivered: an e-mail address or a signed webhook' });
export type Channel = z.infer<typeof channelSchema>;

/**
 * The answer of creating a channel: the only one, with rotating, that carries a webhook's signing
 * secret (null for e-mail). Shown once, like a password: lists and edits never repeat it, so it is
 * not read off any later screen or log of answers.
 */
export const createdChannelSchema = channelSchema.extend({ secret: z.string().nullable() });
export type CreatedChannel = z.infer<typeof createdChannelSchema>;
/** A webhook's new signing secret (rotate), shown once. */
export const channelSecretSchema = z.object({ secret: z.string() });
export const channelListSchema = z.array(channelSchema);
export const channelParamsSchema = z.object({ channelId: z.string().uuid() });

export const deliverySchema = z.object({
  id: z.string(),
  channel_id: z.string(),
  /** null for a 'Send test'. */
  alarm_id: z.string().nullable(),
  summary: z.string(),
  state: z.enum(DELIVERY_STATES),
  attempts: z.number().int(),
  /** The webhook's HTTP answer of the last try. */
  status_code: z.number().int().nullable(),
  error: z.string().nullable(),
  created_at: z.string(),
  delivered_at: z.string().nullable(),
});
export type Delivery = z.infer<typeof deliverySchema>;
export const deliveryListSchema = paginated(deliverySchema);

/** What a webhook receives (and what an e-mail says in words). */
export const alarmEventSchema = z.object({
  id: z.string(),
  test: z.boolean(),
  tenant_id: z.string(),
  device_id: z.string().nullable(),
  device_name: z.string(),
  /** What tells apart gateways that share a name; events queued before it was carried have none. */
  device_serial: z.string().nullable().optional(),
  kind: z.enum(ALARM_KINDS),
  interface: z.string().nullable(),
  state: z.enum(ALARM_STATES),
  severity: z.enum(ALARM_SEVERITIES),
  alarm: z.string(),
  detail: z.string().nullable(),
  time: z.string(),
});
export type AlarmEvent = z.infer<typeof alarmEventSchema>;
