export * from './user-queries';
export * from './chat';
export * from './helpdesk';
