export * from './kinds';
export * from './evaluate';
