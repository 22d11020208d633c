import type { WafCategory } from './events';

/** The attack categories that aim at a weakness of the application, with the OWASP Top 10 (2021) risk each is. */
export const WAF_VULNERABILITY_CLASSES = {
  sqli: { label: 'SQL injection', owasp: 'A03 Injection' },
  xss: { label: 'Cross-site scripting', owasp: 'A03 Injection' },
  rce: { label: 'Remote code execution', owasp: 'A03 Injection' },
  lfi: { label: 'Path traversal and local file inclusion', owasp: 'A01 Broken access control' },
  rfi: { label: 'Remote file inclusion', owasp: 'A01 Broken access control' },
  session: { label: 'Session fixation', owasp: 'A07 Identification and authentication failures' },
  leakage: { label: 'Data leakage in responses', owasp: 'A05 Security misconfiguration' },
} as const satisfies Partial<Record<WafCategory, { label: string; owasp: string }>>;
export type WafVulnerabilityClass = keyof typeof WAF_VULNERABILITY_CLASSES;
export const WAF_VULNERABILITY_CATEGORIES = Object.keys(WAF_VULNERABILITY_CLASSES) as WafVulnerabilityClass[];

/**
 * Whether a path is exposed to a class of attack, and what to do: a request the edge only
 * detected reached the application (detection mode), so the application's own defence is all
 * there was; one the edge blocked did not, but someone is looking for that weakness there.
 */
export function wafExposure(seen: { blocked: number; detected: number }): { exposed: boolean; hint: string } {
  if (seen.detected > 0) {
    return {
      exposed: true,
      hint: 'Attacks reached the application (detection only): switch its policy to blocking, and fix the weakness in the application',
    };
  }
  return { exposed: false, hint: 'Blocked at the edge; someone is probing for this weakness here: make sure the application does not depend on the WAF alone' };
}
