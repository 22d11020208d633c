/** The IoT Gateway as the composition root sees it. */
export { iotRoutes } from './routes';
export { IotService } from './service';
export { IotIngest } from './ingest';
export { IotProfiles } from './profiles';
export { IotSegments, type GatewayConfigPort } from './segments';
export { sweepIot } from './retention';
export { IotFlowListener } from './flow-listener';
