import { setWorkerUrl } from 'maplibre-gl';
// MapLibre 6 looks for its worker beside its own module, which a bundle does not keep: Vite builds
// the worker as an asset of its own and hands over its address, set once before the first map.
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?worker&url';

setWorkerUrl(workerUrl);
