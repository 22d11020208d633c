import { describe, expect, it } from 'vitest';
import { viewportFromParams, viewportToParams } from './map-view-params';

const read = (query: string) => viewportFromParams(new URLSearchParams(query));

describe('map viewport in the URL', () => {
  it('reads the centre and zoom a link names', () => {
    expect(read('map=13.0827,80.2707,10')).toEqual({ lat: 13.0827, lng: 80.2707, zoom: 10 });
    expect(read('q=edge&map=-33.8688,151.2093,4.5')).toEqual({ lat: -33.8688, lng: 151.2093, zoom: 4.5 });
  });

  it('ignores a viewport it cannot show, so the map fits the devices instead', () => {
    for (const bad of ['', 'map=', 'map=13,80', 'map=13,80,10,2', 'map=a,b,c', 'map=13,80,', 'map=1e3,80,10', 'map=NaN,0,1']) {
      expect(read(bad)).toBeNull();
    }
    // Off the web map: past the poles MapLibre cannot centre, past ±180°, below zoom 0 or past the maximum (20).
    for (const bad of ['map=89,0,3', 'map=0,181,3', 'map=0,0,-1', 'map=0,0,21']) expect(read(bad)).toBeNull();
  });

  it('writes a short, rounded viewport and keeps the other params', () => {
    const next = viewportToParams({ lat: 13.082712345, lng: 80.270698765, zoom: 10 }, new URLSearchParams('q=edge&page=2'));
    expect(next.toString()).toBe('q=edge&page=2&map=13.0827%2C80.2707%2C10');
    expect(viewportToParams({ lat: 0.00001, lng: -0.00001, zoom: 3.456 }, new URLSearchParams()).get('map')).toBe('0,0,3.46');
  });

  it('writes a view panned across the date line as the same place on the one world', () => {
    const written = viewportToParams({ lat: 64.7, lng: 190.5, zoom: 3 }, new URLSearchParams());
    expect(written.get('map')).toBe('64.7,-169.5,3');
    expect(read(written.toString())).toEqual({ lat: 64.7, lng: -169.5, zoom: 3 });
    expect(viewportToParams({ lat: 10, lng: -540, zoom: 2 }, new URLSearchParams()).get('map')).toBe('10,-180,2');
  });

  it('takes the viewport out again when the map follows the devices', () => {
    expect(viewportToParams(null, new URLSearchParams('q=edge&map=13,80,10')).toString()).toBe('q=edge');
  });

  it('reads back what it writes', () => {
    const view = { lat: -22.9068, lng: -43.1729, zoom: 12.25 };
    expect(read(viewportToParams(view, new URLSearchParams()).toString())).toEqual(view);
  });
});
