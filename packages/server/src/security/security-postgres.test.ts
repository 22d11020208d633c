import { securitySuite } from './suite';

// The same suite on PostgreSQL, in a file of its own so it runs beside the PGlite one (vitest.config.ts includes it when TEST_DATABASE_URL is set).
securitySuite('postgres');
