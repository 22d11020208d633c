import { TIMING, type LiveRequest } from '@netloom/domain';
import { parseLiveFrame, type LiveMessage } from './live-messages';

/** The parts of a WebSocket the connection uses, so tests can hand in a fake. */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onclose: ((ev: { code: number }) => void) | null;
  onerror: ((ev: unknown) => void) | null;
}

const OPEN = 1;

/** Close codes of the hub that no retry can fix: the user may not watch this tenant or device. */
const REFUSED_CLOSE_CODES: ReadonlySet<number> = new Set([4403, 4404]);

export type LiveStatus = 'connecting' | 'live' | 'retrying' | 'offline' | 'refused' | 'stopped';

export interface LiveConnectionDeps {
  url: string;
  /** Read at every (re)connect: a refreshed session brings a new access token. */
  token: () => string | null;
  request: () => LiveRequest;
  onMessage: (message: LiveMessage) => void;
  onStatus?: (status: LiveStatus) => void;
  /** Fetch the device list and tenant info over HTTP while the socket is down. */
  onFallback?: () => void;
  /** HEAD on the health path: retrying against a server that does not answer is pointless. */
  backendReachable: () => Promise<boolean>;
  isDashboardPage: () => boolean;
  reload: () => void;
  createSocket: (url: string) => SocketLike;
  online?: () => boolean;
  /** Where 'online' and 'visibilitychange' are listened for; the browser's by default. */
  events?: {
    win: Pick<Window, 'addEventListener' | 'removeEventListener'>;
    doc: Pick<Document, 'addEventListener' | 'removeEventListener' | 'visibilityState'>;
  };
}

/**
 * The console's live socket (spec 000 §4, 001 §4 "Real-time connection"): the token is the first
 * message of every connection; the live request goes out on open and every 10 s; on error or
 * close it retries every second while the browser is online and the backend answers, falling back
 * to HTTP on dashboard pages; a tab that comes back with the socket closed on a dashboard reloads.
 */
export class LiveConnection {
  private socket: SocketLike | null = null;
  private status: LiveStatus = 'stopped';
  private requestTimer: ReturnType<typeof setInterval> | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  /** One HTTP fallback per outage; the dashboard's 15 s poll keeps the data fresh after that. */
  private fellBack = false;
  private readonly online: () => boolean;
  private readonly events: NonNullable<LiveConnectionDeps['events']>;

  constructor(private readonly deps: LiveConnectionDeps) {
    this.online = deps.online ?? (() => navigator.onLine);
    this.events = deps.events ?? { win: window, doc: document };
  }

  current(): LiveStatus {
    return this.status;
  }

  start(): void {
    if (this.status !== 'stopped') return;
    this.events.win.addEventListener('online', this.onOnline);
    this.events.doc.addEventListener('visibilitychange', this.onVisibility);
    this.connect();
  }

  stop(): void {
    this.events.win.removeEventListener('online', this.onOnline);
    this.events.doc.removeEventListener('visibilitychange', this.onVisibility);
    this.clearTimers();
    this.setStatus('stopped');
    const s = this.socket;
    this.socket = null;
    if (s) {
      s.onclose = s.onmessage = s.onerror = s.onopen = null;
      s.close(1000, 'done');
    }
  }

  /** Sends the live request now (a network change); the hub answers with a full list. */
  sendRequest(): void {
    if (this.socket?.readyState === OPEN) this.socket.send(JSON.stringify(this.deps.request()));
  }

  /** The user asked to retry: reconnect at once unless already live. */
  reconnectNow(): void {
    if (this.status === 'live' || this.status === 'connecting' || this.status === 'stopped') return;
    this.clearTimers();
    this.connect();
  }

  private setStatus(status: LiveStatus) {
    if (status === this.status) return;
    this.status = status;
    this.deps.onStatus?.(status);
  }

  private clearTimers() {
    if (this.requestTimer) clearInterval(this.requestTimer);
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.requestTimer = this.retryTimer = null;
  }

  private connect() {
    this.setStatus('connecting');
    const socket = this.deps.createSocket(this.deps.url);
    this.socket = socket;
    socket.onopen = () => {
      const token = this.deps.token();
      if (token) socket.send(JSON.stringify({ token }));
      socket.send(JSON.stringify(this.deps.request()));
      this.requestTimer = setInterval(() => this.sendRequest(), TIMING.liveRequestMs);
    };
    socket.onmessage = (ev) => {
      if (typeof ev.data !== 'string') return;
      const messages = parseLiveFrame(ev.data);
      if (messages.length === 0) return;
      this.fellBack = false;
      this.setStatus('live');
      for (const m of messages) this.deps.onMessage(m);
    };
    // Browsers always follow an error with a close: the close decides.
    socket.onerror = () => {};
    socket.onclose = (ev) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.clearTimers();
      if (REFUSED_CLOSE_CODES.has(ev.code)) return this.setStatus('refused');
      this.scheduleRetry();
    };
  }

  private scheduleRetry() {
    this.setStatus('retrying');
    if (!this.fellBack && this.deps.isDashboardPage()) {
      this.fellBack = true;
      this.deps.onFallback?.();
    }
    this.retryTimer = setTimeout(() => void this.retry(), TIMING.socketRetryMs);
  }

  private async retry() {
    this.retryTimer = null;
    if (!this.online()) return this.setStatus('offline'); // the 'online' event resumes
    const reachable = await this.deps.backendReachable().catch(() => false);
    if (this.status === 'stopped' || this.socket) return;
    if (reachable) this.connect();
    else this.retryTimer = setTimeout(() => void this.retry(), TIMING.socketRetryMs);
  }

  private readonly onOnline = () => {
    if (this.status === 'offline') void this.retry();
  };

  private readonly onVisibility = () => {
    if (this.events.doc.visibilityState !== 'visible') return;
    // A refused socket stays refused after a reload; only a dropped one is worth the reload.
    const dropped = this.status === 'retrying' || this.status === 'offline';
    if (dropped && this.deps.isDashboardPage()) this.deps.reload();
  };
}
