/** Zero-trust activity as the composition root sees it: what devices report, and the calls built on it. */
export { ztnaActivityRoutes } from './routes';
export { ZtnaReports } from './reports';
export { ZtnaSessionLogs } from './session-logs';
export { NacService } from './nac';
export { ClientUpdateService } from './client-updates';
export { ZtnaChanges } from './changes';
