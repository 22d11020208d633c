export * from './vitals';
export * from './beacon';
export * from './client';
export * from './errors';
export * from './api';
