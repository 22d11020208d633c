import { MITRE_TACTICS, type NdrSeverity, type NdrTriageStatus } from '@netloom/domain';

export const SEVERITY_LOOK: Record<NdrSeverity, { label: string; color: string }> = {
  low: { label: 'Low', color: 'gray' },
  medium: { label: 'Medium', color: 'yellow' },
  high: { label: 'High', color: 'orange' },
  critical: { label: 'Critical', color: 'red' },
};

/** Chart colours of the severities, low to critical (Mantine's gray, yellow, orange and red). */
export const SEVERITY_COLORS: Record<NdrSeverity, string> = { low: '#868e96', medium: '#fab005', high: '#fd7e14', critical: '#e03131' };

export const STATUS_LOOK: Record<NdrTriageStatus, { label: string; color: string }> = {
  new: { label: 'New', color: 'blue' },
  acknowledged: { label: 'Acknowledged', color: 'violet' },
  resolved: { label: 'Resolved', color: 'green' },
  false_positive: { label: 'False positive', color: 'gray' },
};

const TACTIC_NAMES = new Map<string, string>(MITRE_TACTICS.map((t) => [t.id, t.name]));

/** 'Discovery' for 'TA0007'; the id itself for one the table does not know. */
export const tacticName = (id: string): string => TACTIC_NAMES.get(id) ?? id;

const PROTOCOLS: Record<number, string> = { 1: 'ICMP', 6: 'TCP', 17: 'UDP', 47: 'GRE', 50: 'ESP', 58: 'ICMPv6' };
export const protocolName = (n: number): string => PROTOCOLS[n] ?? String(n);
