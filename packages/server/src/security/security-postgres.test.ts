import { describe } from 'vitest';
import { securitySuite } from './suite';

// The same suite on PostgreSQL, in a file of its own so it runs beside the PGlite one.
if (process.env.TEST_DATABASE_URL) securitySuite('postgres');
else describe.skip('security suite on postgres (needs TEST_DATABASE_URL)', () => undefined);
