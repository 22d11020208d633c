import { z } from 'zod';
import { chipMessages, textInputMessages } from '../../validators/messages';
import { isIPv4, isPort } from '../../validators/ipv4';
import { isIpOrFqdn } from '../../validators/domain-name';
import { filledText } from '../../validators/storable-text';
import { isNetworkCidr } from '../subnets';
import { documented, PATTERNS, statingRules } from '../../validators/documented';

/** The field types every configuration family is built from (spec 000 §5). */
export const ipField = () => documented(z.string().refine(isIPv4, textInputMessages.ip), { format: 'ipv4', pattern: PATTERNS.ipv4 });
/** A network address x.x.x.x/y; that no host bit is set the pattern cannot say, and the rule does. */
export const networkField = () =>
  statingRules(documented(z.string().refine(isNetworkCidr, textInputMessages.subnet), { pattern: PATTERNS.cidr }), [textInputMessages.subnet]);
export const ipOrFqdnField = () => documented(z.string().refine(isIpOrFqdn, chipMessages.ipOrFqdn), { pattern: PATTERNS.ipOrFqdn });
export const prefixField = () => z.number().int().min(8).max(30);
export const nameField = () => filledText().min(1, textInputMessages.required).max(64);
/** An interface name as the box knows it: lan1, wan2, eth0.10. */
export const ifnameField = () =>
  z
    .string()
    .min(1, textInputMessages.required)
    .max(15)
    .regex(/^[a-z][a-z0-9._-]*$/, 'Lower-case letters, digits, dot, dash or underscore, starting with a letter');
export const mtuField = () => z.number().int().min(576).max(9000).default(1500);
export const portField = () => z.number().int(textInputMessages.port).min(1, textInputMessages.port).max(65535, textInputMessages.port);

/** The first and last port of '80' or '8000:8080'; null when the text is neither. */
export function portSpan(value: string): [number, number] | null {
  const parts = value.split(':');
  if (parts.length > 2 || !parts.every(isPort)) return null;
  const [from, to = from] = parts.map(Number) as [number, number?];
  return from <= to ? [from, to] : null;
}
export const spansOverlap = (a: string, b: string): boolean => {
  const [x, y] = [portSpan(a), portSpan(b)];
  return !!x && !!y && x[0] <= y[1] && y[0] <= x[1];
};
/** A port or a range 'a:b' with a <= b, kept as text because that is how the box and the forms write it. */
/** A port or a range 'first:last'; that the first is not above the last the pattern cannot say, and the rule does. */
export const portOrRangeField = () =>
  statingRules(
    documented(
      z.string().refine((v) => portSpan(v) !== null, chipMessages.portRange),
      { pattern: PATTERNS.portSpec },
    ),
    [chipMessages.portRange],
  );

/** 'aa:bb:cc:dd:ee:ff' in either case, stored lower-case so that the same card is the same text. */
export const macField = () =>
  z
    .string()
    .regex(/^[0-9a-f]{2}(?::[0-9a-f]{2}){5}$/i, "Format 'aa:bb:cc:dd:ee:ff'")
    .toLowerCase();

/** The protocols a rule may match; ports only mean something for the first three. */
const PORT_PROTOCOLS = ['tcp', 'udp', 'tcpudp'] as const;
export const hasPorts = (protocol: string) => (PORT_PROTOCOLS as readonly string[]).includes(protocol);
export const PORTS_NEED_TCP_OR_UDP = 'Ports need TCP or UDP';
