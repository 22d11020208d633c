// The package ships its types but its "exports" map does not name them, so TypeScript cannot find them.
declare module '@ideditor/country-coder' {
  /** ISO 3166-1 alpha-2 code of the country at [longitude, latitude], null at sea. */
  export function iso1A2Code(query: [number, number]): string | null;
}
