import { randomId } from './util.ts';

const KEY = 'netloom_rum';

interface SessionState {
  /** The session id, random, kept for the tab's session only (sessionStorage: no cookie). */
  sid: string;
  /** Whether this session is sampled in: decided once, so a session is measured whole or not at all. */
  in: boolean;
}

/**
 * The tab's session: read from sessionStorage, or started with a fresh id and a sampling draw. Where
 * storage is refused (privacy modes, sandboxed frames) the session lasts as long as the page.
 */
export function session(sample: number): SessionState {
  try {
    const saved = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as SessionState | null;
    if (saved && typeof saved.sid === 'string' && /^[\w-]{8,64}$/.test(saved.sid) && typeof saved.in === 'boolean') return saved;
  } catch {
    // Storage refused or garbled: start afresh.
  }
  const state: SessionState = { sid: randomId(), in: Math.random() < sample };
  try {
    sessionStorage.setItem(KEY, JSON.stringify(state));
  } catch {
    // Not kept: this page's own draw stands.
  }
  return state;
}
