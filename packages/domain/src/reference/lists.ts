import { StatusCodes, getReasonPhrase } from 'http-status-codes';

export interface StatusCodeEntry {
  code: number;
  codeStr: string;
  name: string;
  codeWithName: string;
}

/** HTTP status codes from the http-status-codes package, in code order. */
export const HTTP_STATUS_CODES: readonly StatusCodeEntry[] = [...new Set(Object.values(StatusCodes).filter((v): v is number => typeof v === 'number'))]
  .sort((a, b) => a - b)
  .map((code) => {
    const name = getReasonPhrase(code);
    return { code, codeStr: String(code), name, codeWithName: `${code} ${name}` };
  });

export const OPERATING_SYSTEMS = [
  { key: 'windows', name: 'Windows', icon: 'brand-windows' },
  { key: 'linux', name: 'Linux', icon: 'brand-ubuntu' },
  { key: 'macos', name: 'macOS', icon: 'brand-apple' },
  { key: 'android', name: 'Android', icon: 'brand-android' },
  { key: 'ios', name: 'iOS', icon: 'device-mobile' },
] as const;
export type OperatingSystemKey = (typeof OPERATING_SYSTEMS)[number]['key'];

/** Device OS values as devices report them ('gnu/linux' is Linux). */
export function operatingSystemOf(os: string | null | undefined): (typeof OPERATING_SYSTEMS)[number] | undefined {
  const v = (os ?? '').toLowerCase();
  const key = v === 'gnu/linux' ? 'linux' : v === 'mac' || v === 'darwin' ? 'macos' : v;
  return OPERATING_SYSTEMS.find((o) => o.key === key);
}

export const BROWSERS = ['Chrome', 'Safari', 'Microsoft Edge', 'Brave', 'Firefox', 'Opera'] as const;
