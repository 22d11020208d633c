import { describe, expect, it } from 'vitest';
import { configDocumentSchema } from '../config/document';
import { interfaces, issues } from '../config/families/test-fixtures';
import { applyIotVlan, iotVlan, iotVlanNetwork, removeIotVlan, type IotVlan } from './vlan';

const planned = (): IotVlan => {
  const result = iotVlan({ key: 'cameras', parent: 'lan2', vlan_id: 30, ip: '192.168.30.1', prefix: 24 });
  if (!result.ok) throw new Error(result.reason);
  return result.vlan;
};

describe('a VLAN of its own for a class of devices', () => {
  it('tags a VLAN on a LAN port with a zone that drops what no rule allows, and a DHCP pool on it', () => {
    const v = planned();
    expect(v.vlan).toMatchObject({ parent: 'lan2', vlan_id: 30, ip: '192.168.30.1', prefix: 24 });
    expect(v.zone).toMatchObject({ name: 'iot30', interfaces: ['lan2.30'], input: 'accept', forward: 'drop' });
    expect(v.dhcp).toMatchObject({ interface: 'lan2.30', start: '192.168.30.10', end: '192.168.30.254', gateway: '192.168.30.1' });
  });

  it('fits the families: the document with it is valid, and applying it twice changes nothing', () => {
    const base = configDocumentSchema.parse({ interfaces, firewall: {}, services: {} });
    const once = applyIotVlan({ interfaces: base.interfaces!, firewall: base.firewall!, services: base.services! }, planned());
    expect(issues(once)).toEqual([]);
    expect(applyIotVlan(once, planned())).toEqual(once);
  });

  it('is removed exactly: what it added goes, what was there stays', () => {
    const base = configDocumentSchema.parse({ interfaces, firewall: {}, services: {} });
    const sections = { interfaces: base.interfaces!, firewall: base.firewall!, services: base.services! };
    expect(removeIotVlan(applyIotVlan(sections, planned()), 'cameras')).toEqual(sections);
    expect(removeIotVlan(applyIotVlan(sections, planned()), 'printers')).toEqual(applyIotVlan(sections, planned()));
  });

  it('names its network for an IP set', () => {
    expect(iotVlanNetwork('192.168.30.1', 24)).toBe('192.168.30.0/24');
    expect(iotVlanNetwork('10.20.7.129', 25)).toBe('10.20.7.128/25');
  });

  it('refuses a subnet too small for a pool, or a bad segment name', () => {
    expect(iotVlan({ key: 'cameras', parent: 'lan2', vlan_id: 30, ip: '192.168.30.1', prefix: 29 })).toMatchObject({ ok: false });
    expect(iotVlan({ key: 'Cameras!', parent: 'lan2', vlan_id: 30, ip: '192.168.30.1', prefix: 24 })).toMatchObject({ ok: false });
  });
});
