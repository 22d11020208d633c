import * as client from 'openid-client';

/** What a sign-in needs of a provider's settings. */
export interface OidcSettings {
  id: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  scopes: string;
}

/** What the server kept for the sign-in; the answer must match each. */
export interface OidcChecks {
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** The claims of a verified ID token, merged with the UserInfo answer when the provider has one. */
export type OidcClaims = Record<string, unknown> & { sub: string };

/** The provider could not be reached or its metadata is unusable (a 502 to the console). */
export class ProviderUnreachable extends Error {}

/** Discovery is cached this long, so a provider's key rollover or moved endpoints reach Netloom within the hour. */
const DISCOVERY_TTL_MS = 3_600_000;
/** Each call to a provider gives up after this long (the console waits 30 s for SSO calls, spec 000 §4). */
const PROVIDER_TIMEOUT_SECONDS = 10;

/**
 * OpenID Connect relying party through openid-client: issuer discovery, the authorization code
 * flow with PKCE (S256), state and nonce, and the ID token's signature checked against the
 * provider's keys (non-repudiation checks), besides issuer, audience, expiry and nonce.
 */
export class OidcClients {
  private readonly cache = new Map<string, { key: string; at: number; config: Promise<client.Configuration> }>();

  /** `allowHttp`: a lab's provider on plain http (SSO_ALLOW_HTTP_ISSUERS); production providers answer on https only. */
  constructor(private readonly allowHttp: boolean) {}

  private configuration(p: OidcSettings): Promise<client.Configuration> {
    const key = `${p.issuer}\n${p.clientId}\n${p.clientSecret}`;
    const cached = this.cache.get(p.id);
    if (cached && cached.key === key && Date.now() - cached.at < DISCOVERY_TTL_MS) return cached.config;
    const execute = [client.enableNonRepudiationChecks, ...(this.allowHttp ? [client.allowInsecureRequests] : [])];
    const config = client
      .discovery(new URL(p.issuer), p.clientId, p.clientSecret, undefined, { execute, timeout: PROVIDER_TIMEOUT_SECONDS })
      .catch((error: unknown) => {
        this.cache.delete(p.id);
        throw new ProviderUnreachable(error instanceof Error ? error.message : String(error));
      });
    this.cache.set(p.id, { key, at: Date.now(), config });
    return config;
  }

  async authorizationUrl(p: OidcSettings, checks: OidcChecks, redirectUri: string, loginHint: string): Promise<string> {
    const config = await this.configuration(p);
    const scopes = new Set(['openid', ...p.scopes.split(' ').filter(Boolean)]);
    return client.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: [...scopes].join(' '),
      state: checks.state,
      nonce: checks.nonce,
      code_challenge: await client.calculatePKCECodeChallenge(checks.codeVerifier),
      code_challenge_method: 'S256',
      login_hint: loginHint,
    }).href;
  }

  /** Trades the code of the callback for tokens and answers the identity; throws when any check fails. */
  async identity(p: OidcSettings, callback: URL, checks: OidcChecks): Promise<OidcClaims> {
    const config = await this.configuration(p);
    const tokens = await client.authorizationCodeGrant(config, callback, {
      expectedState: checks.state,
      expectedNonce: checks.nonce,
      pkceCodeVerifier: checks.codeVerifier,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims) throw new Error('The provider sent no ID token');
    // Many providers put e-mail and groups in UserInfo only, unless asked for them in the ID token.
    if (!config.serverMetadata().userinfo_endpoint) return { ...claims };
    const info = await client.fetchUserInfo(config, tokens.access_token, claims.sub);
    return { ...info, ...claims };
  }
}
