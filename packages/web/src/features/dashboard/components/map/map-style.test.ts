import { describe, expect, it } from 'vitest';
import { buildMapStyle, configuredTiles } from './map-style';
import { splitAtAntimeridian, worldFromTopology } from './world-basemap';

describe('buildMapStyle', () => {
  it('draws an offline basemap by default: water, land and borders with no server', () => {
    const style = buildMapStyle();
    expect(style.layers.map((l) => l.id)).toEqual(['water', 'land', 'coast', 'borders']);
    expect(Object.values(style.sources).every((s) => s.type === 'geojson')).toBe(true);
    expect(style.glyphs).toBeUndefined();
    expect(style.sprite).toBeUndefined();
  });

  it('uses raster tiles instead when a tile URL is configured', () => {
    const style = buildMapStyle({ tileUrl: 'https://tiles.example/{z}/{x}/{y}.png', tileAttribution: '© Example' });
    expect(style.layers).toEqual([{ id: 'tiles', type: 'raster', source: 'tiles' }]);
    expect(style.sources.tiles).toMatchObject({ type: 'raster', tiles: ['https://tiles.example/{z}/{x}/{y}.png'], attribution: '© Example' });
  });
});

describe('configuredTiles', () => {
  it('reads the tile URL from the build environment, blank meaning none', () => {
    expect(configuredTiles({ VITE_MAP_TILE_URL: ' https://t/{z}/{x}/{y}.png ' })).toEqual({ tileUrl: 'https://t/{z}/{x}/{y}.png', tileAttribution: null });
    expect(configuredTiles({ VITE_MAP_TILE_URL: '' })).toEqual({ tileUrl: null, tileAttribution: null });
    expect(configuredTiles({})).toEqual({ tileUrl: null, tileAttribution: null });
  });
});

describe('worldFromTopology', () => {
  it('turns countries into land polygons and shared borders', () => {
    // Two unit squares sharing the arc x=1: the border is that arc only.
    const topology = {
      type: 'Topology' as const,
      arcs: [
        [[1, 0], [1, 1]],
        [[1, 1], [0, 1], [0, 0], [1, 0]],
        [[1, 0], [2, 0], [2, 1], [1, 1]],
      ],
      objects: {
        countries: {
          type: 'GeometryCollection' as const,
          geometries: [
            { type: 'Polygon' as const, arcs: [[0, 1]], id: 'A' },
            { type: 'Polygon' as const, arcs: [[2, ~0]], id: 'B' },
          ],
        },
        land: { type: 'GeometryCollection' as const, geometries: [] },
      },
    };
    const world = worldFromTopology(topology as Parameters<typeof worldFromTopology>[0]);
    expect(world.land.features).toHaveLength(2);
    expect(world.borders.coordinates).toEqual([[[1, 0], [1, 1]]]);
    // The outline of both countries, stitched into one line; the shared edge is a border, not a coast.
    expect(world.coasts.coordinates).toEqual([[[1, 1], [0, 1], [0, 0], [1, 0], [2, 0], [2, 1], [1, 1]]]);
  });

  it('splits lines where they jump across the antimeridian instead of crossing the world', () => {
    const split = splitAtAntimeridian({ type: 'MultiLineString', coordinates: [[[178, -17], [180, -17], [-180, -17], [-179, -16]], [[10, 10], [-175, 10]], [[179, 66], [180, 66], [180, 68], [179, 69]]] });
    expect(split.coordinates).toEqual([[[178, -17], [180, -17]], [[-180, -17], [-179, -16]], [[179, 66], [180, 66]], [[180, 68], [179, 69]]]);
  });
});
