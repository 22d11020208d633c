import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { FREE_TRIAL_DIALOG_TITLE } from '@netloom/domain';
import { externalLinks } from '@/paths';
import { demoAccount } from '@/lib/demo-account';
import { tourLauncher } from '@/features/tours/tour-launcher';
import { registerNavigator } from '@/lib/navigation';
import { sessionStore } from '@/lib/session/session-store';
import { fakeApi } from '@/test/fake-api';
import { signIn } from '@/test/query-wrapper';
import { renderWithProviders } from '@/test/render';
import { TourHost } from './tour-host';
import { FreeTrialDialog } from './free-trial-dialog';

const USER = '00000000-0000-4000-8000-000000000001';
// jsdom lays nothing out; everything rendered counts as on the page.
const realRects = Element.prototype.getClientRects;
beforeEach(() => {
  vi.useFakeTimers();
  Element.prototype.getClientRects = () => [new DOMRect(0, 0, 10, 10)] as unknown as DOMRectList;
});
afterEach(() => {
  Element.prototype.getClientRects = realRects;
  vi.useRealTimers();
  document.querySelectorAll('.driver-popover, .driver-overlay').forEach((e) => e.remove());
});

const popoverTitle = () => document.querySelector('.driver-popover-title')?.textContent ?? null;
const next = () => fireEvent.click(document.querySelector('.driver-popover-next-btn')!);
const dialog = () => screen.queryByRole('dialog', { name: FREE_TRIAL_DIALOG_TITLE });

/** A console page with a few of the demo tour's places: the menu's dashboard, a tile and the search box. */
function Page() {
  return (
    <div>
      <a data-tour="home dashboard">Dashboard</a>
      <div data-tour="totalDevices">Total Devices 3</div>
      <input data-tour="search" aria-label="Search" />
    </div>
  );
}

describe('demo tour', () => {
  it('starts 2 s after the demo account signs in, pauses for the free-trial dialog, and Skip resumes 300 ms after', async () => {
    renderWithProviders(
      <>
        <Page />
        <TourHost userId={USER} />
      </>,
    );
    act(() => demoAccount.announce(Date.now()));
    // 2000 ms after the event, then the tours' 200 ms start delay.
    await act(() => vi.advanceTimersByTimeAsync(2_199));
    expect(popoverTitle()).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(popoverTitle()).toBe('Dashboard');
    expect(demoAccount.pending()).toBeNull();

    // The menu's other places are not on this page: the next stop is Total Devices, which pauses first.
    act(() => next());
    expect(dialog()).not.toBeNull();
    expect(dialog()!.querySelector('[data-tour-pause]')?.getAttribute('data-tour-pause')).toBe('totalDevices');
    expect(popoverTitle()).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Skip' }));
    expect(dialog()).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(299));
    expect(popoverTitle()).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(popoverTitle()).toBe('Total Devices');
  });

  it('Sign Up stops the tour, ends the session and opens sign-up 1000 ms later', async () => {
    const api = fakeApi({ 'POST auth/logout/': () => ({ detail: 'Successfully logged out.' }) });
    const navigate = vi.fn();
    registerNavigator(navigate);
    signIn('owner');
    renderWithProviders(
      <>
        <Page />
        <TourHost userId={USER} />
      </>,
    );
    act(() => demoAccount.announce(Date.now()));
    await act(() => vi.advanceTimersByTimeAsync(2_200));
    act(() => next());
    fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(dialog()).toBeNull();

    await act(() => vi.advanceTimersByTimeAsync(999));
    expect(navigate).not.toHaveBeenCalled();
    expect(sessionStore.get().status).toBe('authenticated');
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(sessionStore.get().status).toBe('anonymous');
    expect(api.calls.some((c) => c.method === 'POST' && c.path === 'auth/logout/')).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(navigate).toHaveBeenCalledWith('/auth/sign-up', { replace: true });
    // The tour does not come back.
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(popoverTitle()).toBeNull();
  });

  it('the end dialog has no Skip, and closing it ends the tour', async () => {
    renderWithProviders(
      <>
        <a data-tour="profile">Profile</a>
        <TourHost userId={USER} />
      </>,
    );
    act(() => demoAccount.announce(Date.now()));
    await act(() => vi.advanceTimersByTimeAsync(2_200));
    // No tile and no search box here: both pauses come anyway, each resumed by closing the dialog.
    for (let i = 0; i < 2; i++) {
      expect(screen.getByRole('button', { name: 'Skip' })).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'Close' }));
      await act(() => vi.advanceTimersByTimeAsync(300));
    }
    expect(popoverTitle()).toBe('Profile');
    act(() => next());
    expect(dialog()).not.toBeNull();
    expect(screen.queryByRole('button', { name: 'Skip' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(dialog()).toBeNull();
    expect(popoverTitle()).toBeNull();
  });
});

describe('starting tours', () => {
  it('Quick Tour replaces a running tour; a start by the console gives way to it', async () => {
    renderWithProviders(
      <>
        <a data-tour="home dashboard">Dashboard</a>
        <a data-tour="sdWan">SD-WAN Gateway</a>
        <TourHost userId={USER} />
      </>,
    );
    act(() => tourLauncher.start('sdwan'));
    await act(() => vi.advanceTimersByTimeAsync(200));
    act(() => next());
    expect(popoverTitle()).toBe('SD-WAN Gateway');
    act(() => tourLauncher.start('ztna', { auto: true }));
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(popoverTitle()).toBe('SD-WAN Gateway');
    act(() => tourLauncher.start('sdwan'));
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(popoverTitle()).toBe('Dashboard');
  });
});

describe('free-trial dialog', () => {
  it('Schedule a Call opens the contact page in a new window', () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderWithProviders(<FreeTrialDialog kind="pause" userId={USER} onClose={() => {}} onSignUp={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Schedule a Call' }));
    expect(open).toHaveBeenCalledWith(externalLinks.scheduleCall, '_blank', 'noopener,noreferrer');
  });

  it('an Explore topic opens its tutorial and is struck through afterwards, for that user only', () => {
    const topic = () => screen.getByText('Web Filering');
    const { unmount } = renderWithProviders(<FreeTrialDialog kind="pause" userId={USER} onClose={() => {}} onSignUp={() => {}} />);
    expect(topic().style.textDecoration).toBe('');
    fireEvent.click(topic());
    const tutorial = screen.getByRole('dialog', { name: 'Web Filering' });
    expect(tutorial.textContent).toContain('Open Web filter › URL Filtering and create a policy.');
    fireEvent.click(screen.getAllByRole('button', { name: 'Close' }).at(-1)!);
    expect(screen.queryByRole('dialog', { name: 'Web Filering' })).toBeNull();
    expect(topic().style.textDecoration).toBe('line-through');
    expect(screen.getByText('Data protection policy').style.textDecoration).toBe('');
    unmount();

    // Remembered for this user, not for another.
    const again = renderWithProviders(<FreeTrialDialog kind="end" userId={USER} onClose={() => {}} onSignUp={() => {}} />);
    expect(topic().style.textDecoration).toBe('line-through');
    again.unmount();
    renderWithProviders(<FreeTrialDialog kind="end" userId="someone-else" onClose={() => {}} onSignUp={() => {}} />);
    expect(topic().style.textDecoration).toBe('');
  });
});
