import { isEmail } from './email';
import { isFqdn, isIpOrFqdn, isIpOrSubnetOrFqdn, isUrlOrDomain, isUrlOrIp } from './domain-name';
import { isCidr, isIPv4, isIPv4OptionalPrefix, isIPv4Range, isIPv4WithOptionalPort, isPort, isPortRange } from './ipv4';
import { chipMessages, textInputMessages } from './messages';

export interface ValueRule {
  test: (value: string) => boolean;
  message: string;
}

/** The multi-value chip input's types and the message each shows (001 §5). */
export const CHIP_TYPES = {
  ip: { test: isIPv4, message: chipMessages.ip },
  port: { test: isPort, message: chipMessages.port },
  portRange: { test: (v) => isPort(v) || isPortRange(v), message: chipMessages.portRange },
  subnet: { test: isCidr, message: chipMessages.subnet },
  url: { test: (v) => isUrlOrDomain(v), message: chipMessages.url },
  email: { test: isEmail, message: chipMessages.email },
  'ip-port': { test: isIPv4WithOptionalPort, message: chipMessages.ipPort },
  'ip-range': { test: isIPv4Range, message: chipMessages.ipRange },
  ipsub: { test: isIPv4OptionalPrefix, message: chipMessages.ipsub },
  ipOrFqdn: { test: isIpOrFqdn, message: chipMessages.ipOrFqdn },
  'url+ip': { test: isUrlOrIp, message: chipMessages.urlIp },
} satisfies Record<string, ValueRule>;
export type ChipType = keyof typeof CHIP_TYPES;

/**
 * The single text input's types. The subnet message says 1–32 as the spec words it, but a /0
 * (the default placeholder '{ip}/0', a default route) is accepted like everywhere else.
 */
export const TEXT_INPUT_TYPES = {
  ip: { test: isIPv4, message: textInputMessages.ip },
  subnet: { test: isCidr, message: textInputMessages.subnet },
  'ip-fqdn': { test: isIpOrSubnetOrFqdn, message: textInputMessages.ipFqdn },
  port: { test: isPort, message: textInputMessages.port },
  required: { test: (v) => v.trim() !== '', message: textInputMessages.required },
  fqdn: { test: isFqdn, message: textInputMessages.ipFqdn },
} satisfies Record<string, ValueRule>;
export type TextInputType = keyof typeof TEXT_INPUT_TYPES;

/** Message for a text input value, or null when it is valid (empty optional values pass). */
export function textInputError(type: TextInputType, value: string, required = false): string | null {
  if (value.trim() === '') return required ? textInputMessages.required : null;
  const rule: ValueRule = TEXT_INPUT_TYPES[type];
  return rule.test(value.trim()) ? null : rule.message;
}
