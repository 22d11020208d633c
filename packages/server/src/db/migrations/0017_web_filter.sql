CREATE TABLE "log_retention" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"retention" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webfilter_policies" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"rules" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webfilter_settings" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"status" boolean DEFAULT true NOT NULL,
	"default_action_blocked" boolean DEFAULT false NOT NULL,
	"allowed_urls" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"blocked_urls" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"site_categories" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "log_retention" ADD CONSTRAINT "log_retention_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webfilter_policies" ADD CONSTRAINT "webfilter_policies_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webfilter_settings" ADD CONSTRAINT "webfilter_settings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "webfilter_policies_tenant_name_idx" ON "webfilter_policies" USING btree ("tenant_id",lower("name"));--> statement-breakpoint
CREATE INDEX "webfilter_policies_tenant_idx" ON "webfilter_policies" USING btree ("tenant_id");--> statement-breakpoint
-- URL events (web-filter decisions and proxy access lines) in the analytics store, partitioned by
-- day like flow_records and written by hand for the same reason (see 0016); their rollups go to
-- the flow_rollup_* tables under dimensions of their own ('url_…').
CREATE TABLE "url_events" (
	"tenant_id" uuid NOT NULL,
	"device_id" uuid NOT NULL,
	"network_id" uuid,
	"product" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"seq" bigint NOT NULL,
	"n" integer NOT NULL,
	"user_name" text,
	"client_ip" text NOT NULL,
	"method" text NOT NULL,
	"scheme" text NOT NULL,
	"host" text NOT NULL,
	"domain" text NOT NULL,
	"path" text NOT NULL,
	"status" smallint NOT NULL,
	"bytes" bigint NOT NULL,
	"elapsed_ms" integer NOT NULL,
	"content_type" text,
	"category" text NOT NULL,
	"application" text,
	"action" text NOT NULL,
	"rule" text NOT NULL,
	"policy_id" uuid,
	"policy_name" text,
	"matched" text,
	"via" text NOT NULL
) PARTITION BY RANGE ("at");
--> statement-breakpoint
CREATE INDEX "url_events_tenant_time_idx" ON "url_events" ("tenant_id", "at");
--> statement-breakpoint
CREATE INDEX "url_events_tenant_category_idx" ON "url_events" ("tenant_id", "category", "at");
