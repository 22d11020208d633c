import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { inflateRawSync } from 'node:zlib';
import { generate } from 'selfsigned';
import { SignedXml } from 'xml-crypto';

interface LabAccount {
  email: string;
  givenName?: string;
  groups?: string[];
}

const escape = (v: string) => v.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
const newId = () => `_${crypto.randomUUID().replace(/-/g, '')}`;

/** The SAMLResponse (base64) answering an AuthnRequest, its assertion signed with the IdP's key. */
function signedResponse(entityId: string, key: { private: string; cert: string }, request: { id: string; acsUrl: string; audience: string }, who: LabAccount) {
  const now = Date.now();
  const at = (ms: number) => new Date(now + ms).toISOString();
  const values = (name: string, list: string[]) =>
    list.length ? `<saml:Attribute Name="${name}">${list.map((v) => `<saml:AttributeValue>${escape(v)}</saml:AttributeValue>`).join('')}</saml:Attribute>` : '';
  const assertion = `<saml:Assertion xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${newId()}" Version="2.0" IssueInstant="${at(0)}"><saml:Issuer>${escape(entityId)}</saml:Issuer><saml:Subject><saml:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress">${escape(who.email)}</saml:NameID><saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData InResponseTo="${escape(request.id)}" NotOnOrAfter="${at(300_000)}" Recipient="${escape(request.acsUrl)}"/></saml:SubjectConfirmation></saml:Subject><saml:Conditions NotBefore="${at(-60_000)}" NotOnOrAfter="${at(300_000)}"><saml:AudienceRestriction><saml:Audience>${escape(request.audience)}</saml:Audience></saml:AudienceRestriction></saml:Conditions><saml:AuthnStatement AuthnInstant="${at(0)}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement><saml:AttributeStatement>${values('groups', who.groups ?? [])}${values('given_name', who.givenName ? [who.givenName] : [])}</saml:AttributeStatement></saml:Assertion>`;
  const response = `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${newId()}" Version="2.0" IssueInstant="${at(0)}" Destination="${escape(request.acsUrl)}" InResponseTo="${escape(request.id)}"><saml:Issuer>${escape(entityId)}</saml:Issuer><samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>${assertion}</samlp:Response>`;
  const sig = new SignedXml({
    privateKey: key.private,
    publicCert: key.cert,
    signatureAlgorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
    canonicalizationAlgorithm: 'http://www.w3.org/2001/10/xml-exc-c14n#',
  });
  sig.addReference({
    xpath: "//*[local-name(.)='Assertion']",
    transforms: ['http://www.w3.org/2000/09/xmldsig#enveloped-signature', 'http://www.w3.org/2001/10/xml-exc-c14n#'],
    digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha256',
  });
  sig.computeSignature(response, { location: { reference: "//*[local-name(.)='Assertion']/*[local-name(.)='Issuer']", action: 'after' } });
  return Buffer.from(sig.getSignedXml()).toString('base64');
}

/**
 * A SAML 2.0 identity provider on loopback for the journeys: its metadata at /metadata, and at
 * /sso (HTTP-Redirect binding) a page that signs in whoever `signInAs` names and posts the signed
 * response to the requester's ACS by itself, as an IdP's page does after its login.
 */
export async function startLabSamlIdp() {
  const key = await generate([{ name: 'commonName', value: 'Netloom journey IdP' }], { keySize: 2048, algorithm: 'sha256' });
  const der = key.cert.replace(/-----[^-]+-----|\s+/g, '');
  let current: LabAccount | null = null;
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const entityId = `${base}/saml`;
  server.on('request', (req, res) => {
    const url = new URL(req.url ?? '/', base);
    if (url.pathname === '/metadata') {
      res.setHeader('content-type', 'application/samlmetadata+xml');
      res.end(
        `<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" entityID="${entityId}"><md:IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol"><md:KeyDescriptor use="signing"><ds:KeyInfo xmlns:ds="http://www.w3.org/2000/09/xmldsig#"><ds:X509Data><ds:X509Certificate>${der}</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor><md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="${base}/sso"/></md:IDPSSODescriptor></md:EntityDescriptor>`,
      );
      return;
    }
    if (url.pathname === '/sso' && current) {
      const xml = inflateRawSync(Buffer.from(url.searchParams.get('SAMLRequest') ?? '', 'base64')).toString('utf8');
      const attr = (name: string) => new RegExp(`${name}="([^"]+)"`).exec(xml)?.[1] ?? '';
      const request = { id: attr('ID'), acsUrl: attr('AssertionConsumerServiceURL'), audience: /<(?:saml2?:)?Issuer[^>]*>([^<]+)</.exec(xml)?.[1] ?? '' };
      const response = signedResponse(entityId, key, request, current);
      res.setHeader('content-type', 'text/html');
      res.end(
        `<!doctype html><title>Lab IdP</title><body onload="document.forms[0].submit()"><form method="post" action="${escape(request.acsUrl)}"><input type="hidden" name="SAMLResponse" value="${response}"><input type="hidden" name="RelayState" value="${escape(url.searchParams.get('RelayState') ?? '')}"><noscript><button>Continue</button></noscript></form></body>`,
      );
      return;
    }
    res.statusCode = 404;
    res.end();
  });
  return {
    metadataUrl: `${base}/metadata`,
    /** The person the IdP signs in next (its login page is skipped). */
    signInAs: (account: LabAccount) => {
      current = account;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
