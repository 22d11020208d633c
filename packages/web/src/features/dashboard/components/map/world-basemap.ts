import { feature, mesh } from 'topojson-client';
import type { FeatureCollection, MultiLineString, Position } from 'geojson';
import type { GeometryCollection, Topology } from 'topojson-specification';
// Shipped as a hashed asset of the build rather than parsed as a JS module: JSON.parse of a
// fetched file is faster than evaluating a 750 kB object literal, and it stays out of the JS chunks.
import atlasUrl from 'world-atlas/countries-50m.json?url';

type CountriesTopology = Topology<{ countries: GeometryCollection; land: GeometryCollection }>;

export interface WorldBasemap {
  land: FeatureCollection;
  borders: MultiLineString;
  coasts: MultiLineString;
}

const onCut = (p: readonly number[]) => Math.abs(Math.abs(p[0]!) - 180) < 1e-6;

/**
 * Natural Earth cuts countries at the antimeridian, so some arcs step from 180 to -180 (drawn
 * on a flat map, a line across the whole world) or run along the cut (a coast that is not
 * there). Lines are split at the step and lose the pieces along the cut.
 */
export function splitAtAntimeridian(lines: MultiLineString): MultiLineString {
  const coordinates: MultiLineString['coordinates'] = [];
  for (const line of lines.coordinates) {
    let part: MultiLineString['coordinates'][number] = [];
    for (const point of line) {
      const prev = part[part.length - 1];
      if (prev && (Math.abs(point[0]! - prev[0]!) > 180 || (onCut(prev) && onCut(point)))) {
        if (part.length > 1) coordinates.push(part);
        part = [];
      }
      part.push(point);
    }
    if (part.length > 1) coordinates.push(part);
  }
  return { type: 'MultiLineString', coordinates };
}

/**
 * Some land rings step across the antimeridian and back (Russia's Chukotka and Wrangel Island,
 * Fiji: 179.9 → -180 … -180 → 179.9). On a flat map each step is an edge across the whole world,
 * drawn as thin land-coloured bands at those latitudes. Such a ring gets continuous longitudes
 * (past 180), which MapLibre draws across the antimeridian. A polar cap (Antarctica) runs along
 * the cut at the pole, off the map, and is left as it is.
 */
export function unwrapRings(land: FeatureCollection): FeatureCollection {
  const isPolar = (polygon: Position[][]) => polygon.some((ring) => ring.some((p) => Math.abs(p[1]!) >= 89.999));
  const unwrap = (ring: Position[]): Position[] => {
    let shift = 0;
    return ring.map((point, i) => {
      const step = i > 0 ? point[0]! - ring[i - 1]![0]! : 0;
      if (step > 180) shift -= 360;
      else if (step < -180) shift += 360;
      return shift === 0 ? point : [point[0]! + shift, ...point.slice(1)];
    });
  };
  const fix = (polygon: Position[][]) => (isPolar(polygon) ? polygon : polygon.map(unwrap));
  return {
    ...land,
    features: land.features.map((f) => {
      const g = f.geometry;
      if (g.type === 'Polygon') return { ...f, geometry: { ...g, coordinates: fix(g.coordinates) } };
      if (g.type === 'MultiPolygon') return { ...f, geometry: { ...g, coordinates: g.coordinates.map(fix) } };
      return f;
    }),
  };
}

/** Land polygons, the borders between countries, and coasts (arcs used by one country only). */
export function worldFromTopology(topology: CountriesTopology): WorldBasemap {
  const countries = topology.objects.countries;
  return {
    land: unwrapRings(feature(topology, countries) as FeatureCollection),
    borders: splitAtAntimeridian(mesh(topology, countries, (a, b) => a !== b)),
    coasts: splitAtAntimeridian(mesh(topology, countries, (a, b) => a === b)),
  };
}

let loading: Promise<WorldBasemap> | undefined;

/** The bundled Natural Earth 1:50m atlas, fetched and converted once per page. */
export function loadWorldBasemap(): Promise<WorldBasemap> {
  loading ??= fetch(atlasUrl)
    .then((res) => {
      if (!res.ok) throw new Error(`World atlas answered ${res.status}`);
      return res.json() as Promise<CountriesTopology>;
    })
    .then(worldFromTopology)
    .catch((e: unknown) => {
      loading = undefined;
      throw e;
    });
  return loading;
}
