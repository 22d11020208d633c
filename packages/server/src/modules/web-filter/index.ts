/** The web-filter module as the composition root and the configuration engine see it. */
export { webFilterRoutes, type WebFilterServices } from './routes';
export { WebFilterService, type DeviceConfigPort } from './service';
export { WebFilterAnalytics } from './analytics-service';
export { WebFilterReconciler } from './reconciler';
export type { UrlAnalyticsPort, UrlDimensionNames } from './analytics-port';
export { loadTenantWebFilter } from './repo';
