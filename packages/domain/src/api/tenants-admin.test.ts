import { describe, expect, it } from 'vitest';
import { tenantCreateBodySchema } from './tenants-admin';

describe('tenant creation', () => {
  it('trims the name and takes each known subscription once', () => {
    expect(tenantCreateBodySchema.safeParse({ name: 'X', subscriptions: ['sdwan', 'sdwan'] }).success).toBe(false);
    expect(tenantCreateBodySchema.safeParse({ name: 'X', subscriptions: ['waf'] }).success).toBe(false);
    expect(tenantCreateBodySchema.parse({ name: ' X ', subscriptions: ['qshield'] })).toEqual({
      name: 'X',
      subscriptions: ['qshield'],
      all_product_access: false,
    });
  });
});
