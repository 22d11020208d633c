export * from './params';
export * from './capture-filter';
export * from './agent';
export * from './api';
