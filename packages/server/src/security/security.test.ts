import { securitySuite } from './suite';

securitySuite('pglite');
