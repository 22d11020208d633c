import type { IotClass, IotSegmentInput } from '@netloom/domain';

export interface SegmentFormValues {
  target: 'device' | 'class';
  device_id: string | null;
  class: IotClass | null;
  key: string;
  mode: 'firewall' | 'vlan';
  deny: 'drop' | 'reject';
  external_zone: string;
  parent: string;
  vlan_id: number | '';
  ip: string;
  prefix: number | '';
}

export const emptySegment = (deviceId: string | null): SegmentFormValues => ({
  target: deviceId ? 'device' : 'class',
  device_id: deviceId,
  class: null,
  key: '',
  mode: 'firewall',
  deny: 'drop',
  external_zone: '',
  parent: 'lan1',
  vlan_id: '',
  ip: '',
  prefix: 24,
});

/**
 * What the API takes from the form: only the target chosen, the name and WAN zone when given,
 * and a VLAN only in VLAN mode.
 */
export function segmentInput(v: SegmentFormValues): IotSegmentInput {
  const input: IotSegmentInput = { mode: v.mode, deny: v.deny };
  if (v.target === 'device' && v.device_id) input.device_id = v.device_id;
  if (v.target === 'class' && v.class) input.class = v.class;
  if (v.key.trim()) input.key = v.key.trim();
  if (v.external_zone.trim()) input.external_zone = v.external_zone.trim();
  if (v.mode === 'vlan') input.vlan = { parent: v.parent.trim(), ip: v.ip.trim(), vlan_id: Number(v.vlan_id), prefix: Number(v.prefix) };
  return input;
}

/** What the form says before the contract's rules: the target it asks for, and the VLAN's numbers when left empty. */
export function segmentFormErrors(v: SegmentFormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  if (v.target === 'device' && !v.device_id) errors.device_id = 'Choose a device';
  if (v.target === 'class' && !v.class) errors.class = 'Choose a class';
  if (v.mode === 'vlan' && v.vlan_id === '') errors['vlan.vlan_id'] = 'Required';
  if (v.mode === 'vlan' && v.prefix === '') errors['vlan.prefix'] = 'Required';
  return errors;
}
