/** Query key of the provisioning tokens, per tenant. */
export const scimTokensKey = (tid: string | null) => ['scim', tid, 'tokens'] as const;
