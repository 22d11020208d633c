import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { inflateRawSync } from 'node:zlib';
import { generate } from 'selfsigned';
import { SignedXml } from 'xml-crypto';

/** A signing key of the lab IdP and its self-signed certificate. */
export interface LabKey {
  privateKey: string;
  cert: string;
  /** The certificate as metadata carries it (base64 DER). */
  der: string;
}

/** The AuthnRequest Netloom sent the browser with. */
export interface LabRequest {
  id: string;
  issuer: string;
  acsUrl: string;
  relayState: string;
}

/** Who signs in and how the answer is built; each field changes one thing the SP must check. */
export interface LabAnswer {
  email: string;
  groups?: string[];
  givenName?: string;
  familyName?: string;
  key?: LabKey;
  unsigned?: boolean;
  audience?: string;
  recipient?: string;
  destination?: string;
  inResponseTo?: string;
  notOnOrAfter?: Date;
}

export async function labKey(name: string): Promise<LabKey> {
  const pems = await generate([{ name: 'commonName', value: name }], { keySize: 2048, algorithm: 'sha256' });
  return { privateKey: pems.private, cert: pems.cert, der: pems.cert.replace(/-----[^-]+-----|\s+/g, '') };
}

const escape = (v: string) => v.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
const id = () => `_${crypto.randomUUID().replace(/-/g, '')}`;

/** SAML 2.0 IdP metadata naming the given signing certificates (several during a rollover). */
export function idpMetadata(entityId: string, ssoUrl: string, keys: LabKey[]): string {
  const keyDescriptors = keys
    .map(
      (k) =>
        `<md:KeyDescriptor use="signing"><ds:KeyInfo xmlns:ds="http://www.w3.org/2000/09/xmldsig#"><ds:X509Data><ds:X509Certificate>${k.der}</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>`,
    )
    .join('');
  return `<?xml version="1.0"?>
<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" entityID="${escape(entityId)}">
  <md:IDPSSODescriptor WantAuthnRequestsSigned="false" protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">
    ${keyDescriptors}
    <md:NameIDFormat>urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress</md:NameIDFormat>
    <md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="${escape(ssoUrl)}"/>
  </md:IDPSSODescriptor>
</md:EntityDescriptor>`;
}

/** The AuthnRequest carried by the IdP URL Netloom answered (HTTP-Redirect binding: deflated, base64). */
export function readRequest(redirectUrl: string): LabRequest {
  const url = new URL(redirectUrl);
  const xml = inflateRawSync(Buffer.from(url.searchParams.get('SAMLRequest')!, 'base64')).toString('utf8');
  const attr = (name: string) => new RegExp(`${name}="([^"]+)"`).exec(xml)?.[1] ?? '';
  return {
    id: attr('ID'),
    acsUrl: attr('AssertionConsumerServiceURL'),
    issuer: /<(?:saml2?:)?Issuer[^>]*>([^<]+)</.exec(xml)?.[1] ?? '',
    relayState: url.searchParams.get('RelayState') ?? '',
  };
}

/** A SAMLResponse (base64) to the request, its assertion signed by the key (unless unsigned). */
export function samlResponse(entityId: string, request: LabRequest, answer: LabAnswer, signer: LabKey): string {
  const now = Date.now();
  const at = (ms: number) => new Date(now + ms).toISOString();
  const until = (answer.notOnOrAfter ?? new Date(now + 5 * 60_000)).toISOString();
  const inResponseTo = answer.inResponseTo ?? request.id;
  const attribute = (name: string, values: string[]) =>
    values.length
      ? `<saml:Attribute Name="${name}">${values.map((v) => `<saml:AttributeValue>${escape(v)}</saml:AttributeValue>`).join('')}</saml:Attribute>`
      : '';
  const assertion = `<saml:Assertion xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${id()}" Version="2.0" IssueInstant="${at(0)}"><saml:Issuer>${escape(entityId)}</saml:Issuer><saml:Subject><saml:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress">${escape(answer.email)}</saml:NameID><saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData InResponseTo="${escape(inResponseTo)}" NotOnOrAfter="${until}" Recipient="${escape(answer.recipient ?? request.acsUrl)}"/></saml:SubjectConfirmation></saml:Subject><saml:Conditions NotBefore="${at(-60_000)}" NotOnOrAfter="${until}"><saml:AudienceRestriction><saml:Audience>${escape(answer.audience ?? request.issuer)}</saml:Audience></saml:AudienceRestriction></saml:Conditions><saml:AuthnStatement AuthnInstant="${at(0)}" SessionIndex="${id()}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement><saml:AttributeStatement>${attribute('groups', answer.groups ?? [])}${attribute('given_name', answer.givenName ? [answer.givenName] : [])}${attribute('family_name', answer.familyName ? [answer.familyName] : [])}</saml:AttributeStatement></saml:Assertion>`;
  const response = `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${id()}" Version="2.0" IssueInstant="${at(0)}" Destination="${escape(answer.destination ?? request.acsUrl)}" InResponseTo="${escape(inResponseTo)}"><saml:Issuer>${escape(entityId)}</saml:Issuer><samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>${assertion}</samlp:Response>`;
  if (answer.unsigned) return Buffer.from(response).toString('base64');
  const sig = new SignedXml({
    privateKey: signer.privateKey,
    publicCert: signer.cert,
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

/** The lab IdP's metadata on loopback http, naming whichever keys the test says it signs with now. */
export async function serveMetadata(entityId: string, ssoUrl: string, keys: () => LabKey[]) {
  const server = http.createServer((_req, res) => {
    res.setHeader('content-type', 'application/samlmetadata+xml');
    res.end(idpMetadata(entityId, ssoUrl, keys()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/metadata`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
