/** NDR as the composition root sees it. */
export { ndrRoutes } from './routes';
export { NdrService } from './service';
export { NdrEngine } from './engine';
export { NdrInvestigation } from './investigation';
export { NdrTuning } from './tuning';
export { NdrResponses } from './responses';
