/** The web-filter module as the composition root, the configuration engine and the demo seed see it. */
export { webFilterRoutes, type WebFilterRoutesOptions } from './routes';
export { WebFilterService, type DeviceConfigPort } from './service';
export { WebFilterAnalytics } from './analytics-service';
export { webFilterSections } from './sections';
export type { UrlAnalyticsPort, UrlDimensionNames } from './analytics-port';
export { seedWebFilter } from './repo';
