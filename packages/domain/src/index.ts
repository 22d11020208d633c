// The package's public surface: server and console import from '@netloom/domain'.
import './api/messages';
export * from './constants';
export * from './rules/roles';
export * from './rules/subscriptions';
export * from './rules/tenant-settings';
export * from './validators/email';
export * from './api/errors';
export * from './api/pagination';
export * from './api/auth';
export * from './api/tenants';
