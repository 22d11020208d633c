import { isIpRule, type ValueRule } from '@netloom/domain';

/** A policy's IP rule: an address, a subnet or a range; the message is the policy schema's own. */
export const IP_RULE: ValueRule = { test: (v) => isIpRule(v), message: 'Enter an address, a subnet x.x.x.x/y or a range x.x.x.x-x.x.x.x' };

export const IP_RULE_HINT = 'An address (10.0.0.5), a subnet (10.0.0.0/24) or a range (10.0.0.5-10.0.0.9)';

/** The pattern syntax of url-patterns.ts, in the words an admin reads next to the field. */
export const URL_PATTERN_HINT = 'example.com also matches its subdomains; *.example.com only the subdomains; example.com/docs that path and below';
