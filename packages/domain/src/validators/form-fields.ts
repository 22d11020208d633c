import { isCidr, isIPv4, isPort } from './ipv4';

/** Form-level validators answer null when valid, else the spec's error key (000 §5). */
export type FieldError = { ippattern: true } | { incorrectPort: true } | { incorrectRange: true } | { subpattern: true };

/** IP field: empty allowed, otherwise a dotted quad. */
export function ipField(value: string | null | undefined): FieldError | null {
  if (!value) return null;
  return isIPv4(value) ? null : { ippattern: true };
}

/** Port field: trimmed, empty allowed; 'a' must be a port, 'a:b' two ports with a < b. */
export function portField(value: string | null | undefined): FieldError | null {
  const v = (value ?? '').trim();
  if (v === '') return null;
  const parts = v.split(':');
  if (parts.length === 1) return isPort(v) ? null : { incorrectPort: true };
  if (parts.length > 2) return { incorrectRange: true };
  const [a, b] = parts as [string, string];
  return isPort(a) && isPort(b) && Number(a) < Number(b) ? null : { incorrectRange: true };
}

/** Subnet field: empty allowed, otherwise an address with a prefix of 0–32. */
export function subnetField(value: string | null | undefined): FieldError | null {
  if (!value) return null;
  return isCidr(value) ? null : { subpattern: true };
}
