export * from './user-queries';
export * from './ticket-rules';
export * from './ticket-sla';
export * from './ticket-attachments';
export * from './tickets';
export * from './chat';
export * from './helpdesk';
