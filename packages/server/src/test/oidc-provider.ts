import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/** What the provider says of a person: the claims its ID token and UserInfo carry. */
interface LabAccount {
  email: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
  groups?: string[];
}

export interface LabOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The person who "signs in" at the provider next (its login page is skipped). */
  signInAs(sub: string, account: LabAccount): void;
  close(): Promise<void>;
}

/**
 * A real OpenID Connect provider (oidc-provider) on loopback for the SSO tests: one confidential
 * client with PKCE required, and an interaction that signs in whoever `signInAs` names and grants
 * what is asked, so a test drives the whole code flow over HTTP as a browser would.
 */
export async function startLabOidcProvider(redirectUri: string): Promise<LabOidcProvider> {
  const accounts = new Map<string, LabAccount>();
  let current = '';
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = 'netloom-lab';
  const clientSecret = `lab-secret-${crypto.randomUUID()}`;
  const provider = new Provider(issuer, {
    clients: [{ client_id: clientId, client_secret: clientSecret, redirect_uris: [redirectUri], token_endpoint_auth_method: 'client_secret_post' }],
    pkce: { required: () => true },
    scopes: ['openid', 'email', 'profile', 'groups', 'offline_access'],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'], groups: ['groups'] },
    findAccount: (_ctx, sub) => {
      const account = accounts.get(sub);
      return account ? { accountId: sub, claims: () => ({ sub, ...account }) } : undefined;
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
    signInAs(sub, account) {
      accounts.set(sub, account);
      current = sub;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * What a browser does between Netloom's redirect and the provider's answer: follows the
 * provider's redirects with its cookies until the provider sends it back to `redirectUri`, and
 * answers that address (with the code and state in its query).
 */
export async function followToCallback(start: string, redirectUri: string): Promise<URL> {
  const jar = new Map<string, string>();
  let url = start;
  for (let hop = 0; hop < 10; hop++) {
    const res = await fetch(url, { redirect: 'manual', headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') } });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const eq = pair!.indexOf('=');
      jar.set(pair!.slice(0, eq), pair!.slice(eq + 1));
    }
    const location = res.headers.get('location');
    if (!location) throw new Error(`The provider stopped at ${url} with ${res.status}: ${await res.text()}`);
    const next = new URL(location, url);
    if (next.href.startsWith(redirectUri)) return next;
    url = next.href;
  }
  throw new Error('The provider redirected too often');
}
