import { z } from 'zod';
import { filledText, storableText } from '../validators/storable-text';
import { chipMessages } from '../validators/messages';
import { isEmail } from '../validators/email';
import { isCidr, isIPv4, isPort, isPortRange } from '../validators/ipv4';
import { isFqdn } from '../validators/domain-name';
import { COUNTRIES } from '../reference/countries';
import { documented, EMAIL_FORMAT, PATTERNS } from '../validators/documented';

/** Fields the zero-trust entities share: the spec's validators (000 §5) as zod fields. */
export const ZTNA_LIMITS = {
  name: 64,
  description: 200,
  policies: 1_000,
  servers: 5_000,
  listItems: 1_000,
  dnsGroups: 100,
  securityGroups: 1_000,
  relays: 100,
  profiles: 1_000,
} as const;

export const ztnaId = () => z.string().uuid();
export const ztnaName = () => filledText().min(1, 'Field is required').max(ZTNA_LIMITS.name, `At most ${ZTNA_LIMITS.name} characters`);
export const ztnaDescription = () => storableText().trim().max(ZTNA_LIMITS.description).default('');

/** A list without repeats (the chip input's 'Duplicate Value Found'). */
export const uniqueList = <T extends z.ZodType<string>>(item: T, max: number = ZTNA_LIMITS.listItems) =>
  z
    .array(item)
    .max(max, `At most ${max} values`)
    .refine((a) => new Set(a).size === a.length, chipMessages.duplicate)
    // Compared after trimming and case folding, which uniqueItems does not do: the rule says the rest.
    .meta({ uniqueItems: true, 'x-rules': [chipMessages.duplicate] });

export const emailField = () => documented(storableText().trim().toLowerCase().refine(isEmail, chipMessages.email), EMAIL_FORMAT);
export const ipField = () => documented(z.string().trim().refine(isIPv4, chipMessages.ip), { format: 'ipv4', pattern: PATTERNS.ipv4 });
export const subnetField = () => documented(z.string().trim().refine(isCidr, chipMessages.subnet), { pattern: PATTERNS.cidr });
/** A DNS domain such as corp.example.com (a match or search domain). */
export const domainField = () =>
  storableText()
    .trim()
    .toLowerCase()
    .max(253)
    .refine((v) => isFqdn(v), 'Enter a domain such as corp.example.com')
    .meta({ pattern: PATTERNS.fqdn });

const COUNTRY_CODES = new Set(COUNTRIES.map((c) => c.code));
/** The codes as one component of the API document (the list is long). */
const COUNTRY_CODE = { id: 'CountryCode', enum: [...COUNTRY_CODES], description: 'ISO 3166-1 alpha-2 country code' };
const PORT_SPEC_RULE = `A port 1–65535, or a range 'first:last' whose first port is below its last (otherwise: '${chipMessages.portRange}')`;
/** ISO 3166-1 alpha-2 code, as the GeoIP lookup of a public address gives it. */
const countryCode = z
  .string()
  .trim()
  .toUpperCase()
  .refine((v) => COUNTRY_CODES.has(v), 'Unknown country')
  .meta(COUNTRY_CODE);
// One schema: a component of the document is one schema with its id.
export const countryField = () => countryCode;

/** '443' or a range '8000:8100' (the spec's port-range chip). */
export const portSpecField = () =>
  z
    .string()
    .trim()
    .refine((v) => isPort(v) || isPortRange(v), chipMessages.portRange)
    .meta({ pattern: PATTERNS.portSpec, description: PORT_SPEC_RULE, 'x-rules': [chipMessages.portRange] });

/** The span a port spec covers, or null when it is not one. */
export function portSpecSpan(spec: string): [number, number] | null {
  if (isPort(spec)) return [Number(spec), Number(spec)];
  if (!isPortRange(spec)) return null;
  const [a, b] = spec.split(':').map(Number) as [number, number];
  return [a, b];
}

/** A version such as 2.1.10 (digits and dots, up to four parts). */
export const versionField = () =>
  z
    .string()
    .trim()
    .regex(/^\d{1,5}(?:\.\d{1,5}){0,3}$/, 'Use a version such as 2.1.10');
