import type { ConfigDocument } from '@netloom/domain';

/** Interface names a form offers, read from the document being edited. */
export const lanNames = (doc: ConfigDocument) => [
  ...(doc.interfaces?.lan ?? []).map((i) => i.name),
  ...(doc.interfaces?.vlans ?? []).map((v) => `${v.parent}.${v.vlan_id}`),
];
export const wanNames = (doc: ConfigDocument) => (doc.interfaces?.wan ?? []).map((i) => i.name);
export const lanOnlyNames = (doc: ConfigDocument) => (doc.interfaces?.lan ?? []).map((i) => i.name);
export const allNames = (doc: ConfigDocument) => [...lanNames(doc), ...wanNames(doc)];
export const zoneNames = (doc: ConfigDocument) => (doc.firewall?.zones ?? []).map((z) => z.name);
export const sdwanLinks = (doc: ConfigDocument) => (doc.sdwan?.interfaces ?? []).map((i) => i.interface);

export const PROTOCOLS = [
  { value: 'any', label: 'Any' },
  { value: 'tcp', label: 'TCP' },
  { value: 'udp', label: 'UDP' },
  { value: 'tcpudp', label: 'TCP+UDP' },
  { value: 'icmp', label: 'ICMP' },
] as const;
export const PORT_PROTOCOLS = PROTOCOLS.filter((p) => p.value === 'tcp' || p.value === 'udp' || p.value === 'tcpudp');
export const VERDICTS = [
  { value: 'accept', label: 'Accept' },
  { value: 'reject', label: 'Reject' },
  { value: 'drop', label: 'Drop' },
] as const;
export const enabledColumn = { key: 'enabled', header: 'Enabled', render: (r: Record<string, unknown>) => (r.enabled === false ? 'No' : 'Yes') };
