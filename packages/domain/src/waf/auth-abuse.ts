import { z } from 'zod';
import { WAF_ACTIONS } from './events';
import type { WafLoginProtection } from './api-guard';

/**
 * Bot › Authentication abuse: the login attempts the edges' API guard saw on each application's
 * declared login endpoints (the account named and whether the origin refused it, never the
 * password), judged against the application's login protection:
 * - credential stuffing: one address failing many logins, nearly all of its attempts (leaked pairs tried in turn);
 * - password spraying: one address failing on many accounts, a few tries each (common passwords across accounts);
 * - brute force: one address, or all of them, failing many times on one account;
 * - distributed: many addresses failing on one account.
 */
export const LOGIN_CLIENT_KINDS = ['credential_stuffing', 'password_spraying', 'brute_force'] as const;
export type LoginClientKind = (typeof LOGIN_CLIENT_KINDS)[number];
export const LOGIN_ACCOUNT_KINDS = ['brute_force', 'distributed'] as const;
export type LoginAccountKind = (typeof LOGIN_ACCOUNT_KINDS)[number];
/** Where an account stands now: the edges challenge or refuse its logins, its failures pass the thresholds, or neither. */
export const LOGIN_ACCOUNT_STATES = ['challenged', 'blocked', 'under_attack', 'normal'] as const;
export type LoginAccountState = (typeof LOGIN_ACCOUNT_STATES)[number];

/** Credential stuffing: this share of an address's attempts failed (and at least the client threshold of them). */
export const STUFFING_MIN_FAILURE_RATE = 0.8;
/** Password spraying: at most this many failures per account on average, across at least SPRAY_MIN_ACCOUNTS accounts. */
export const SPRAY_MAX_PER_ACCOUNT = 3;
export const SPRAY_MIN_ACCOUNTS = 5;

/** One address's login attempts on one application over the window. */
export interface LoginClientCount {
  applicationId: string | null;
  clientIp: string;
  attempts: number;
  failures: number;
  /** Distinct accounts it tried, and those it failed on. */
  accounts: number;
  failedAccounts: number;
  /** Its most failures on any one account. */
  maxAccountFailures: number;
  /** Its attempts the edges challenged or refused (login protection's detections). */
  refused: number;
  lastAt: Date;
}

/** One account's login attempts on one application over the window. */
export interface LoginAccountCount {
  applicationId: string | null;
  account: string;
  attempts: number;
  failures: number;
  /** Distinct addresses that tried it, and those that failed on it. */
  clients: number;
  failedClients: number;
  lastAt: Date;
  /** The newest of its attempts the edges challenged or refused, and how. */
  lastRefusedAt: Date | null;
  lastRefusedAction: string | null;
}

export const failureRate = (c: { attempts: number; failures: number }) => (c.attempts > 0 ? c.failures / c.attempts : 0);

/** What an address's attempts look like against the application's thresholds. */
export function loginClientKinds(c: LoginClientCount, s: WafLoginProtection): LoginClientKind[] {
  const out: LoginClientKind[] = [];
  if (c.failures >= s.client_failures && failureRate(c) >= STUFFING_MIN_FAILURE_RATE) out.push('credential_stuffing');
  if (c.failedAccounts >= SPRAY_MIN_ACCOUNTS && c.failures / c.failedAccounts <= SPRAY_MAX_PER_ACCOUNT) out.push('password_spraying');
  if (c.maxAccountFailures >= s.account_failures) out.push('brute_force');
  return out;
}

/** What an account's failures look like against the application's thresholds. */
export function loginAccountKinds(a: LoginAccountCount, s: WafLoginProtection): LoginAccountKind[] {
  const out: LoginAccountKind[] = [];
  if (a.failures >= s.account_failures) out.push('brute_force');
  if (a.failedClients >= s.account_clients) out.push('distributed');
  return out;
}

/**
 * An account is challenged or blocked while the edges acted on one of its attempts within the
 * protection's window before `now`; under attack when its failures pass a threshold; normal otherwise.
 */
export function loginAccountState(a: LoginAccountCount, s: WafLoginProtection, now: Date): LoginAccountState {
  if (a.lastRefusedAt && now.getTime() - a.lastRefusedAt.getTime() <= s.window_minutes * 60_000) {
    return a.lastRefusedAction === 'blocked' ? 'blocked' : 'challenged';
  }
  return loginAccountKinds(a, s).length > 0 ? 'under_attack' : 'normal';
}

/** Addresses most suspect first: those matching more kinds, then by failures, accounts tried and failure rate. */
export function rankLoginClients(rows: readonly LoginClientCount[], settingsOf: (applicationId: string | null) => WafLoginProtection) {
  return rows
    .map((c) => ({ ...c, kinds: loginClientKinds(c, settingsOf(c.applicationId)), failureRate: failureRate(c) }))
    .sort((a, b) => b.kinds.length - a.kinds.length || b.failures - a.failures || b.failedAccounts - a.failedAccounts || b.failureRate - a.failureRate);
}

/** Accounts most at risk first: challenged or blocked, then under attack, then by failures and failing addresses. */
export function rankLoginAccounts(rows: readonly LoginAccountCount[], settingsOf: (applicationId: string | null) => WafLoginProtection, now: Date) {
  const order: Record<LoginAccountState, number> = { blocked: 0, challenged: 0, under_attack: 1, normal: 2 };
  return rows
    .map((a) => {
      const s = settingsOf(a.applicationId);
      return { ...a, kinds: loginAccountKinds(a, s), state: loginAccountState(a, s, now) };
    })
    .sort((a, b) => order[a.state] - order[b.state] || b.failures - a.failures || b.failedClients - a.failedClients);
}

/**
 * An account name as someone who may not read the edges' logs sees it: its first character, then
 * stars ('j***@example.com'); the domain of an e-mail address stays, as it names no one.
 */
export function maskAccount(account: string): string {
  const at = account.lastIndexOf('@');
  const local = at > 0 ? account.slice(0, at) : account;
  const rest = at > 0 ? account.slice(at) : '';
  return `${Array.from(local)[0] ?? ''}***${rest}`;
}

/** A client's address as someone who may not read the edges' logs sees it: its network, not the host ('198.51.x.x'). */
export function maskAddress(ip: string): string {
  const parts = ip.split('.');
  return parts.length === 4 ? `${parts[0]}.${parts[1]}.x.x` : 'x.x.x.x';
}

export const loginEndpointStatsSchema = z.object({
  application_id: z.string().nullable(),
  application: z.string().nullable(),
  path: z.string(),
  attempts: z.number().int(),
  failures: z.number().int(),
  series: z.array(z.object({ at: z.string(), attempts: z.number().int(), failures: z.number().int() })),
});

export const loginClientRowSchema = z.object({
  application_id: z.string().nullable(),
  client_ip: z.string(),
  attempts: z.number().int(),
  failures: z.number().int(),
  failure_rate: z.number(),
  accounts: z.number().int(),
  refused: z.number().int(),
  kinds: z.array(z.enum(LOGIN_CLIENT_KINDS)),
  last_at: z.string(),
});

export const loginAccountRowSchema = z.object({
  application_id: z.string().nullable(),
  /** Masked ('j***@example.com') for those who may not read the edges' logs. */
  account: z.string(),
  attempts: z.number().int(),
  failures: z.number().int(),
  clients: z.number().int(),
  kinds: z.array(z.enum(LOGIN_ACCOUNT_KINDS)),
  state: z.enum(LOGIN_ACCOUNT_STATES),
  last_at: z.string(),
});

export const loginDetectionSchema = z.object({
  id: z.string(),
  at: z.string(),
  application_id: z.string().nullable(),
  application: z.string().nullable(),
  client_ip: z.string(),
  path: z.string(),
  action: z.enum(WAF_ACTIONS),
  /** The guard's words: 'credential stuffing: 11 failed logins from this address'. */
  detail: z.string().nullable(),
});

export const wafAuthAbuseViewSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** Whether account names and client addresses are shown masked (the reader may not read the edges' logs). */
  masked: z.boolean(),
  attempts: z.number().int(),
  failures: z.number().int(),
  endpoints: z.array(loginEndpointStatsSchema),
  clients: z.array(loginClientRowSchema),
  accounts: z.array(loginAccountRowSchema),
  detections: z.array(loginDetectionSchema),
});
export type WafAuthAbuseView = z.infer<typeof wafAuthAbuseViewSchema>;
