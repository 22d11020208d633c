import { X509Certificate, createPrivateKey } from 'node:crypto';

/** What the console shows of a certificate: never its key. */
export interface CertificateFacts {
  subject: string;
  not_after: string;
  fingerprint: string;
}

export function certificateFacts(pem: string): CertificateFacts | null {
  try {
    const cert = new X509Certificate(pem);
    return { subject: cert.subject.replace(/\n/g, ', '), not_after: new Date(cert.validTo).toISOString(), fingerprint: cert.fingerprint256 };
  } catch {
    return null;
  }
}

/** Why the certificate and key cannot be served together; null when they can. */
export function certificateProblem(certificate: string, key: string, domains: readonly string[]): string | null {
  let cert: X509Certificate;
  try {
    cert = new X509Certificate(certificate);
  } catch {
    return 'The certificate cannot be read (PEM expected)';
  }
  try {
    if (!cert.checkPrivateKey(createPrivateKey(key))) return 'The key is not the certificate’s';
  } catch {
    return 'The key cannot be read (an unencrypted PEM private key expected)';
  }
  if (new Date(cert.validTo).getTime() < Date.now()) return 'The certificate has expired';
  const uncovered = domains.filter((d) => !cert.checkHost(d.replace(/^\*\./, 'netloom-check.')));
  if (uncovered.length) return `The certificate does not cover ${uncovered.join(', ')}`;
  return null;
}

/** A certificate for a lab: self-signed for the application's domains, a year long. */
export async function selfSignedFor(domains: readonly string[]): Promise<{ certificate: string; key: string }> {
  // Loaded when first needed: its X.509 libraries are large, and every server start would pay for them.
  const { generate } = await import('selfsigned');
  const pems = await generate([{ name: 'commonName', value: domains[0]! }], {
    keyType: 'ec',
    curve: 'P-256',
    extensions: [{ name: 'subjectAltName', altNames: domains.map((value) => ({ type: 2, value })) }],
  });
  return { certificate: pems.cert, key: pems.private };
}
