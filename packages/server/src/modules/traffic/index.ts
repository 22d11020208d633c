/** The traffic analytics module as the composition root and the agent side see it. */
export { trafficRoutes } from './routes';
export { TrafficService } from './service';
export { FlowIngest, DEFAULT_INGEST, ingestMetrics } from './ingest';
export { PgAnalyticsStore } from './pg-store';
export { openCountryLookup, type CountryLookup } from './geoip';
export { keepAnalyticsFor } from './retention';
export { flowSourceOf } from './enrich';
export { UrlAnalytics } from './url-store';
export { URL_DIMENSIONS } from './url-events';
export { FlowExporterService } from './exporter-service';
export { flowExporterRoutes } from './exporter-routes';
export { FlowCollector } from './collector/collector';
export { ExporterDirectory } from './collector/exporter-directory';
export { collectorMetrics, type CollectorStats } from './collector/collector-stats';
export { WafAnalytics } from './waf-store';
export { WafBotAnalytics } from './waf-bot-store';
export { WafGuardAnalytics } from './waf-guard-store';
