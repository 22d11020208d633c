-- What the edge's API guard saw of each request (written by hand: waf_requests is the analytics
-- store's partitioned table, see 0038): the GraphQL operation (type, name, depth, aliases, fields,
-- introspection; never the query's text) and the login attempt (the account named, whether it failed;
-- never the password). Null when the request was neither.
ALTER TABLE "waf_requests" ADD COLUMN "graphql" jsonb;--> statement-breakpoint
ALTER TABLE "waf_requests" ADD COLUMN "login" jsonb;--> statement-breakpoint
CREATE INDEX "waf_requests_tenant_login_idx" ON "waf_requests" ("tenant_id", "at") WHERE "login" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "waf_requests_tenant_graphql_idx" ON "waf_requests" ("tenant_id", "at") WHERE "graphql" IS NOT NULL;
