import { describe, expect, it } from 'vitest';
import { SAML_METADATA_ONE_SOURCE, samlAcsBodySchema, samlProviderCreateBodySchema, samlProviderUpdateBodySchema } from './sso';

describe('SAML 2.0 provider bodies', () => {
  it('take the metadata from exactly one source, with groups in the groups attribute by default', () => {
    expect(samlProviderCreateBodySchema.parse({ name: 'ADFS', metadata_url: 'https://adfs.example/metadata' })).toEqual({
      name: 'ADFS',
      enabled: true,
      metadata_url: 'https://adfs.example/metadata',
      groups_attribute: 'groups',
    });
    expect(samlProviderCreateBodySchema.safeParse({ name: 'ADFS', metadata_xml: '<md:EntityDescriptor/>' }).success).toBe(true);
    for (const body of [{ name: 'ADFS' }, { name: 'ADFS', metadata_url: 'https://adfs.example/metadata', metadata_xml: '<x/>' }]) {
      const result = samlProviderCreateBodySchema.safeParse(body);
      expect(result.error?.issues.map((i) => i.message)).toEqual([SAML_METADATA_ONE_SOURCE]);
    }
  });

  it('refuse a metadata URL that is not http(s), an empty XML and an attribute name with spaces', () => {
    expect(samlProviderCreateBodySchema.safeParse({ name: 'x', metadata_url: 'file:///etc/passwd' }).success).toBe(false);
    expect(samlProviderCreateBodySchema.safeParse({ name: 'x', metadata_xml: '' }).success).toBe(false);
    expect(samlProviderCreateBodySchema.safeParse({ name: 'x', metadata_xml: '<x/>', groups_attribute: 'my groups' }).success).toBe(false);
  });

  it('let a change leave the metadata as it is, or fetch it again', () => {
    expect(samlProviderUpdateBodySchema.parse({ enabled: false })).toEqual({ enabled: false });
    expect(samlProviderUpdateBodySchema.parse({ refresh_metadata: true })).toEqual({ refresh_metadata: true });
    expect(samlProviderUpdateBodySchema.safeParse({ metadata_url: 'https://a.example/m', metadata_xml: '<x/>' }).success).toBe(false);
  });

  it('read the IdP’s form post with or without a RelayState', () => {
    expect(samlAcsBodySchema.parse({ SAMLResponse: 'PHNhbWxwOlJlc3BvbnNlLz4=' })).toEqual({ SAMLResponse: 'PHNhbWxwOlJlc3BvbnNlLz4=' });
    expect(samlAcsBodySchema.safeParse({ RelayState: 'x' }).success).toBe(false);
  });
});
