import { COUNTRIES, ENDPOINT_OS_LABELS, ENDPOINT_OSES, type SecurityGroupKind, type SecurityGroupRule } from '@netloom/domain';

export const KIND_LABELS: Record<SecurityGroupKind, string> = { users: 'Users', endpoints: 'Endpoints', both: 'Users and endpoints' };
export const OS_OPTIONS = ENDPOINT_OSES.map((os) => ({ value: os, label: ENDPOINT_OS_LABELS[os] }));
export const COUNTRY_OPTIONS = COUNTRIES.map((c) => ({ value: c.code, label: c.name }));

const countryName = (code: string) => COUNTRIES.find((c) => c.code === code)?.name ?? code;

/** A rule in words ('Windows or macOS in United Kingdom'); 'None' without one. */
export function ruleText(rule: SecurityGroupRule | null): string {
  if (!rule) return 'None';
  const os = rule.os.map((o) => ENDPOINT_OS_LABELS[o]).join(' or ');
  const where = rule.countries.length <= 2 ? rule.countries.map(countryName).join(' or ') : `${rule.countries.length} countries`;
  if (os && where) return `${os} in ${where}`;
  return os || `In ${where}`;
}
