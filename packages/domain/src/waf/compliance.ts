import type { WafPolicy } from './policy';

export interface ComplianceCheck {
  key: string;
  label: string;
  ok: boolean;
  detail: string;
}

/** OWASP Top 10 (2021) risks and the CRS rule groups that cover them. */
const TOP_TEN: { key: string; label: string; groups: string[] }[] = [
  { key: 'a03_injection', label: 'A03 Injection (SQL, OS command, code)', groups: ['sqli', 'rce', 'php', 'nodejs', 'java'] },
  { key: 'a03_xss', label: 'A03 Injection (cross-site scripting)', groups: ['xss'] },
  { key: 'a01_access', label: 'A01 Broken access control (path traversal, file inclusion)', groups: ['lfi', 'rfi'] },
  { key: 'a05_misconfiguration', label: 'A05 Security misconfiguration (protocol enforcement)', groups: ['protocol', 'protocol_attack', 'method'] },
  { key: 'a07_auth', label: 'A07 Identification and authentication failures (session fixation)', groups: ['session_fixation'] },
  { key: 'a06_scanners', label: 'A06 Vulnerable components (scanner detection)', groups: ['scanner'] },
];

/**
 * An application's compliance checklist, derived from its policy and TLS: which OWASP Top 10
 * risks its enabled rule groups cover, whether it blocks (not only detects), serves HTTPS, and has
 * rate limits set. Every check says why it passes or fails.
 */
export function wafCompliance(policy: WafPolicy, app: { tls: boolean }): { score: number; checks: ComplianceCheck[] } {
  const disabled = new Set<string>(policy.disabled_groups);
  const on = policy.mode !== 'off';
  const checks: ComplianceCheck[] = TOP_TEN.map(({ key, label, groups }) => {
    const off = groups.filter((g) => disabled.has(g));
    return {
      key,
      label,
      ok: on && off.length === 0,
      detail: !on ? 'The WAF is off' : off.length ? `Rule groups turned off: ${off.join(', ')}` : 'Covered by the enabled rule groups',
    };
  });
  checks.push(
    {
      key: 'blocking',
      label: 'Attacks are blocked, not only logged',
      ok: policy.mode === 'blocking',
      detail: policy.mode === 'blocking' ? 'Blocking mode' : policy.mode === 'detection' ? 'Detection only: attacks reach the origin' : 'The WAF is off',
    },
    { key: 'tls', label: 'Served over HTTPS', ok: app.tls, detail: app.tls ? 'A certificate is set' : 'Plain HTTP only' },
    {
      key: 'rate_limits',
      label: 'Rate limits set',
      ok: policy.rate_limits.length > 0 || policy.ddos.enabled,
      detail:
        policy.rate_limits.length > 0 || policy.ddos.enabled
          ? `${policy.rate_limits.length} rate limit(s), DDoS limits ${policy.ddos.enabled ? 'on' : 'off'}`
          : 'No rate limit and no DDoS limits',
    },
    {
      key: 'anomaly_threshold',
      label: 'Anomaly threshold at the recommended level (5 or less)',
      ok: policy.inbound_threshold <= 5,
      detail: `Inbound threshold ${policy.inbound_threshold}`,
    },
  );
  const score = Math.round((100 * checks.filter((c) => c.ok).length) / checks.length);
  return { score, checks };
}
