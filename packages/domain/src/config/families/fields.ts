import { z } from 'zod';
import { chipMessages, textInputMessages } from '../../validators/messages';
import { isIPv4 } from '../../validators/ipv4';
import { isIpOrFqdn } from '../../validators/domain-name';
import { storableText } from '../../validators/storable-text';
import { isNetworkCidr } from '../subnets';

/** The field types every configuration family is built from (spec 000 §5). */
export const ipField = () => z.string().refine(isIPv4, textInputMessages.ip);
export const networkField = () => z.string().refine(isNetworkCidr, textInputMessages.subnet);
export const ipOrFqdnField = () => z.string().refine(isIpOrFqdn, chipMessages.ipOrFqdn);
export const prefixField = () => z.number().int().min(8).max(30);
export const nameField = () => storableText().trim().min(1, textInputMessages.required).max(64);
/** An interface name as the box knows it: lan1, wan2, eth0.10. */
export const ifnameField = () =>
  z
    .string()
    .min(1, textInputMessages.required)
    .max(15)
    .regex(/^[a-z][a-z0-9._-]*$/, 'Lower-case letters, digits, dot, dash or underscore, starting with a letter');
export const mtuField = () => z.number().int().min(576).max(9000).default(1500);
