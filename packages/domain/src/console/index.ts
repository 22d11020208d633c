export * from './api';
export * from './connectivity';
export * from './tours';
export * from './tutorials';
export * from './config-pages';
export * from './search-entries';
export * from './report-availability';
export * from './report-content';
