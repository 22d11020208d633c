import type { WafLoginProtection } from '@netloom/domain';

/** Failures remembered per application at most (addresses and accounts together): the oldest go first. */
const MAX_KEYS = 100_000;

/**
 * An application's failed logins over its window, by client address and by account: what tells
 * credential stuffing (one address, many failures), an account under attack (many failures on
 * it) and a distributed attack (many addresses failing on one account) apart from a user who
 * mistyped a password.
 */
export class LoginWatch {
  private readonly byClient = new Map<string, number[]>();
  private readonly byAccount = new Map<string, { at: number; client: string }[]>();

  /** Why a login attempt from this address on this account is under attack (null: it is not). */
  suspicion(client: string, account: string | null, rules: WafLoginProtection, now = Date.now()): string | null {
    const since = now - rules.window_minutes * 60_000;
    const fromClient = this.recent(this.byClient, client, since).length;
    if (fromClient >= rules.client_failures) return `credential stuffing: ${fromClient} failed logins from this address in ${rules.window_minutes} min`;
    if (account === null) return null;
    const onAccount = this.recent(this.byAccount, account, since);
    if (onAccount.length >= rules.account_failures)
      return `account under attack: ${onAccount.length} failed logins on ${account} in ${rules.window_minutes} min`;
    const clients = new Set(onAccount.map((f) => f.client)).size;
    if (clients >= rules.account_clients) return `distributed attack: ${clients} addresses failed on ${account} in ${rules.window_minutes} min`;
    return null;
  }

  /** A failed login (the origin's answer said so). */
  failed(client: string, account: string | null, now = Date.now()): void {
    this.push(this.byClient, client, now);
    if (account !== null) this.push(this.byAccount, account, { at: now, client });
  }

  private recent<T extends number | { at: number }>(map: Map<string, T[]>, key: string, since: number): T[] {
    const list = map.get(key);
    if (!list) return [];
    const kept = list.filter((f) => (typeof f === 'number' ? f : f.at) >= since);
    if (kept.length) map.set(key, kept);
    else map.delete(key);
    return kept;
  }

  private push<T>(map: Map<string, T[]>, key: string, value: T): void {
    const list = map.get(key) ?? [];
    list.push(value);
    // The newest 10 000 of one key are enough to judge it.
    if (list.length > 10_000) list.shift();
    map.delete(key);
    map.set(key, list);
    if (this.byClient.size + this.byAccount.size > MAX_KEYS) {
      const oldest = map.keys().next().value;
      if (oldest !== undefined) map.delete(oldest);
    }
  }
}
