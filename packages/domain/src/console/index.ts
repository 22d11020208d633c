export * from './api';
export * from './tours';
export * from './tutorials';
export * from './search-entries';
