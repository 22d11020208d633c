import { z } from 'zod';
import { textInputMessages } from '../../validators/messages';
import { storableText } from '../../validators/storable-text';
import { countryByCode } from '../../reference/countries';
import { ipField, portField } from './fields';
import { addFieldIssue, flagRepeats } from './issues';
import { WIFI_BAND_LABELS, WIFI_BANDS, WIFI_CHANNELS, WIFI_WIDTHS, type WifiBand } from './wireless-bands';

/**
 * Wireless (`sdwan/device/configure/wireless`: wirelesssetting, wirelessadvanced): the gateway's
 * radios, the networks (SSIDs) they broadcast and how clients move between them.
 */
export const WIFI_SECURITY = ['open', 'wpa2-personal', 'wpa3-personal', 'wpa2-enterprise', 'wpa3-enterprise'] as const;
export const isPersonal = (s: string) => s.endsWith('-personal');
export const isEnterprise = (s: string) => s.endsWith('-enterprise');

/** One radio, in `band`: off unless enabled; channel 0 (auto) lets it pick the quietest channel of its band. */
export const radioSchema = (band: WifiBand) =>
  z
    .strictObject({
      enabled: z.boolean().default(false),
      channel: z.number().int().min(0).default(0),
      width_mhz: z.literal([20, 40, 80, 160]).default(20),
      tx_power_dbm: z.number().int().min(1).max(30).default(20),
    })
    .superRefine((radio, ctx) => {
      if (radio.channel !== 0 && !WIFI_CHANNELS[band].includes(radio.channel)) {
        addFieldIssue(ctx, ['channel'], `Not a channel of the ${WIFI_BAND_LABELS[band]} band`);
      }
      if (!WIFI_WIDTHS[band].includes(radio.width_mhz)) addFieldIssue(ctx, ['width_mhz'], `Too wide for the ${WIFI_BAND_LABELS[band]} band`);
    });
export type Radio = z.infer<ReturnType<typeof radioSchema>>;

const utf8Bytes = (s: string) => new TextEncoder().encode(s).length;

export const ssidSchema = z
  .strictObject({
    id: z.string().uuid(),
    /** 802.11 counts an SSID in bytes: 32 of them, fewer characters when they are not ASCII. */
    name: storableText()
      .min(1, textInputMessages.required)
      .refine((s) => utf8Bytes(s) <= 32, 'At most 32 bytes'),
    security: z.enum(WIFI_SECURITY).default('wpa2-personal'),
    /** WPA2/WPA3-Personal: the network's key (a secret, masked in every answer). */
    passphrase: storableText().optional(),
    /** WPA2/WPA3-Enterprise: the RADIUS server clients are checked against, and its shared secret. */
    radius_server: ipField().optional(),
    radius_port: portField().default(1812),
    secret: storableText().max(128).optional(),
    vlan: z.number().int().min(1).max(4094).optional(),
    hidden: z.boolean().default(false),
    client_isolation: z.boolean().default(false),
    /** The bands it is broadcast on: the section must have a radio for each (below). */
    radios: z.array(z.enum(WIFI_BANDS)).min(1, 'Broadcast it on at least one band').max(3),
    enabled: z.boolean().default(true),
  })
  .superRefine((ssid, ctx) => {
    const empty = (v: string | undefined) => v === undefined || v === '';
    if (isPersonal(ssid.security)) {
      if (empty(ssid.passphrase)) addFieldIssue(ctx, ['passphrase'], textInputMessages.required);
      else if (ssid.passphrase!.length < 8 || ssid.passphrase!.length > 63) addFieldIssue(ctx, ['passphrase'], '8 to 63 characters');
    }
    if (isEnterprise(ssid.security)) {
      if (ssid.radius_server === undefined) addFieldIssue(ctx, ['radius_server'], textInputMessages.required);
      if (empty(ssid.secret)) addFieldIssue(ctx, ['secret'], textInputMessages.required);
    }
    flagRepeats(
      ctx,
      ssid.radios,
      (r) => r,
      (i) => ['radios', i],
      'Band already listed',
    );
  });
export type Ssid = z.infer<typeof ssidSchema>;

export const wirelessAdvancedSchema = z.strictObject({
  /** Steers dual-band clients to 5 or 6 GHz. */
  band_steering: z.boolean().default(false),
  /** 802.11r fast roaming between the gateway's radios. */
  fast_roaming: z.boolean().default(false),
  beacon_interval_ms: z.number().int().min(100).max(1000).default(100),
  dtim_period: z.number().int().min(1).max(255).default(1),
});

export const wirelessSectionSchema = z
  .strictObject({
    /** ISO 3166 country whose rules the radios obey. */
    country: z.string().refine((c) => countryByCode(c) !== undefined && c === c.toUpperCase(), 'Not a country code'),
    /** A radio per band the gateway may have; one absent is off. */
    radios: z
      .strictObject({ '2_4ghz': radioSchema('2_4ghz').optional(), '5ghz': radioSchema('5ghz').optional(), '6ghz': radioSchema('6ghz').optional() })
      .default({}),
    ssids: z.array(ssidSchema).max(16).default([]),
    advanced: wirelessAdvancedSchema.default({ band_steering: false, fast_roaming: false, beacon_interval_ms: 100, dtim_period: 1 }),
  })
  .superRefine((section, ctx) => {
    flagRepeats(
      ctx,
      section.ssids,
      (s) => s.name,
      (i) => ['ssids', i, 'name'],
      'SSID name already used',
    );
    const bands = new Set(WIFI_BANDS.filter((b) => section.radios[b]?.enabled));
    section.ssids.forEach((s, i) =>
      s.radios.forEach((band, k) => {
        if (!bands.has(band)) addFieldIssue(ctx, ['ssids', i, 'radios', k], 'No radio on in this band');
      }),
    );
  });
export type WirelessSection = z.infer<typeof wirelessSectionSchema>;
