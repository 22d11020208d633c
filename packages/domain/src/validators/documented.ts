import type { z } from 'zod';

/*
 * Checks written in code (`.refine(isEmail)`) are invisible to the API document, so a client
 * generating requests from it sends values the server refuses. Each such check carries the JSON
 * Schema keywords (OpenAPI 3.1) that say what it accepts: a pattern without look-arounds (so
 * generators can draw from it), a format, an enum, unique items. Where a rule cannot be written so,
 * the keywords state a part of what the check accepts, never more: every value they describe is
 * accepted (documented.test.ts draws values from each pattern and runs the check on them).
 */

/** The JSON Schema keywords a check made in code is described by. */
export interface SchemaKeywords {
  pattern?: string;
  format?: string;
  enum?: readonly string[];
  minLength?: number;
  maxLength?: number;
  uniqueItems?: boolean;
  /** A component of the document: a long enum said once. */
  id?: string;
  description?: string;
}

/** The schema, with what its checks accept said in the API document. */
export const documented = <T extends z.ZodType>(schema: T, keywords: SchemaKeywords): T => schema.meta(keywords as Record<string, unknown>) as T;

const OCTET = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
const IPV4 = `${OCTET}(?:\\.${OCTET}){3}`;
const PORT = '(?:6553[0-5]|655[0-2]\\d|65[0-4]\\d{2}|6[0-4]\\d{3}|[1-5]\\d{4}|[1-9]\\d{0,3})';
const LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
const FQDN = `(?:${LABEL}\\.)+[A-Za-z]{2,63}`;
const EMAIL_LOCAL = '[A-Za-z0-9_%+-]+(?:\\.[A-Za-z0-9_%+-]+)*';
const EMAIL_DOMAIN = '[A-Za-z0-9-]+(?:\\.[A-Za-z0-9-]+)*\\.[A-Za-z]{2,}';
// Without ':' (the check would read ':99999' in a path as a port out of range).
const URL_PATH = "(?:[/?#][\\w\\-.~%!$&'()*+,;=@/?#]*)?";

/** Patterns of the checks in this package, as the document states them. */
export const PATTERNS = {
  ipv4: `^${IPV4}$`,
  cidr: `^${IPV4}/(?:3[0-2]|[12]?\\d)$`,
  /** A port, or a range 'a:b' (that its first port is below its last, the pattern cannot say). */
  portSpec: `^${PORT}(?::${PORT})?$`,
  /** An address, a subnet or a range 'a-b' (that a range's first address is not after its last, the pattern cannot say). */
  ipRule: `^${IPV4}(?:/(?:3[0-2]|[12]?\\d)|-${IPV4})?$`,
  fqdn: `^${FQDN}$`,
  /** An address or a network (that its host bits are clear, the pattern cannot say). */
  addressOrNetwork: `^${IPV4}(?:/(?:3[0-2]|[12]?\\d))?$`,
  /** A firewall match: an address, a network (that its host bits are clear, the pattern cannot say) or '@' and an IP set's name. */
  addressOrSetReference: `^(?:${IPV4}(?:/(?:3[0-2]|[12]?\\d))?|@.+)$`,
  ipOrFqdn: `^(?:${IPV4}|${FQDN})$`,
  email: `^${EMAIL_LOCAL}@${EMAIL_DOMAIN}$`,
  /** A URL rule: optional scheme, optional leading wildcard label, a domain, optional port and path. */
  urlPattern: `^(?:https?://)?(?:\\*\\.)?${FQDN}(?::${PORT})?${URL_PATH}$`,
} as const;

/** The time zones this runtime knows, by the names it gives them: what the document lists (the checks take a few other spellings too). */
export const TIME_ZONE_NAMES: readonly string[] = Intl.supportedValuesOf('timeZone');

export const EMAIL_FORMAT = { format: 'email', pattern: PATTERNS.email } as const satisfies SchemaKeywords;

/**
 * Rules JSON Schema cannot state (an end after its start, a reference to another part of the same
 * body, a range's order, a time in the future): listed in the document as `x-rules`, each the exact
 * refusal message with `{…}` where it names a value, and repeated in the description for people.
 */
export function statingRules<T extends z.ZodType>(schema: T, rules: readonly string[]): T {
  const before = (schema.meta() ?? {}) as { description?: string };
  const said = `Also refused, by rules no schema states: ${rules.map((r) => `'${r}'`).join('; ')}.`;
  return schema.meta({ ...before, description: before.description ? `${before.description}. ${said}` : said, 'x-rules': [...rules] }) as T;
}
