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
}

/** Land polygons and the borders between countries (coasts are drawn from the land outline). */
export function worldFromTopology(topology: CountriesTopology): WorldBasemap {
  const countries = topology.objects.countries;
  return {
    land: feature(topology, countries) as FeatureCollection,
    borders: mesh(topology, countries, (a, b) => a !== b),
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
