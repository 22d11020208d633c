/** The traffic analytics module as the composition root and the agent side see it. */
export { trafficRoutes } from './routes';
export { TrafficService } from './service';
export { FlowIngest, DEFAULT_INGEST, ingestMetrics, type IngestOutcome, type IngestStats } from './ingest';
export { PgAnalyticsStore, type ClaimBatchKeys } from './pg-store';
export { openCountryLookup, type CountryLookup } from './geoip';
export { keepAnalyticsFor } from './retention';
export { flowSourceOf, type FlowSource } from './enrich';
export type { AnalyticsStore } from './store';
export { UrlAnalytics, type CountedKey, type UrlLogQuery } from './url-store';
export { URL_DIMENSIONS } from './url-events';
