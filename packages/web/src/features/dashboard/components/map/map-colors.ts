/** Marker paint for the domain's marker colours (Mantine green.8 and red.8, readable on land and water). */
export const MARKER_HEX = { green: '#2f9e44', red: '#e03131' } as const;
/** A cluster holding both healthy and failing devices. */
export const MIXED_CLUSTER_HEX = '#f08c00';

export const BASEMAP_HEX = { water: '#cfe3f0', land: '#f4f1ea', border: '#b4ab9a', coast: '#9fb7c8' } as const;
