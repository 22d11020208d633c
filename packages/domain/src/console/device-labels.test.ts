import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { deviceLabels, deviceOptions, nameTakenBy, sameNameSerials, sharedNameIds, shortDeviceLabel } from './device-labels';

const gw = (id: string, name: string, serial: string) => ({ id, name, serial });

describe('device labels', () => {
  it('add the serial only where names repeat, in any case or spacing', () => {
    const labels = deviceLabels([
      gw('1', 'edge', 'SN-1'),
      gw('2', 'Edge ', 'SN-2'),
      gw('3', 'hq', 'SN-3'),
      gw('4', 'branch  1', 'SN-4'),
      gw('5', 'Branch 1', 'SN-5'),
    ]);
    expect([...labels.values()]).toEqual(['edge · SN-1', 'Edge · SN-2', 'hq', 'branch  1 · SN-4', 'Branch 1 · SN-5']);
    expect(sameNameSerials(gw('1', 'edge', 'SN-1'), [gw('1', 'edge', 'SN-1'), gw('2', 'EDGE', 'SN-2')])).toEqual(['SN-2']);
  });

  it('pick out the devices whose name another carries', () => {
    expect([...sharedNameIds([gw('1', 'edge', 'SN-1'), gw('2', 'EDGE', 'SN-2'), gw('3', 'hq', 'SN-3')])]).toEqual(['1', '2']);
  });

  it('say which devices already carry a name a form is about to save, leaving out the device itself', () => {
    const fleet = [gw('1', 'edge', 'SN-1'), gw('2', ' EDGE', 'SN-2'), gw('3', 'hq', 'SN-3')];
    expect(nameTakenBy('Edge ', fleet)).toEqual(['SN-1', 'SN-2']);
    expect(nameTakenBy('edge', fleet, '1')).toEqual(['SN-2']);
    expect(nameTakenBy('branch', fleet)).toEqual([]);
    expect(nameTakenBy('  ', [gw('4', ' ', 'SN-4')])).toEqual([]);
  });

  it('cut a long label in its name, never in its serial', () => {
    expect(shortDeviceLabel('headquarters-datacenter · SN-1', 'SN-1', 20)).toBe('headquarters-... · SN-1');
    expect(shortDeviceLabel('branch · SN-1', 'SN-1', 20)).toBe('branch · SN-1');
    expect(shortDeviceLabel('headquarters-datacenter', undefined, 12)).toBe('headquarters...');
  });

  it('never give two devices with distinct serials the same label', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.tuple(fc.constantFrom('edge', 'Edge', 'hq', 'branch'), fc.stringMatching(/^SN-[0-9]{1,4}$/)), {
          selector: ([, s]) => s,
          maxLength: 12,
        }),
        (pairs) => {
          const options = deviceOptions(pairs.map(([name, serial], i) => gw(String(i), name, serial)));
          expect(new Set(options.map((o) => o.label.toLowerCase().trim())).size).toBe(options.length);
        },
      ),
    );
  });
});
