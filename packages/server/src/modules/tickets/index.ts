export { ticketRoutes } from './routes';
export { deskRoutes } from './desk-routes';
export { HelpdeskTickets } from './service';
export { SupportDesk } from './desk-service';
export { TicketHelpdeskSync } from './helpdesk-sync';
export type { TicketAnnouncer, TicketContextSource } from './ports';
