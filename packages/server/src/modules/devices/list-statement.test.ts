import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEVICE_FILTERS, DEVICE_SORT_KEYS } from '@netloom/domain';
import { deviceListWhere, type DeviceListSpec } from './list-query';
import { listValues } from './list-statement';

const text = fc.string({ maxLength: 12 });
const lists = fc.array(fc.array(text, { minLength: 1, maxLength: 3 }), { maxLength: 2 });
const specs: fc.Arbitrary<DeviceListSpec> = fc.record({
  tenantId: fc.uuid(),
  networkIds: fc.array(fc.uuid(), { maxLength: 2 }),
  kinds: fc.subarray(['gateway', 'endpoint'] as const),
  statuses: fc.array(fc.record({ values: fc.subarray([...DEVICE_FILTERS], { minLength: 1 }), product: fc.constantFrom('sdwan' as const, 'ztna' as const, null) }), { maxLength: 2 }),
  os: lists,
  users: lists,
  locations: lists,
  search: fc.option(fc.string({ minLength: 1, maxLength: 12 })),
  sort: fc.option(fc.record({ key: fc.constantFrom(...DEVICE_SORT_KEYS), direction: fc.constantFrom('asc' as const, 'dsc' as const) })),
  offset: fc.nat(10_000),
  limit: fc.option(fc.integer({ min: 1, max: 100 })),
});

describe('the device list statement compiled once per shape', () => {
  // A compiled statement is filled from listValues; a value in the wrong slot would filter by
  // another tenant's id or another text, so the order must be the one the builder binds in.
  it('collects the free values in the very order the query builder binds them', () => {
    fc.assert(
      fc.property(specs, (spec) => {
        const bound: unknown[] = [];
        const bind = (value: string) => {
          bound.push(value);
          return sql.placeholder(`p${bound.length - 1}`);
        };
        deviceListWhere(spec, bind);
        if (spec.limit !== null) bound.push(spec.limit);
        bound.push(spec.offset);
        expect(listValues(spec)).toEqual(bound);
      }),
      { numRuns: 300 },
    );
  });
});
