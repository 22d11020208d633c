/** The web-filter module as the composition root, the configuration engine and the demo seed see it. */
export { webFilterRoutes } from './routes';
export { WebFilterService } from './service';
export { WebFilterAnalytics } from './analytics-service';
export { webFilterSections } from './sections';
export { seedWebFilter } from './repo';
