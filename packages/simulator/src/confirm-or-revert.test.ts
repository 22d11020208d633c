import { describe, expect, it } from 'vitest';
import { ConfirmOrRevert } from './confirm-or-revert';

const route = (name: string) => ({ static_routes: [{ id: '00000000-0000-4000-8000-000000000001', name, destination: '10.0.0.0/8', gateway: '10.255.0.1' }] });
const before = { hash: 'cfg-1', config: null };
const WINDOW = 60_000;

describe('confirm-or-revert on a simulated gateway', () => {
  it('undoes a push when the management connection is lost within the window, and reports it once', () => {
    const pushes = new ConfirmOrRevert(WINDOW);
    expect(pushes.push('job-1', { document: route('new') }, before, 0)).toMatchObject({ ok: true });
    expect(pushes.connectionLost(WINDOW - 1)).toEqual(before);
    expect(pushes.takeReport()).toMatchObject({ type: 'config_reverted', job_id: 'job-1', config_hash: 'cfg-1' });
    expect(pushes.takeReport()).toBeNull();
  });

  it('refuses the same push delivered again after it was undone', () => {
    const pushes = new ConfirmOrRevert(WINDOW);
    pushes.push('job-1', { document: route('new') }, before, 0);
    pushes.connectionLost(1);
    expect(pushes.push('job-1', { document: route('new') }, before, 2)).toEqual({
      ok: false,
      error: 'reverted after the management connection was lost; not applied again',
    });
    expect(pushes.push('job-2', { document: route('newer') }, before, 3)).toMatchObject({ ok: true });
  });

  it('keeps a push once the window passed with the connection up, or a connection lost after it', () => {
    const confirmed = new ConfirmOrRevert(WINDOW);
    confirmed.push('job-1', { document: route('new') }, before, 0);
    confirmed.confirmDue(WINDOW + 1);
    expect(confirmed.connectionLost(WINDOW + 2)).toBeNull();
    const late = new ConfirmOrRevert(WINDOW);
    late.push('job-1', { document: route('new') }, before, 0);
    expect(late.connectionLost(WINDOW + 1)).toBeNull();
    expect(late.takeReport()).toBeNull();
  });

  it('keeps nothing for the window when a push is refused', () => {
    const pushes = new ConfirmOrRevert(WINDOW);
    expect(pushes.push('job-1', { document: { static_routes: [{ name: 'no id' }] } }, before, 0)).toMatchObject({ ok: false });
    expect(pushes.connectionLost(1)).toBeNull();
  });
});
