// The schema as one object for drizzle's relational queries and drizzle-kit.
export * from './tenants';
export * from './users';
export * from './memberships';
export * from './tokens';
export * from './audit';
export * from './secrets';
export * from './networks';
export * from './devices';
export * from './groups';
export * from './recovery-codes';
export * from './config';
export * from './alarms';
export * from './webfilter';
export * from './ztna';
export * from './console';
