import { feature, mesh } from 'topojson-client';
import type { FeatureCollection, MultiLineString } from 'geojson';
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

/** Land polygons, the borders between countries, and coasts (arcs used by one country only). */
export function worldFromTopology(topology: CountriesTopology): WorldBasemap {
  const countries = topology.objects.countries;
  return {
    land: feature(topology, countries) as FeatureCollection,
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
