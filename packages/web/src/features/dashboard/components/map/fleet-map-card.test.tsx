import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '@/test/render';
import { deviceRow } from '@/test/device-row';
import { FleetMapCard } from './fleet-map-card';
import { sampleFleet } from '@dev/gallery/sample-devices';

// jsdom has no WebGL: these tests cover everything the card decides before MapLibre draws.
describe('FleetMapCard', () => {
  afterEach(() => vi.restoreAllMocks());

  it("says 'No Data Available' when no device has a position", () => {
    renderWithProviders(<FleetMapCard devices={[deviceRow('a', { latitude: null, longitude: null }), deviceRow('b', { deviceStatus: 'registered' })]} />);
    expect(screen.getByTestId('fleet-map').textContent).toContain('No Data Available');
    expect(screen.queryByText('Invalid latitude or longitude values')).toBeNull();
  });

  it('shows a friendly panel, not a crash, when the browser has no WebGL', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderWithProviders(<FleetMapCard devices={[deviceRow('a')]} />);
    const panel = screen.getByRole('alert');
    expect(panel.textContent).toContain('Map unavailable');
    expect(panel.textContent).toContain('WebGL');
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('leaves bad coordinates off the map with a notice naming how many', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderWithProviders(
      <FleetMapCard devices={[deviceRow('a'), deviceRow('b', { latitude: 123, longitude: 80 }), deviceRow('c', { latitude: 13, longitude: Number.NaN })]} />,
    );
    const notice = screen.getByRole('status');
    expect(notice.textContent).toContain('Invalid latitude or longitude values');
    expect(notice.textContent).toContain('(2)');
  });

  it('still raises the notice when every positioned device is invalid', () => {
    renderWithProviders(<FleetMapCard devices={[deviceRow('b', { latitude: -91, longitude: 0 })]} />);
    expect(screen.getByText('No Data Available')).toBeTruthy();
    expect(screen.getByText('Invalid latitude or longitude values')).toBeTruthy();
  });

  it('accepts the gallery fleet: thousands of devices, three of them unmappable', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderWithProviders(<FleetMapCard devices={sampleFleet(2000)} height={300} />);
    expect(screen.getByRole('status').textContent).toContain('(3)');
  });
});
