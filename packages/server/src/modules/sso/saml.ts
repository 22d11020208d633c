import type { Element } from '@xmldom/xmldom';
import { SAML, SamlStatusError, ValidateInResponseTo, generateServiceProviderMetadata, type CacheProvider, type Profile } from '@node-saml/node-saml';
import { SSO_PATHS, groupsFromClaim } from '@netloom/domain';
import type { Db } from '../../db/client';
import type { SamlIdentity, SamlIdpSettings } from '../../db/schema/sso';
import { parseXml, pemOf } from './saml-metadata';
import * as samlRepo from './saml-repo';

/** What a SAML sign-in needs of a provider. */
export interface SamlProviderSettings {
  id: string;
  groupsClaim: string;
  saml: SamlIdpSettings;
}

/** Netloom's service provider side of one SAML provider. */
export interface SamlSpUrls {
  spEntityId: string;
  acsUrl: string;
  spMetadataUrl: string;
}

/** Why an answer is refused: the login log's reason, and node-saml's own words for the details. */
export type SamlRefusalReason =
  | 'unknown_request'
  | 'signature_invalid'
  | 'assertion_unsigned'
  | 'assertion_expired'
  | 'audience_mismatch'
  | 'destination_mismatch'
  | 'recipient_mismatch'
  | 'replayed'
  | 'provider_error'
  | 'token_rejected';

export class SamlRefused extends Error {
  constructor(
    readonly reason: SamlRefusalReason,
    message: string,
  ) {
    super(message);
  }
}

/** Clocks of the IdP and Netloom may differ this much on NotBefore and NotOnOrAfter. */
const CLOCK_SKEW_MS = 60_000;
/** An AuthnRequest must be answered within the sign-in's own time. */
const REQUEST_TTL_MS = 10 * 60_000;
/** A spent assertion is kept at least this long when it names no NotOnOrAfter of its own. */
const ASSERTION_MEMORY_MS = 24 * 3_600_000;
const EMAIL_FORMAT = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress';
const ASSERTION_NS = 'urn:oasis:names:tc:SAML:2.0:assertion';
const DS = 'http://www.w3.org/2000/09/xmldsig#';

/**
 * node-saml's request cache in the database: an AuthnRequest's ID is known to every instance and
 * answered once (node-saml spends it on the answer, accepted or not).
 */
class RequestIds implements CacheProvider {
  saved: string | null = null;
  constructor(
    private readonly db: Db,
    private readonly providerId: string,
  ) {}
  private key = (id: string) => `request:${this.providerId}:${id}`;
  async saveAsync(id: string, value: string) {
    this.saved = id;
    const createdAt = await samlRepo.saveSamlId(this.db, {
      key: this.key(id),
      providerId: this.providerId,
      value,
      expiresAt: new Date(Date.now() + REQUEST_TTL_MS),
    });
    return { value, createdAt: createdAt.getTime() };
  }
  getAsync(id: string) {
    return samlRepo.liveSamlId(this.db, this.key(id), new Date());
  }
  async removeAsync(id: string | null) {
    return id ? samlRepo.spendSamlId(this.db, this.key(id), new Date()) : null;
  }
}

const elements = (doc: { getElementsByTagNameNS(ns: string, n: string): ArrayLike<Element> }, ns: string, name: string) =>
  Array.from(doc.getElementsByTagNameNS(ns, name));

/** node-saml's message for the reason the login log keeps. */
function reasonOf(error: unknown): SamlRefusalReason {
  if (error instanceof SamlStatusError) return 'provider_error';
  const message = error instanceof Error ? error.message : '';
  if (/InResponseTo/i.test(message)) return 'unknown_request';
  if (/signature/i.test(message)) return 'signature_invalid';
  // A subject confirmation is only "not valid" outside its NotBefore/NotOnOrAfter window.
  if (/expired|not yet valid|NotBefore|NotOnOrAfter|valid subject confirmation/i.test(message)) return 'assertion_expired';
  if (/audience/i.test(message)) return 'audience_mismatch';
  return 'token_rejected';
}

const text = (value: unknown) => (typeof value === 'string' ? value : Array.isArray(value) && typeof value[0] === 'string' ? value[0] : '');

/**
 * SAML 2.0 service provider through node-saml: AuthnRequests over the HTTP-Redirect binding, and
 * the IdP's POSTed response checked for a signed assertion (by any of the IdP's current
 * certificates), audience, destination and recipient, validity window, and InResponseTo a request
 * Netloom made; each assertion is accepted once.
 */
export class SamlClients {
  constructor(
    private readonly db: Db,
    private readonly publicUrl: string,
  ) {}

  urls(providerId: string): SamlSpUrls {
    const api = `${this.publicUrl}/api/v1/`;
    return {
      spEntityId: `${api}${SSO_PATHS.samlMetadata(providerId)}`,
      acsUrl: `${api}${SSO_PATHS.samlAcs(providerId)}`,
      spMetadataUrl: `${api}${SSO_PATHS.samlMetadata(providerId)}`,
    };
  }

  private client(p: SamlProviderSettings, cache: CacheProvider): SAML {
    const { spEntityId, acsUrl } = this.urls(p.id);
    return new SAML({
      entryPoint: p.saml.ssoUrl,
      issuer: spEntityId,
      audience: spEntityId,
      callbackUrl: acsUrl,
      idpCert: p.saml.certificates.map(pemOf),
      wantAssertionsSigned: true,
      wantAuthnResponseSigned: false,
      acceptedClockSkewMs: CLOCK_SKEW_MS,
      validateInResponseTo: ValidateInResponseTo.always,
      requestIdExpirationPeriodMs: REQUEST_TTL_MS,
      cacheProvider: cache,
      identifierFormat: EMAIL_FORMAT,
      disableRequestedAuthnContext: true,
      signatureAlgorithm: 'sha256',
      digestAlgorithm: 'sha256',
    });
  }

  /** Netloom's SP metadata for the IdP's administrator. */
  spMetadata(providerId: string): string {
    const { spEntityId, acsUrl } = this.urls(providerId);
    return generateServiceProviderMetadata({ issuer: spEntityId, callbackUrl: acsUrl, wantAssertionsSigned: true, identifierFormat: EMAIL_FORMAT });
  }

  /** The IdP's URL carrying a fresh AuthnRequest, and that request's ID (its answer must name it). */
  async authorizeUrl(p: SamlProviderSettings, relayState: string, loginHint: string): Promise<{ url: string; requestId: string }> {
    const cache = new RequestIds(this.db, p.id);
    const url = await this.client(p, cache).getAuthorizeUrlAsync(relayState, undefined, { additionalParams: { login_hint: loginHint } });
    return { url, requestId: cache.saved! };
  }

  /** The verified user of a POSTed SAMLResponse, and the request it answers; throws SamlRefused. */
  async identity(p: SamlProviderSettings, samlResponse: string): Promise<{ identity: SamlIdentity; inResponseTo: string }> {
    const { acsUrl } = this.urls(p.id);
    const xml = Buffer.from(samlResponse, 'base64').toString('utf8');
    const doc = parseXml(xml);
    if (!doc?.documentElement) throw new SamlRefused('token_rejected', 'The SAMLResponse is not XML.');
    const assertions = elements(doc, ASSERTION_NS, 'Assertion');
    const assertionId = assertions[0]?.getAttribute('ID') ?? '';
    const assertionKey = `assertion:${p.id}:${assertionId}`;
    // Checked before the signature: the id is only compared here, and spent below once verified.
    if (assertionId && (await samlRepo.samlIdKnown(this.db, assertionKey))) throw new SamlRefused('replayed', 'This assertion was used before.');
    if (assertions.length === 1 && !Array.from(assertions[0]!.childNodes).some((n) => n.localName === 'Signature' && n.namespaceURI === DS)) {
      // node-saml refuses it too; said plainly for the owner reading the login log.
      throw new SamlRefused('assertion_unsigned', 'The assertion is not signed; Netloom requires signed assertions.');
    }

    let profile: Profile | null;
    try {
      profile = (await this.client(p, new RequestIds(this.db, p.id)).validatePostResponseAsync({ SAMLResponse: samlResponse })).profile;
    } catch (error) {
      throw new SamlRefused(reasonOf(error), error instanceof Error ? error.message : String(error));
    }
    if (!profile) throw new SamlRefused('token_rejected', 'The response carries no assertion.');
    const destination = doc.documentElement.getAttribute('Destination');
    if (destination && destination !== acsUrl) throw new SamlRefused('destination_mismatch', `The response is addressed to ${destination.slice(0, 200)}.`);
    // The recipient is read from the signed assertion node-saml verified, never from the envelope.
    const signed = parseXml(profile.getAssertionXml!());
    if (!signed) throw new SamlRefused('token_rejected', 'The signed assertion cannot be read.');
    const recipients = elements(signed, ASSERTION_NS, 'SubjectConfirmationData').map((d) => d.getAttribute('Recipient'));
    if (!recipients.includes(acsUrl)) throw new SamlRefused('recipient_mismatch', `The assertion is for ${String(recipients[0]).slice(0, 200)}.`);

    const notOnOrAfter = Date.parse(elements(signed, ASSERTION_NS, 'Conditions')[0]?.getAttribute('NotOnOrAfter') ?? '');
    const expiresAt = new Date(Number.isNaN(notOnOrAfter) ? Date.now() + ASSERTION_MEMORY_MS : Math.max(notOnOrAfter, Date.now()) + CLOCK_SKEW_MS);
    const inResponseTo = typeof profile.inResponseTo === 'string' ? profile.inResponseTo : '';
    const spent = await samlRepo.spendNewSamlId(this.db, { key: assertionKey, providerId: p.id, value: inResponseTo, expiresAt, spentAt: new Date() });
    if (!spent) throw new SamlRefused('replayed', 'This assertion was used before.');

    const attributes = (profile.attributes ?? {}) as Record<string, unknown>;
    const fromNameId = profile.nameIDFormat === EMAIL_FORMAT ? profile.nameID : '';
    const email = (fromNameId || text(attributes.email) || text(profile.email)).trim().toLowerCase();
    return {
      inResponseTo,
      identity: {
        email: email || null,
        firstName: text(attributes.given_name ?? attributes.givenName ?? attributes.firstName).slice(0, 50),
        lastName: text(attributes.family_name ?? attributes.sn ?? attributes.surname ?? attributes.lastName).slice(0, 50),
        groups: groupsFromClaim(attributes[p.groupsClaim]).slice(0, 500),
      },
    };
  }
}
