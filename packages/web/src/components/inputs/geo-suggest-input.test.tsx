import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '@/test/render';
import { GeoSuggestInput } from './geo-suggest-input';
import { searchPlaces, type Place, type PlaceSearch } from './geo-places';

const berlin: Place = {
  name: 'Berlin',
  formatted_address: 'Berlin, Germany',
  country: 'DE',
  geometry: { lat: 52.52, lng: 13.405 },
};
const bern: Place = { name: 'Bern', formatted_address: 'Bern, Switzerland', country: 'CH', geometry: { lat: 46.948, lng: 7.447 } };

function Harness({ search, required }: { search: PlaceSearch; required?: boolean }) {
  const [place, setPlace] = useState<Place | null>(null);
  return (
    <>
      <GeoSuggestInput label="Location" value={place} onChange={setPlace} search={search} required={required} />
      <button type="button">elsewhere</button>
      <output data-testid="place">{place ? `${place.formatted_address} @ ${place.geometry.lat},${place.geometry.lng}` : 'none'}</output>
    </>
  );
}

const input = () => screen.getByRole('combobox', { name: /Location/ });

afterEach(() => vi.unstubAllGlobals());

describe('GeoSuggestInput', () => {
  it('searches once the user pauses typing and stores the chosen place with its coordinates', async () => {
    const search = vi.fn<PlaceSearch>(async () => [berlin, bern]);
    const { user } = renderWithProviders(<Harness search={search} />);
    expect(input().getAttribute('placeholder')).toBe('Enter a location');

    await user.type(input(), 'Ber');
    await user.click(await screen.findByRole('option', { name: 'Berlin, Germany' }));

    expect(screen.getByTestId('place').textContent).toBe('Berlin, Germany @ 52.52,13.405');
    // Debounced: one call for the whole word, not one per keystroke.
    expect(search).toHaveBeenCalledTimes(1);
    expect(search.mock.calls[0]?.[0]).toBe('Ber');
  });

  it('refuses free text that was not chosen from the list', async () => {
    const search = vi.fn<PlaceSearch>(async () => [berlin]);
    const { user } = renderWithProviders(<Harness search={search} />);
    await user.type(input(), 'Somewhere nice');
    await user.click(screen.getByRole('button', { name: 'elsewhere' }));
    expect(screen.getByText('Please select a location from the list')).toBeTruthy();
    expect(screen.getByTestId('place').textContent).toBe('none');
  });

  it('forgets the chosen place when the user edits its text', async () => {
    const search = vi.fn<PlaceSearch>(async () => [berlin]);
    const { user } = renderWithProviders(<Harness search={search} />);
    await user.type(input(), 'Berl');
    await user.click(await screen.findByRole('option', { name: 'Berlin, Germany' }));
    await user.type(input(), 'x');
    expect(screen.getByTestId('place').textContent).toBe('none');
  });

  it('asks for a value when required and left empty', async () => {
    const { user } = renderWithProviders(<Harness search={async () => []} required />);
    await user.click(input());
    await user.click(screen.getByRole('button', { name: 'elsewhere' }));
    expect(screen.getByText('Field is required')).toBeTruthy();
  });

  it('tells the user when the search fails', async () => {
    const { user } = renderWithProviders(<Harness search={() => Promise.reject(new Error('down'))} />);
    await user.type(input(), 'Ber');
    expect(await screen.findByText('Location search is unavailable, please try again')).toBeTruthy();
  });
});

describe('searchPlaces', () => {
  it('asks the server for places and returns its validated results', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ results: [berlin] }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(searchPlaces('Berl', { limit: 5 })).resolves.toEqual([berlin]);
    const url = String((fetchMock.mock.calls[0] as unknown[] | undefined)?.[0]);
    expect(url).toContain('/api/v1/geo/places/?');
    expect(url).toContain('q=Berl');
    expect(url).toContain('limit=5');
  });

  it('refuses an answer without coordinates', async () => {
    const noGeometry = { results: [{ name: 'X', formatted_address: 'X', country: 'DE' }] };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(noGeometry), { status: 200 })),
    );
    await expect(searchPlaces('X1')).rejects.toMatchObject({ detail: 'Unexpected answer from server' });
  });
});
