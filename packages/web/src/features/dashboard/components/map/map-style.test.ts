import { describe, expect, it } from 'vitest';
import { buildMapStyle, configuredTiles } from './map-style';
import type { Position } from 'geojson';
import atlas from 'world-atlas/countries-50m.json';
import { splitAtAntimeridian, unwrapRings, worldFromTopology } from './world-basemap';

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
        [
          [1, 0],
          [1, 1],
        ],
        [
          [1, 1],
          [0, 1],
          [0, 0],
          [1, 0],
        ],
        [
          [1, 0],
          [2, 0],
          [2, 1],
          [1, 1],
        ],
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
    expect(world.borders.coordinates).toEqual([
      [
        [1, 0],
        [1, 1],
      ],
    ]);
    // The outline of both countries, stitched into one line; the shared edge is a border, not a coast.
    expect(world.coasts.coordinates).toEqual([
      [
        [1, 1],
        [0, 1],
        [0, 0],
        [1, 0],
        [2, 0],
        [2, 1],
        [1, 1],
      ],
    ]);
  });

  it('splits lines where they jump across the antimeridian instead of crossing the world', () => {
    const split = splitAtAntimeridian({
      type: 'MultiLineString',
      coordinates: [
        [
          [178, -17],
          [180, -17],
          [-180, -17],
          [-179, -16],
        ],
        [
          [10, 10],
          [-175, 10],
        ],
        [
          [179, 66],
          [180, 66],
          [180, 68],
          [179, 69],
        ],
      ],
    });
    expect(split.coordinates).toEqual([
      [
        [178, -17],
        [180, -17],
      ],
      [
        [-180, -17],
        [-179, -16],
      ],
      [
        [179, 66],
        [180, 66],
      ],
      [
        [180, 68],
        [179, 69],
      ],
    ]);
  });

  it('gives land rings that step across the antimeridian continuous longitudes, and leaves polar caps', () => {
    const island = [
      [179, -16],
      [180, -16],
      [-180, -16],
      [-179, -17],
      [-180, -17],
      [179, -17],
      [179, -16],
    ];
    const cap = [
      [-180, -90],
      [180, -90],
      [180, -80],
      [-180, -80],
      [-180, -90],
    ];
    const land = unwrapRings({
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', properties: {}, geometry: { type: 'Polygon', coordinates: [island] } },
        { type: 'Feature', properties: {}, geometry: { type: 'MultiPolygon', coordinates: [[cap]] } },
      ],
    });
    expect(land.features[0]!.geometry).toEqual({
      type: 'Polygon',
      coordinates: [
        [
          [179, -16],
          [180, -16],
          [180, -16],
          [181, -17],
          [180, -17],
          [179, -17],
          [179, -16],
        ],
      ],
    });
    expect(land.features[1]!.geometry).toEqual({ type: 'MultiPolygon', coordinates: [[cap]] });
  });

  it('leaves no edge across the world in the bundled atlas, away from the poles', () => {
    const world = worldFromTopology(atlas as unknown as Parameters<typeof worldFromTopology>[0]);
    const rings: Position[][] = world.land.features.flatMap((f) =>
      f.geometry.type === 'Polygon' ? f.geometry.coordinates : f.geometry.type === 'MultiPolygon' ? f.geometry.coordinates.flat() : [],
    );
    const acrossTheWorld = rings.flatMap((ring) =>
      ring.slice(1).filter((p, i) => Math.abs(p[0]! - ring[i]![0]!) > 180 && Math.abs(p[1]!) < 89.999 && Math.abs(ring[i]![1]!) < 89.999),
    );
    // Antarctica's inner ring reaches the cut at -84.3°, south of every marker: only it may remain.
    expect(acrossTheWorld.every((p) => p[1]! < -84)).toBe(true);
    expect(rings.length).toBeGreaterThan(1000);
  });
});
