/** The IoT Gateway as the composition root sees it. */
export { iotRoutes } from './routes';
export { IotService } from './service';
export { IotIngest, type ClaimBatch } from './ingest';
export { IotProfiles, NO_DETECTIONS, type IotDetectionsPort } from './profiles';
export { IotSegments, type GatewayConfigPort } from './segments';
export { IOT_RETENTION, sweepIot } from './retention';
