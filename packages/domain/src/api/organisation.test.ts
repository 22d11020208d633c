import { describe, expect, it } from 'vitest';
import { organisationBodySchema } from './organisation';

describe('organisation body', () => {
  it('stores the country code in capitals and refuses a zone that is not IANA', () => {
    expect(organisationBodySchema.parse({ country: 'de' })).toEqual({ country: 'DE' });
    expect(organisationBodySchema.safeParse({ timezone: 'Nowhere/City' }).success).toBe(false);
  });
});
