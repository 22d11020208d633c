import type { FastifyPluginAsync } from 'fastify';
import type { WebFilterService } from './service';
import type { WebFilterAnalytics } from './analytics-service';
import { policyRoutes } from './policy-routes';
import { settingsRoutes } from './settings-routes';
import { catalogueRoutes } from './catalogue-routes';
import { chartRoutes } from './chart-routes';
import { logRoutes } from './log-routes';
import { reportRoutes } from './report-routes';

/** What the composition root hands the web-filter routes. */
export interface WebFilterRoutesOptions {
  webFilter: WebFilterService;
  webFilterAnalytics: WebFilterAnalytics;
}

/** Web filter (spec 001 §7), a file per entity: policies, global settings, catalogues, charts, logs and reports. */
export const webFilterRoutes: FastifyPluginAsync<WebFilterRoutesOptions> = async (app, { webFilter, webFilterAnalytics: analytics }) => {
  await app.register(policyRoutes, { webFilter });
  await app.register(settingsRoutes, { webFilter });
  await app.register(catalogueRoutes, { webFilter });
  await app.register(chartRoutes, { analytics });
  await app.register(logRoutes, { analytics });
  await app.register(reportRoutes, { webFilter, analytics });
};
