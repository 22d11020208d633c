export * from './user-queries';
export * from './chat';
