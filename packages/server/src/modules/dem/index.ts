/** DEM as the composition root sees it. */
export { demRoutes } from './routes';
export { demQueryRoutes } from './query-routes';
export { DemService } from './service';
export { DemQueries } from './queries';
export { demSections } from './sections';
export { DemAlarmJudge, type DemAlarmChange } from './alarms';
