import { z } from 'zod';
import { storableText } from '../validators/storable-text';
import { statingRules } from '../validators/documented';
import { isFqdn } from '../validators/domain-name';
import { BOT_SIGNALS, DEFAULT_GOOD_BOTS } from './bots';
import { cidrOrIp } from './policy';

/** What the edges do with a class of client: let it through, mark its requests, challenge it, limit its rate, refuse it. */
export const BOT_ACTIONS = ['allow', 'log', 'challenge', 'rate_limit', 'block'] as const;
export type BotAction = (typeof BOT_ACTIONS)[number];
/** The classes an action applies to (people are always let through). */
export const BOT_ACTED_CLASSES = ['verified_bot', 'likely_bot', 'automated'] as const;
export type BotActedClass = (typeof BOT_ACTED_CLASSES)[number];

const SUFFIX_MESSAGE = 'Should be a domain suffix such as .googlebot.com';
const rdnsSuffix = statingRules(
  z
    .string()
    .trim()
    .toLowerCase()
    .max(253)
    .refine((v) => v.startsWith('.') && isFqdn(v.slice(1)), SUFFIX_MESSAGE),
  [SUFFIX_MESSAGE],
);

/** A crawler the organisation trusts once it proves itself (see GoodBot). */
export const wafGoodBotSchema = z.object({
  name: storableText().trim().min(1).max(64),
  /** Words of its user agent, '|' between alternatives ('Googlebot|GoogleOther'), matched without case. */
  user_agent: storableText().trim().min(1).max(300),
  rdns_suffixes: z.array(rdnsSuffix).max(10).default([]),
  ranges: z.array(cidrOrIp).max(200).default([]),
});

export const wafBotActionSchema = z.object({
  action: z.enum(BOT_ACTIONS),
  /** For rate_limit: the requests a minute each listed address may make. */
  requests_per_minute: z.number().int().min(1).max(100_000).default(60),
});
export type WafBotAction = z.infer<typeof wafBotActionSchema>;

export const wafBotActionsSchema = z.object({
  verified_bot: wafBotActionSchema,
  likely_bot: wafBotActionSchema,
  automated: wafBotActionSchema,
});
export type WafBotActions = z.infer<typeof wafBotActionsSchema>;

/** An organisation's bot protection: the good bots it verifies, and the action per class (for all its applications, or one's own). */
export const wafBotSettingsSchema = z.object({
  good_bots: z.array(wafGoodBotSchema).max(50),
  actions: wafBotActionsSchema,
  /** Applications whose actions differ from the organisation's (by application id). */
  application_actions: z.record(z.string().uuid(), wafBotActionsSchema).default({}),
});
export type WafBotSettings = z.infer<typeof wafBotSettingsSchema>;

/** What every organisation starts with: the shipped good bots, verified bots let through, the rest only marked. */
export const DEFAULT_BOT_SETTINGS: WafBotSettings = {
  good_bots: DEFAULT_GOOD_BOTS.map((b) => ({ ...b, rdns_suffixes: [...b.rdns_suffixes], ranges: [...b.ranges] })),
  actions: {
    verified_bot: { action: 'allow', requests_per_minute: 60 },
    likely_bot: { action: 'log', requests_per_minute: 60 },
    automated: { action: 'log', requests_per_minute: 60 },
  },
  application_actions: {},
};

/** The settings as the console reads them, with the addresses each class's list holds now. */
export const wafBotSettingsViewSchema = wafBotSettingsSchema.extend({
  members: z.object({ verified_bot: z.number().int(), likely_bot: z.number().int(), automated: z.number().int() }),
  members_at: z.string().nullable(),
  updated_at: z.string().nullable(),
});
export type WafBotSettingsView = z.infer<typeof wafBotSettingsViewSchema>;

export const wafBotSignalSchema = z.enum(BOT_SIGNALS);
