// The schema as one object for drizzle's relational queries and drizzle-kit. Only the db layer
// imports this barrel (the client, migrations, backups, test harnesses); a module imports the
// schema files of the tables it owns (README.md) and reads others' through db/read-models.
export * from './tenants';
export * from './users';
export * from './held-invitations';
export * from './memberships';
export * from './refresh-tokens';
export * from './one-time-tokens';
export * from './audit';
export * from './secrets';
export * from './networks';
export * from './devices';
export * from './device-telemetry';
export * from './device-jobs';
export * from './commercial-data';
export * from './groups';
export * from './recovery-codes';
export * from './config';
export * from './alarms';
export * from './webfilter';
export * from './ztna';
export * from './ztna-activity';
export * from './tours';
export * from './announcements';
export * from './reports';
export * from './diagnostics';
export * from './flow-exporters';
export * from './scim';
export * from './user-queries';
export * from './chat';
export * from './helpdesks';
export * from './assistant';
export * from './sso';
export * from './tickets';
export * from './waf';
export * from './dem';
export * from './rum';
