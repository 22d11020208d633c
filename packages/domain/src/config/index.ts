export * from './families/interfaces';
export * from './families/static-routes';
export * from './document';
export * from './hash';
export * from './sync-state';
export { isNetworkCidr } from './subnets';
export * from './templates';
