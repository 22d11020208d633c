import { createHash, randomBytes } from 'node:crypto';
import * as client from 'openid-client';
import { ERROR_CODES, emailDomain, groupsFromClaim, type UserDomain } from '@netloom/domain';
import type { Db } from '../../db/client';
import { recordAudit } from '../../db/audit-log';
import { AppError, errors } from '../../http/errors';
import type { UserRow } from '../../identity/repo';
import { ProviderUnreachable, type OidcClients } from './oidc';
import type { SsoProvisioning } from './provisioning';
import { SamlRefused, type SamlClients } from './saml';
import * as repo from './repo';

/** Where the request came from, for the login log. */
export interface SignInContext {
  ip: string;
  userAgent: string | null;
}

/** Starts a Netloom session exactly as every other sign-in does (the auth module's sessions). */
export interface SessionStarter<S> {
  start(user: UserRow, remember: boolean, ctx: SignInContext, method: string): Promise<S>;
}

/** A sign-in must come back from the provider within this time. */
const SIGN_IN_TTL_MS = 10 * 60_000;

const hash = (value: string) => createHash('sha256').update(value).digest('hex');

/** What the user reads when a provider's answer is refused; the login log keeps the reason's code. */
const REFUSALS = {
  unknown_state: 'This sign-in link is unknown, expired or already used. Start again from the login page.',
  browser_mismatch: 'This sign-in was started in another browser. Start again from the login page.',
  provider_error: 'The identity provider did not sign you in.',
  provider_disabled: "Your organisation's identity provider has been turned off. Ask an owner of your organisation.",
  token_rejected: "The identity provider's answer could not be verified.",
  email_missing: 'The identity provider did not send a verified e-mail address.',
  domain_not_verified: "Your e-mail's domain is not verified by this organisation.",
  account_in_other_organisation: 'An account with this e-mail belongs to another organisation.',
  inactive_account: 'Your account is deactivated. Ask an owner of your organisation.',
  unknown_request: 'This answer of the identity provider belongs to no sign-in started here. Start again from the login page.',
  signature_invalid: "The identity provider's answer could not be verified: its signature does not match the provider's certificates.",
  assertion_unsigned: "The identity provider's answer is not signed.",
  assertion_expired: "The identity provider's answer has expired. Start again from the login page.",
  audience_mismatch: "The identity provider's answer was meant for another service.",
  destination_mismatch: "The identity provider's answer was sent to another address.",
  recipient_mismatch: "The identity provider's answer was meant for another address.",
  replayed: 'This answer of the identity provider was already used. Start again from the login page.',
} as const;
type Refusal = keyof typeof REFUSALS;

const unreachable = () => new AppError(502, ERROR_CODES.ssoProviderUnreachable, "Your organisation's identity provider could not be reached. Try again later.");

/**
 * The SSO sign-in: which e-mails sign in through a provider, the way there (state, nonce, PKCE,
 * and a cookie binding the sign-in to the browser that started it, all kept server-side), and the
 * way back, ending in a normal Netloom session. Every success and refusal is in the login log.
 */
export class SsoSignInService<S> {
  constructor(
    private readonly db: Db,
    private readonly oidc: OidcClients,
    private readonly saml: SamlClients,
    private readonly provisioning: SsoProvisioning,
    private readonly sessions: SessionStarter<S>,
    private readonly redirectUri: string,
  ) {}

  /** Whether the e-mail's domain signs in with a SAML 2.0 provider. */
  async samlEnabled(email: string): Promise<{ saml: boolean }> {
    return { saml: (await this.route(email))?.provider.kind === 'saml' };
  }

  /** Netloom's SP metadata of a SAML provider, for its IdP's administrator. */
  async samlMetadata(providerId: string): Promise<string> {
    const provider = await repo.findProviderById(this.db, providerId);
    if (provider?.kind !== 'saml') throw errors.notFound();
    return this.saml.spMetadata(provider.id);
  }

  /**
   * The IdP's POSTed answer: verified here, where it arrives, and kept (the user, or why it was
   * refused, in the login log) on the sign-in its RelayState names. The browser is then sent to
   * the console's SSO page, which finishes the sign-in with its binding cookie as OIDC's does.
   */
  async samlAnswer(providerId: string, body: { SAMLResponse: string; RelayState?: string | undefined }, ctx: SignInContext): Promise<string> {
    const provider = await repo.findProviderById(this.db, providerId);
    const saml = provider?.kind === 'saml' ? provider.saml : null;
    if (!provider || !saml) throw errors.notFound();
    const relayState = body.RelayState ?? '';
    const finish = `${this.redirectUri}?${new URLSearchParams({ state: relayState })}`;
    const stateHash = hash(relayState);
    const pending = relayState ? await repo.pendingSamlSignIn(this.db, stateHash, provider.id, new Date()) : undefined;
    // Turned off: the finish refuses it, as it does an OIDC answer.
    if (!provider.enabled) return finish;
    try {
      const { identity, inResponseTo } = await this.saml.identity({ id: provider.id, groupsClaim: provider.groupsClaim, saml }, body.SAMLResponse);
      // The answer must be to the very request this browser's sign-in sent, not to another one.
      if (!pending || pending.samlRequestId !== inResponseTo)
        throw new SamlRefused('unknown_request', 'The RelayState and InResponseTo name no sign-in of this provider.');
      if (!(await repo.recordSamlAnswer(this.db, stateHash, { identity }))) throw new SamlRefused('replayed', 'The sign-in already has an answer.');
    } catch (error) {
      if (!(error instanceof SamlRefused)) throw error;
      await this.logRefusal(provider, pending?.email ?? null, ctx, error.reason, { error: error.message.slice(0, 200) });
      if (pending) await repo.recordSamlAnswer(this.db, stateHash, { refusal: error.reason });
    }
    return finish;
  }

  private async logRefusal(
    provider: repo.ProviderRow | undefined,
    email: string | null,
    ctx: SignInContext,
    reason: Refusal,
    extra: Record<string, unknown> = {},
  ) {
    await recordAudit(this.db, {
      tenantId: provider?.tenantId ?? null,
      actorId: null,
      actorEmail: email,
      action: 'auth.login_failed',
      details: { method: 'sso', reason, provider: provider?.name ?? null, user_agent: ctx.userAgent, ...extra },
      ip: ctx.ip,
    });
  }

  /** The provider an e-mail signs in with: its domain verified by an organisation that has one enabled. */
  private async route(email: string) {
    const domain = await repo.verifiedDomain(this.db, emailDomain(email));
    if (!domain) return null;
    const provider = await repo.firstEnabledProvider(this.db, domain.tenantId);
    return provider ? { provider, settings: await repo.findSettings(this.db, domain.tenantId) } : null;
  }

  async userDomain(email: string): Promise<UserDomain> {
    const found = await this.route(email);
    return { sso: found !== null, required: found?.settings.requireSso ?? false };
  }

  /** The provider's authorization URL, and the binding the browser keeps in a cookie until it comes back. */
  async redirectUrl(body: { email: string; remember: boolean }): Promise<{ redirectUrl: string; binding: string }> {
    const found = await this.route(body.email);
    if (!found) throw errors.notFound('Single sign-on is not set up for this e-mail domain.');
    const { provider } = found;
    if (provider.kind === 'saml' && provider.saml) {
      const saml = provider.saml;
      const relayState = randomBytes(24).toString('base64url');
      const binding = randomBytes(32).toString('base64url');
      await repo.deleteExpiredSignIns(this.db, new Date());
      const { url, requestId } = await this.saml.authorizeUrl({ id: provider.id, groupsClaim: provider.groupsClaim, saml }, relayState, body.email);
      await repo.insertSignIn(this.db, {
        stateHash: hash(relayState),
        providerId: provider.id,
        bindingHash: hash(binding),
        samlRequestId: requestId,
        email: body.email,
        remember: body.remember,
        expiresAt: new Date(Date.now() + SIGN_IN_TTL_MS),
      });
      return { redirectUrl: url, binding };
    }
    const checks = { state: client.randomState(), nonce: client.randomNonce(), codeVerifier: client.randomPKCECodeVerifier() };
    const binding = randomBytes(32).toString('base64url');
    let url: string;
    try {
      url = await this.oidc.authorizationUrl(found.provider, checks, this.redirectUri, body.email);
    } catch (error) {
      if (error instanceof ProviderUnreachable) throw unreachable();
      throw error;
    }
    const now = new Date();
    await repo.deleteExpiredSignIns(this.db, now);
    await repo.insertSignIn(this.db, {
      stateHash: hash(checks.state),
      providerId: found.provider.id,
      bindingHash: hash(binding),
      nonce: checks.nonce,
      codeVerifier: checks.codeVerifier,
      email: body.email,
      remember: body.remember,
      expiresAt: new Date(now.getTime() + SIGN_IN_TTL_MS),
    });
    return { redirectUrl: url, binding };
  }

  /** The provider's answer (the callback's query string) for a session; refused answers are logged with their reason. */
  async complete(params: string, binding: string | undefined, ctx: SignInContext): Promise<S> {
    const query = new URLSearchParams(params.replace(/^\?/, ''));
    const state = query.get('state');
    const signIn = state ? await repo.claimSignIn(this.db, hash(state), new Date()) : undefined;
    const provider = signIn ? await repo.findProviderById(this.db, signIn.providerId) : undefined;
    const refuse = async (reason: Refusal, email: string | null, extra: Record<string, unknown> = {}): Promise<never> => {
      await this.logRefusal(provider, email, ctx, reason, extra);
      throw new AppError(401, ERROR_CODES.ssoFailed, REFUSALS[reason]);
    };
    if (!signIn || !provider) return refuse('unknown_state', null);
    if (!binding || hash(binding) !== signIn.bindingHash) return refuse('browser_mismatch', signIn.email);
    // Turned off while the user was at the provider: an owner's "off" holds at once.
    if (!provider.enabled) return refuse('provider_disabled', signIn.email);
    if (query.has('error')) return refuse('provider_error', signIn.email, { error: query.get('error')?.slice(0, 100) });

    let who: { email: string | null; firstName: string; lastName: string; groups: string[] };
    if (provider.kind === 'saml') {
      // The ACS verified the answer and logged any refusal already; here the browser learns why.
      const refusal = signIn.samlRefusal as Refusal | null;
      if (refusal) throw new AppError(401, ERROR_CODES.ssoFailed, REFUSALS[refusal] ?? REFUSALS.token_rejected);
      if (!signIn.samlIdentity) return refuse('provider_error', signIn.email, { error: 'The identity provider sent no answer.' });
      who = signIn.samlIdentity;
    } else {
      let claims: Record<string, unknown>;
      try {
        claims = await this.oidc.identity(provider, new URL(`${this.redirectUri}?${query}`), {
          state: state!,
          nonce: signIn.nonce ?? '',
          codeVerifier: signIn.codeVerifier ?? '',
        });
      } catch (error) {
        if (error instanceof ProviderUnreachable) throw unreachable();
        return refuse('token_rejected', signIn.email, { error: error instanceof Error ? error.message.slice(0, 200) : null });
      }
      const name = (claim: unknown) => (typeof claim === 'string' ? claim.slice(0, 50) : '');
      who = {
        email: typeof claims.email === 'string' && claims.email_verified !== false ? claims.email.trim().toLowerCase() : null,
        firstName: name(claims.given_name),
        lastName: name(claims.family_name),
        groups: groupsFromClaim(claims[provider.groupsClaim]).slice(0, 500),
      };
    }
    const email = who.email;
    if (!email) return refuse('email_missing', signIn.email);
    // A provider speaks for the domains its organisation proved, never for another's users.
    const domain = await repo.verifiedDomain(this.db, emailDomain(email));
    if (domain?.tenantId !== provider.tenantId) return refuse('domain_not_verified', email);

    const user = await this.provisioning.signIn(provider.tenantId, { ...who, email });
    if ('refused' in user) return refuse(user.refused, email);
    return this.sessions.start(user, signIn.remember, ctx, 'sso');
  }
}
