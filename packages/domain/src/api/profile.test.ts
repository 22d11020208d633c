import { describe, expect, it } from 'vitest';
import { profileBodySchema } from './profile';

describe('profile body', () => {
  it('takes an IANA zone or null for the browser zone', () => {
    expect(profileBodySchema.safeParse({ timezone: 'Nowhere/City' }).success).toBe(false);
    expect(profileBodySchema.parse({ timezone: null })).toEqual({ timezone: null });
  });
});
