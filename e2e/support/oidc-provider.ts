import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

interface LabAccount {
  email: string;
  given_name?: string;
  family_name?: string;
  groups?: string[];
}

/**
 * A real OpenID Connect provider (oidc-provider) on loopback for the single sign-on journeys: one
 * confidential client with PKCE required, and a login that signs in whoever `signInAs` names and
 * grants what is asked, so the browser walks the whole code flow without a form at the provider.
 */
export async function startLabIdp(redirectUri: string) {
  const accounts = new Map<string, LabAccount>();
  let current = '';
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = 'netloom-journey';
  const clientSecret = `journey-${crypto.randomUUID()}`;
  const provider = new Provider(issuer, {
    clients: [{ client_id: clientId, client_secret: clientSecret, redirect_uris: [redirectUri], token_endpoint_auth_method: 'client_secret_post' }],
    pkce: { required: () => true },
    scopes: ['openid', 'email', 'profile', 'groups'],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'], groups: ['groups'] },
    findAccount: (_ctx, sub) => {
      const account = accounts.get(sub);
      return account ? { accountId: sub, claims: () => ({ sub, email_verified: true, ...account }) } : undefined;
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    features: { devInteractions: { enabled: false } },
    cookies: { keys: [crypto.randomUUID()] },
    ttl: { Interaction: 600, Session: 600, Grant: 600, AccessToken: 600, IdToken: 600 },
  });
  const callback = provider.callback();
  server.on('request', (req, res) => {
    if (!req.url?.startsWith('/interaction/')) return void callback(req, res);
    void (async () => {
      const details = await provider.interactionDetails(req, res);
      if (details.prompt.name === 'login') {
        await provider.interactionFinished(req, res, { login: { accountId: current } }, { mergeWithLastSubmission: false });
        return;
      }
      const grant = new provider.Grant({ accountId: details.session!.accountId, clientId });
      grant.addOIDCScope(String(details.params.scope));
      await provider.interactionFinished(req, res, { consent: { grantId: await grant.save() } }, { mergeWithLastSubmission: true });
    })().catch((error: unknown) => {
      res.statusCode = 500;
      res.end(String(error));
    });
  });
  return {
    issuer,
    clientId,
    clientSecret,
    signInAs(sub: string, account: LabAccount) {
      accounts.set(sub, account);
      current = sub;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
