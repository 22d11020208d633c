/** A gateway's diagnostics as the composition root and the agent gateway see them. */
export { DiagnosticsService } from './service';
export { DiagnosticIntake } from './intake';
export { diagnosticsRoutes } from './routes';
