export { ticketRoutes } from './routes';
export { deskRoutes } from './desk-routes';
export { HelpdeskTickets, type TicketMethodHandler } from './service';
export { SupportDesk } from './desk-service';
export type { TicketAnnouncer, TicketContextSource } from './ports';
