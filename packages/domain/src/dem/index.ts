export * from './score';
export * from './results';
export * from './section';
export * from './api';
