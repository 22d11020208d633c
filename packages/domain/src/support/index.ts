export * from './user-queries';
