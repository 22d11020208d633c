import type { NdrRule } from './rule';
import { portScanRule } from './rules/port-scan';
import { hostScanRule } from './rules/host-scan';
import { beaconingRule } from './rules/beaconing';
import { outboundTransferRule } from './rules/outbound-transfer';
import { dnsTunnelRule } from './rules/dns-tunnel';
import { dgaRule } from './rules/dga';
import { threatIntelRule } from './rules/threat-intel';
import { newServiceRule } from './rules/new-service';
import { lateralMovementRule } from './rules/lateral-movement';
import { idsAlertRule } from './rules/ids-alert';
import { wafAttackerRule } from './rules/waf-attacker';

/**
 * NDR's rules, in the order the console lists them. The server runs each over every batch of
 * evidence with the tenant's parameters (the rule's paramsSchema parses its stored overrides,
 * suppressions and threat-intel lists) and keeps each one's state.
 */
export const NDR_RULES = [
  portScanRule,
  hostScanRule,
  lateralMovementRule,
  beaconingRule,
  dnsTunnelRule,
  dgaRule,
  threatIntelRule,
  outboundTransferRule,
  newServiceRule,
  idsAlertRule,
  wafAttackerRule,
] as const;

export type NdrRuleId = (typeof NDR_RULES)[number]['id'];

/** The rules with their types erased: what a server looping over rules and their stored states holds. */
export const NDR_RULE_LIST: readonly NdrRule[] = [...NDR_RULES];

export const ndrRuleById = (id: string): NdrRule | undefined => NDR_RULE_LIST.find((r) => r.id === id);
