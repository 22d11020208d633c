export * from './kinds';
export * from './evaluate';
export * from './severity';
export * from './thresholds';
export * from './webhook-address';
