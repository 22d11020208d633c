import { describe, expect, it } from 'vitest';
import { wafLoginProtectionSchema } from './api-guard';
import {
  loginAccountState,
  loginClientKinds,
  maskAccount,
  maskAddress,
  rankLoginAccounts,
  rankLoginClients,
  type LoginAccountCount,
  type LoginClientCount,
} from './auth-abuse';

const s = wafLoginProtectionSchema.parse({ enabled: true, client_failures: 10, account_failures: 5, account_clients: 5, window_minutes: 10 });
const now = new Date('2026-11-30T12:00:00Z');
const client = (over: Partial<LoginClientCount>): LoginClientCount => ({
  applicationId: 'app',
  clientIp: '198.51.100.7',
  attempts: 2,
  failures: 0,
  accounts: 1,
  failedAccounts: 0,
  maxAccountFailures: 0,
  refused: 0,
  lastAt: now,
  ...over,
});
const account = (over: Partial<LoginAccountCount>): LoginAccountCount => ({
  applicationId: 'app',
  account: 'jane@example.com',
  attempts: 1,
  failures: 0,
  clients: 1,
  failedClients: 0,
  lastAt: now,
  lastRefusedAt: null,
  lastRefusedAction: null,
  ...over,
});

describe('authentication abuse', () => {
  it('tells a stuffing script, a sprayer and a brute-forcer from a person who mistyped their password', () => {
    // A person: two tries, one failed.
    expect(loginClientKinds(client({ attempts: 2, failures: 1, accounts: 1, failedAccounts: 1, maxAccountFailures: 1 }), s)).toEqual([]);
    // Leaked pairs tried in turn: 40 attempts on 40 accounts, 38 failed.
    expect(loginClientKinds(client({ attempts: 40, failures: 38, accounts: 40, failedAccounts: 38, maxAccountFailures: 1 }), s)).toEqual([
      'credential_stuffing',
      'password_spraying',
    ]);
    // A few passwords across 8 accounts: 16 failures, slow, under the address threshold.
    expect(loginClientKinds(client({ attempts: 16, failures: 9, accounts: 8, failedAccounts: 8, maxAccountFailures: 2 }), s)).toEqual(['password_spraying']);
    // One account hammered.
    expect(loginClientKinds(client({ attempts: 6, failures: 6, accounts: 1, failedAccounts: 1, maxAccountFailures: 6 }), s)).toEqual(['brute_force']);
    // Many failures but mostly successes is a busy shared address (an office's NAT), not stuffing.
    expect(loginClientKinds(client({ attempts: 100, failures: 12, accounts: 90, failedAccounts: 3, maxAccountFailures: 4 }), s)).toEqual([]);
  });

  it('ranks the addresses matching most kinds first, then by failures', () => {
    const ranked = rankLoginClients(
      [
        client({ clientIp: '10.0.0.1', attempts: 3, failures: 2, failedAccounts: 1, maxAccountFailures: 2 }),
        client({ clientIp: '10.0.0.2', attempts: 6, failures: 6, failedAccounts: 1, maxAccountFailures: 6 }),
        client({ clientIp: '10.0.0.3', attempts: 40, failures: 38, accounts: 40, failedAccounts: 38, maxAccountFailures: 1 }),
      ],
      () => s,
    );
    expect(ranked.map((c) => c.clientIp)).toEqual(['10.0.0.3', '10.0.0.2', '10.0.0.1']);
    expect(ranked[0]!.failureRate).toBeCloseTo(0.95);
  });

  it('says an account is challenged while the edges acted on it within the window, under attack past a threshold', () => {
    const acted = account({ failures: 2, lastRefusedAt: new Date(now.getTime() - 5 * 60_000), lastRefusedAction: 'challenged' });
    expect(loginAccountState(acted, s, now)).toBe('challenged');
    expect(loginAccountState({ ...acted, lastRefusedAction: 'blocked' }, s, now)).toBe('blocked');
    // Acted on an hour ago: the window has passed.
    expect(loginAccountState({ ...acted, lastRefusedAt: new Date(now.getTime() - 3_600_000) }, s, now)).toBe('normal');
    expect(loginAccountState(account({ failures: 5, failedClients: 1 }), s, now)).toBe('under_attack');
    expect(loginAccountState(account({ failures: 4, failedClients: 4 }), s, now)).toBe('normal');
    expect(loginAccountState(account({ failures: 4, failedClients: 5 }), s, now)).toBe('under_attack');
  });

  it('ranks accounts the edges act on first, then those under attack', () => {
    const ranked = rankLoginAccounts(
      [
        account({ account: 'a', failures: 1 }),
        account({ account: 'b', failures: 7, failedClients: 1 }),
        account({ account: 'c', failures: 2, lastRefusedAt: now, lastRefusedAction: 'challenged' }),
      ],
      () => s,
      now,
    );
    expect(ranked.map((a) => [a.account, a.state])).toEqual([
      ['c', 'challenged'],
      ['b', 'under_attack'],
      ['a', 'normal'],
    ]);
    expect(ranked[1]!.kinds).toEqual(['brute_force']);
  });

  it("masks an account's name and a client's host for those who may not read the logs", () => {
    expect(maskAccount('jane.doe@example.com')).toBe('j***@example.com');
    expect(maskAccount('admin')).toBe('a***');
    expect(maskAccount('')).toBe('***');
    expect(maskAddress('198.51.100.7')).toBe('198.51.x.x');
    expect(maskAddress('nonsense')).toBe('x.x.x.x');
  });
});
