export * from './policy';
export * from './custom-rules';
export * from './section';
export * from './events';
export * from './api';
export * from './compliance';
export * from './pac';
export * from './decide';
