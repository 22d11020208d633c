import { describe, expect, it } from 'vitest';
import { pageOf, scimBoolean, scimPatchSchema, scimUserInputSchema } from './schema';
import { toScimUser, userFieldsOf } from './resources';

describe('SCIM users', () => {
  it('keeps an Okta user’s names, address and id, and leaves the rest', () => {
    const input = scimUserInputSchema.parse({
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
      userName: 'Ada@Corp.Example',
      name: { givenName: 'Ada', familyName: 'Lovelace' },
      emails: [{ primary: true, value: 'ada@corp.example', type: 'work' }],
      externalId: '00u1',
      locale: 'en-US',
      active: true,
    });
    expect(userFieldsOf(input)).toEqual({ email: 'ada@corp.example', firstName: 'Ada', lastName: 'Lovelace', externalId: '00u1', active: true });
  });

  it('splits a display name when no name parts are given', () => {
    const fields = userFieldsOf(scimUserInputSchema.parse({ userName: 'b@corp.example', displayName: 'Grace  Brewster Hopper' }));
    expect([fields.firstName, fields.lastName, fields.active]).toEqual(['Grace', 'Brewster Hopper', undefined]);
  });

  it('refuses a userName that is no e-mail address', () => {
    expect(scimUserInputSchema.safeParse({ userName: 'not-an-address' }).success).toBe(false);
    expect(scimUserInputSchema.safeParse({}).success).toBe(false);
  });

  it('reads Entra’s "False" as false and nothing else as a boolean', () => {
    expect(scimBoolean.parse('False')).toBe(false);
    expect(scimBoolean.parse('TRUE')).toBe(true);
    expect(scimBoolean.safeParse('no').success).toBe(false);
  });

  it('shows an account as a SCIM User with its location', () => {
    const u = toScimUser(
      { id: 'u1', email: 'a@corp.example', firstName: 'A', lastName: 'B', active: false, externalId: null, createdAt: new Date(0) },
      'https://console.example/scim/v2',
    );
    expect(u).toMatchObject({ userName: 'a@corp.example', active: false, displayName: 'A B', meta: { location: 'https://console.example/scim/v2/Users/u1' } });
    expect(u).not.toHaveProperty('externalId');
  });
});

describe('SCIM requests', () => {
  it('pages from a 1-based start, never past the most', () => {
    expect(pageOf({})).toEqual({ offset: 0, limit: 200, startIndex: 1 });
    expect(pageOf({ startIndex: 0, count: 5000 })).toEqual({ offset: 0, limit: 200, startIndex: 1 });
    expect(pageOf({ startIndex: 11, count: -3 })).toEqual({ offset: 10, limit: 0, startIndex: 11 });
  });

  it('accepts Entra’s capitalised operations and refuses unknown ones', () => {
    expect(scimPatchSchema.safeParse({ Operations: [{ op: 'Replace', path: 'active', value: 'False' }] }).success).toBe(true);
    expect(scimPatchSchema.safeParse({ Operations: [{ op: 'move', path: 'active' }] }).success).toBe(false);
    expect(scimPatchSchema.safeParse({ Operations: [] }).success).toBe(false);
  });
});
