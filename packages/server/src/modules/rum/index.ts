/** Real-user monitoring as the composition root sees it. */
export { RumSiteService } from './sites-service';
export { RumSourceMapService } from './source-map-service';
export { RumQueryService } from './queries-service';
export { RumAlertService } from './alerts-service';
export { RumIngest, rumIngestMetrics } from './ingest';
export { rumSiteRoutes } from './routes';
export { rumQueryRoutes } from './query-routes';
export { rumAlertRoutes } from './alert-routes';
export { rumIngestRoutes, rumSdkRoutes } from './ingest-routes';
