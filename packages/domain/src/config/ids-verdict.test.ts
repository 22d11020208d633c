import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { idsIpsSectionSchema, IDS_ACTIONS, IDS_MODES, type IdsIpsSection } from './families/ids-ips';
import { IDS_CATEGORY_KEYS } from './families/ids-ips-catalogue';
import { idsOutcome, type IdsMatch } from './ids-verdict';

const section = (over: Partial<IdsIpsSection>) => idsIpsSectionSchema.parse({ interfaces: ['wan1'], ...over });
const scan: IdsMatch = { sid: 2044401, category: 'scan', src: '198.51.100.7', dst: '192.168.1.50' };

describe('what an IDS/IPS match becomes', () => {
  it('is reported in detect mode, dropped in prevent mode only when its category drops', () => {
    const drop = { categories: { ...section({}).categories, scan: 'drop' as const } };
    expect(idsOutcome(section({ mode: 'detect', ...drop }), scan)).toBe('alerted');
    expect(idsOutcome(section({ mode: 'prevent', ...drop }), scan)).toBe('dropped');
    expect(idsOutcome(section({ mode: 'prevent' }), scan)).toBe('alerted');
  });

  it('is nothing with the engine off or without a section, with its category disabled, or with an exception for either end', () => {
    expect(idsOutcome(undefined, scan)).toBe('none');
    expect(idsOutcome(section({ mode: 'off' }), scan)).toBe('none');
    expect(idsOutcome(section({ mode: 'detect', categories: { ...section({}).categories, scan: 'disable' } }), scan)).toBe('none');
    expect(idsOutcome(section({ mode: 'detect', exceptions: [{ sid: 2044401, address: '192.168.1.0/24' }] }), scan)).toBe('none');
    expect(idsOutcome(section({ mode: 'detect', exceptions: [{ sid: 2044401, address: '198.51.100.7' }] }), scan)).toBe('none');
    // Another signature's exception, or another address, leaves it reported.
    expect(idsOutcome(section({ mode: 'detect', exceptions: [{ sid: 2044402, address: '192.168.1.50' }] }), scan)).toBe('alerted');
    expect(idsOutcome(section({ mode: 'detect', exceptions: [{ sid: 2044401, address: '192.168.1.51' }] }), scan)).toBe('alerted');
  });

  it('follows the order exception, disabled category, then drop in prevent mode, for any section and match', () => {
    const octet = fc.integer({ min: 0, max: 255 });
    const address = fc.tuple(fc.constantFrom(10, 192), octet, octet).map(([a, b, c]) => `${a}.0.${b}.${c}`);
    const arb = fc.record({
      mode: fc.constantFrom(...IDS_MODES),
      actions: fc.array(fc.constantFrom(...IDS_ACTIONS), { minLength: IDS_CATEGORY_KEYS.length, maxLength: IDS_CATEGORY_KEYS.length }),
      match: fc.record({ sid: fc.integer({ min: 1, max: 4 }), category: fc.constantFrom(...IDS_CATEGORY_KEYS), src: address, dst: address }),
      exception: fc.option(fc.record({ sid: fc.integer({ min: 1, max: 4 }), address })),
    });
    fc.assert(
      fc.property(arb, ({ mode, actions, match, exception }) => {
        const categories = Object.fromEntries(IDS_CATEGORY_KEYS.map((k, i) => [k, actions[i]!])) as IdsIpsSection['categories'];
        const s = section({ mode, categories, exceptions: exception ? [exception] : [] });
        const silenced = !!exception && exception.sid === match.sid && (exception.address === match.src || exception.address === match.dst);
        const action = categories[match.category];
        const expected = mode === 'off' || silenced || action === 'disable' ? 'none' : action === 'drop' && mode === 'prevent' ? 'dropped' : 'alerted';
        expect(idsOutcome(s, match)).toBe(expected);
      }),
    );
  });
});
