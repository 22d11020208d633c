import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render } from '@testing-library/react';
import { FakeSocket } from '@/test/fake-socket';
import { useConfigChanges, type ConfigChange } from './config-feed';

const TENANT = '00000000-0000-4000-8000-00000000000a';

function Watcher({ onChange, onLive }: { onChange: ConfigChange; onLive: (live: boolean) => void }) {
  onLive(useConfigChanges(TENANT, onChange));
  return null;
}

describe("the tenant's configuration feed", () => {
  beforeEach(() => {
    FakeSocket.all = [];
    vi.stubGlobal('WebSocket', FakeSocket);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shares one socket, tells every view of the devices that moved on in one batch, and says when it is down', async () => {
    const a: (ReadonlySet<string> | null)[] = [];
    const b: (ReadonlySet<string> | null)[] = [];
    let live = false;
    const view = render(
      <>
        <Watcher onChange={(ids) => a.push(ids)} onLive={(l) => (live = l)} />
        <Watcher onChange={(ids) => b.push(ids)} onLive={() => undefined} />
      </>,
    );
    await vi.waitFor(() => expect(live).toBe(true));
    expect(FakeSocket.all.filter((s) => s.url.endsWith('?feed=config'))).toHaveLength(1);
    const socket = FakeSocket.of('config')!;
    expect(JSON.parse(socket.sent[0]!)).toHaveProperty('token');
    // On (re)connection every view reads again what it shows: anything may have changed meanwhile.
    expect(a).toEqual([null]);

    act(() => {
      socket.receive({ kind: 'config', device_id: 'd1', state: 'syncing' });
      socket.receive({ kind: 'config', device_id: 'd2', state: 'syncing' });
      socket.receive({ kind: 'config', device_id: 'd1', state: 'synced' });
      socket.receive({ something: 'else' });
    });
    await vi.waitFor(() => expect(a).toHaveLength(2));
    expect([...a[1]!].sort()).toEqual(['d1', 'd2']);
    expect(b).toEqual(a);

    act(() => socket.onclose?.({ code: 1006 }));
    await vi.waitFor(() => expect(live).toBe(false));
    view.unmount();
    expect(socket.closed).toBe(true);
  });
});
