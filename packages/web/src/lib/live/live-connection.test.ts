import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LiveConnection, type LiveConnectionDeps, type SocketLike } from './live-connection';
import { deviceRow } from '@/test/device-row';

class FakeSocket implements SocketLike {
  readyState = 0;
  sent: unknown[] = [];
  onopen: SocketLike['onopen'] = null;
  onmessage: SocketLike['onmessage'] = null;
  onclose: SocketLike['onclose'] = null;
  onerror: SocketLike['onerror'] = null;
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  push(message: unknown) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
  drop(code = 1006) {
    this.readyState = 3;
    this.onerror?.({});
    this.onclose?.({ code });
  }
}

function setup(over: Partial<LiveConnectionDeps> = {}) {
  const sockets: FakeSocket[] = [];
  const win = new EventTarget();
  const doc = Object.assign(new EventTarget(), { visibilityState: 'visible' as DocumentVisibilityState });
  let token = 'token-1';
  let online = true;
  const deps = {
    url: 'ws://x/ws/status/t1',
    token: () => token,
    request: () => ({ tenant_id: 't1', network_id: null, type: 'device' as const }),
    onMessage: vi.fn(),
    onStatus: vi.fn(),
    onFallback: vi.fn(),
    backendReachable: vi.fn().mockResolvedValue(true),
    isDashboardPage: vi.fn().mockReturnValue(true),
    reload: vi.fn(),
    createSocket: () => {
      const s = new FakeSocket();
      sockets.push(s);
      return s;
    },
    online: () => online,
    events: { win, doc },
    ...over,
  };
  const conn = new LiveConnection(deps as LiveConnectionDeps);
  return {
    conn,
    deps,
    sockets,
    win,
    doc,
    setToken: (t: string) => (token = t),
    setOnline: (v: boolean) => (online = v),
  };
}

describe('LiveConnection (spec 000 §4 socket rules)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends the token first, then the live request, and repeats the request every 10 s', async () => {
    const { conn, sockets } = setup();
    conn.start();
    sockets[0]!.open();
    expect(sockets[0]!.sent).toEqual([{ token: 'token-1' }, { tenant_id: 't1', network_id: null, type: 'device' }]);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(sockets[0]!.sent).toHaveLength(4);
    conn.stop();
  });

  it('hands parsed deviceinfo and tenantinfo on and is live from the first message', () => {
    const { conn, sockets, deps } = setup();
    conn.start();
    sockets[0]!.open();
    expect(conn.current()).toBe('connecting');
    sockets[0]!.push({ deviceinfo: [deviceRow('a')], partial: true });
    expect(conn.current()).toBe('live');
    expect(deps.onMessage).toHaveBeenCalledWith({ kind: 'devices', rows: [deviceRow('a')], partial: true });
    conn.stop();
  });

  it('retries every second after a drop, falls back to HTTP once, and resends the (new) token', async () => {
    const { conn, sockets, deps, setToken } = setup();
    conn.start();
    sockets[0]!.open();
    sockets[0]!.push({ deviceinfo: [] });
    sockets[0]!.drop();
    expect(conn.current()).toBe('retrying');
    expect(deps.onFallback).toHaveBeenCalledTimes(1);

    setToken('token-2');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(deps.backendReachable).toHaveBeenCalledTimes(1);
    expect(sockets).toHaveLength(2);
    sockets[1]!.drop();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(sockets).toHaveLength(3);
    // Still the same outage: no second fallback.
    expect(deps.onFallback).toHaveBeenCalledTimes(1);
    sockets[2]!.open();
    expect(sockets[2]!.sent[0]).toEqual({ token: 'token-2' });
    conn.stop();
  });

  it('does not fall back to HTTP away from dashboard pages', () => {
    const { conn, sockets, deps } = setup({ isDashboardPage: vi.fn().mockReturnValue(false) });
    conn.start();
    sockets[0]!.drop();
    expect(deps.onFallback).not.toHaveBeenCalled();
    conn.stop();
  });

  it('keeps checking the backend every second and reconnects only once it answers', async () => {
    const reachable = vi.fn().mockResolvedValue(false);
    const { conn, sockets } = setup({ backendReachable: reachable });
    conn.start();
    sockets[0]!.drop();
    await vi.advanceTimersByTimeAsync(3_000);
    expect(reachable).toHaveBeenCalledTimes(3);
    expect(sockets).toHaveLength(1);
    reachable.mockResolvedValue(true);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(sockets).toHaveLength(2);
    conn.stop();
  });

  it('waits while the browser is offline and resumes on the online event', async () => {
    const { conn, sockets, win, setOnline } = setup();
    conn.start();
    setOnline(false);
    sockets[0]!.drop();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(conn.current()).toBe('offline');
    expect(sockets).toHaveLength(1);
    setOnline(true);
    win.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(sockets).toHaveLength(2);
    conn.stop();
  });

  it('gives up on 4403 and 4404: not allowed is not an outage', async () => {
    const { conn, sockets } = setup();
    conn.start();
    sockets[0]!.drop(4403);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(conn.current()).toBe('refused');
    expect(sockets).toHaveLength(1);
    conn.stop();
  });

  it('reloads when the tab becomes visible with the socket down on a dashboard page', () => {
    const { conn, sockets, doc, deps } = setup();
    conn.start();
    sockets[0]!.open();
    sockets[0]!.push({ deviceinfo: [] });
    doc.dispatchEvent(new Event('visibilitychange'));
    expect(deps.reload).not.toHaveBeenCalled();
    sockets[0]!.drop();
    doc.dispatchEvent(new Event('visibilitychange'));
    expect(deps.reload).toHaveBeenCalledTimes(1);
    conn.stop();
  });

  it('stop closes the socket and no retry follows', async () => {
    const { conn, sockets } = setup();
    conn.start();
    conn.stop();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(sockets).toHaveLength(1);
    expect(sockets[0]!.readyState).toBe(3);
  });
});
