import { X509Certificate, createHash } from 'node:crypto';
import { lookup } from 'node:dns/promises';
import { DOMParser, type Element } from '@xmldom/xmldom';
import { SAML_METADATA_REFUSALS as R, webhookMayReach, type SamlCertificate } from '@netloom/domain';
import type { SamlIdpSettings } from '../../db/schema/sso';

const MD = 'urn:oasis:names:tc:SAML:2.0:metadata';
const DS = 'http://www.w3.org/2000/09/xmldsig#';
const REDIRECT_BINDING = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';
/** Metadata of one IdP is a few kilobytes; a federation's aggregate is not what an owner means. */
const MAX_METADATA_BYTES = 1_000_000;
/** SSO calls wait 30 s in the console (spec 000 §4): the IdP gets a third of it. */
const FETCH_TIMEOUT_MS = 10_000;

/** The metadata could not be used; the message says why, for the owner. */
export class MetadataRefused extends Error {}

const children = (parent: Element, ns: string, name: string): Element[] => Array.from(parent.getElementsByTagNameNS(ns, name));

/** The document, or undefined when it is not well-formed XML (xmldom's errors and warnings both refuse it). */
export function parseXml(xml: string) {
  let failed = false;
  try {
    const doc = new DOMParser({ onError: () => (failed = true) }).parseFromString(xml, 'text/xml');
    return failed ? undefined : doc;
  } catch {
    return undefined;
  }
}

/** The IdP's entity id, its HTTP-Redirect SSO URL and signing certificates, read from SAML 2.0 metadata. */
export function parseIdpMetadata(xml: string): Omit<SamlIdpSettings, 'metadataUrl'> {
  const root = parseXml(xml)?.documentElement;
  if (!root) throw new MetadataRefused(R.notXml);
  if (root.namespaceURI !== MD || !['EntityDescriptor', 'EntitiesDescriptor'].includes(root.localName ?? '')) {
    throw new MetadataRefused(R.notMetadata);
  }
  const entities = root.localName === 'EntityDescriptor' ? [root] : children(root, MD, 'EntityDescriptor');
  const entity = entities.find((e) => children(e, MD, 'IDPSSODescriptor').length > 0);
  const idp = entity ? children(entity, MD, 'IDPSSODescriptor')[0] : undefined;
  if (!entity || !idp) throw new MetadataRefused(R.noIdp);
  const entityId = entity.getAttribute('entityID')?.trim();
  if (!entityId) throw new MetadataRefused(R.noEntityId);
  const sso = children(idp, MD, 'SingleSignOnService').find((s) => s.getAttribute('Binding') === REDIRECT_BINDING);
  const ssoUrl = sso?.getAttribute('Location')?.trim();
  if (!ssoUrl || !/^https?:\/\//.test(ssoUrl)) throw new MetadataRefused(R.noRedirectSso);

  const certificates = new Set<string>();
  for (const key of children(idp, MD, 'KeyDescriptor')) {
    const use = key.getAttribute('use');
    if (use && use !== 'signing') continue;
    for (const cert of children(key, DS, 'X509Certificate')) {
      const der = (cert.textContent ?? '').replace(/\s+/g, '');
      try {
        new X509Certificate(Buffer.from(der, 'base64'));
      } catch {
        throw new MetadataRefused(R.badCertificate);
      }
      certificates.add(der);
    }
  }
  if (certificates.size === 0) throw new MetadataRefused(R.noCertificate);
  return { entityId, ssoUrl, certificates: [...certificates] };
}

/** The IdP's metadata from its URL, within the timeout. */
export async function fetchIdpMetadata(url: string, allowHttp: boolean): Promise<string> {
  if (!allowHttp && !url.startsWith('https://')) throw new MetadataRefused(R.notHttps);
  let res: Response;
  try {
    // An owner names the URL: outside a lab it must lead to a public address, never into Netloom's own network.
    if (!allowHttp) {
      const addresses = await lookup(new URL(url).hostname.replace(/^\[|\]$/g, ''), { all: true });
      if (!addresses.every((a) => webhookMayReach(a.address))) throw new Error('not a public address');
    }
    res = await fetch(url, {
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
      headers: { accept: 'application/samlmetadata+xml, application/xml, text/xml' },
      // A redirect could lead where the check above did not look.
      redirect: allowHttp ? 'follow' : 'error',
    });
  } catch (error) {
    throw new MetadataRefused(R.unreachable.replace('{reason}', error instanceof Error ? error.message : String(error)));
  }
  if (!res.ok) throw new MetadataRefused(R.answered.replace('{status}', String(res.status)));
  const body = await res.text();
  if (body.length > MAX_METADATA_BYTES) throw new MetadataRefused(R.tooLarge);
  return body;
}

export const pemOf = (der: string) => `-----BEGIN CERTIFICATE-----\n${der.match(/.{1,64}/g)!.join('\n')}\n-----END CERTIFICATE-----\n`;

/** What an owner reads of a certificate: whose, which, and until when. */
export function certificateInfo(der: string): SamlCertificate {
  const cert = new X509Certificate(Buffer.from(der, 'base64'));
  return {
    subject: cert.subject.replace(/\n/g, ', '),
    fingerprint_sha256: createHash('sha256').update(cert.raw).digest('hex').toUpperCase().match(/../g)!.join(':'),
    not_after: new Date(cert.validTo).toISOString(),
  };
}
