import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { asEditorOnFamilyPages, renderPage, sent, server } from '@/test/family-page';
import { wirelessPage } from './wireless';

describe('a wireless section from nothing', () => {
  asEditorOnFamilyPages();

  it('asks for the country before an SSID can be added, and offers Add once the country is set', async () => {
    const fetchMock = server({ wireless: undefined });
    const { user, unmount } = renderPage(wirelessPage);
    expect(await screen.findByText(/^Choose the country the radios obey under Advanced first/)).toBeTruthy();
    expect(((await screen.findByRole('button', { name: 'Add ssid' })) as HTMLButtonElement).disabled).toBe(true);
    expect(sent(fetchMock)).toBeNull();
    unmount();

    server({
      wireless: { country: 'FR', radios: {}, ssids: [], advanced: { band_steering: false, fast_roaming: false, beacon_interval_ms: 100, dtim_period: 1 } },
    });
    renderPage(wirelessPage);
    expect(((await screen.findByRole('button', { name: 'Add ssid' })) as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByText(/^Choose the country/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Add ssid' }));
    expect(await screen.findByRole('dialog')).toBeTruthy();
  });
});
