import { describe, expect, it } from 'vitest';
import { inviteBodySchema } from './teams';

describe('invitations', () => {
  it('normalise the address and take only known roles', () => {
    expect(inviteBodySchema.parse({ email: ' Ann@Acme.test ', role: 'viewer' })).toEqual({
      email: 'ann@acme.test',
      role: 'viewer',
      first_name: '',
      last_name: '',
    });
    expect(inviteBodySchema.safeParse({ email: 'nope', role: 'viewer' }).success).toBe(false);
    expect(inviteBodySchema.safeParse({ email: 'a@b.test', role: 'root' }).success).toBe(false);
  });
});
