CREATE TABLE "waf_applications" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"name" text NOT NULL,
	"domains" jsonb NOT NULL,
	"origins" jsonb NOT NULL,
	"health_check" jsonb NOT NULL,
	"tls_mode" text NOT NULL,
	"certificate" text,
	"tls_key" text,
	"edge_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"api" boolean DEFAULT false NOT NULL,
	"policy" jsonb NOT NULL,
	"policy_revision" integer DEFAULT 1 NOT NULL,
	"dns_verified" boolean,
	"dns_checked_at" timestamp with time zone,
	"dns_detail" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "waf_domains" (
	"domain" text PRIMARY KEY NOT NULL,
	"application_id" uuid NOT NULL,
	"tenant_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "waf_policy_revisions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"application_id" uuid NOT NULL,
	"tenant_id" uuid NOT NULL,
	"revision" integer NOT NULL,
	"policy" jsonb NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"author" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "waf_threat_lists" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"name" text NOT NULL,
	"action" text NOT NULL,
	"url" text,
	"refresh_hours" integer DEFAULT 24 NOT NULL,
	"entries" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"rejected" integer DEFAULT 0 NOT NULL,
	"fetched_at" timestamp with time zone,
	"fetch_error" text,
	"next_fetch_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "waf_applications" ADD CONSTRAINT "waf_applications_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waf_domains" ADD CONSTRAINT "waf_domains_application_id_waf_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."waf_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waf_domains" ADD CONSTRAINT "waf_domains_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waf_policy_revisions" ADD CONSTRAINT "waf_policy_revisions_application_id_waf_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."waf_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waf_policy_revisions" ADD CONSTRAINT "waf_policy_revisions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waf_threat_lists" ADD CONSTRAINT "waf_threat_lists_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "waf_applications_tenant_name_idx" ON "waf_applications" USING btree ("tenant_id",lower("name"));--> statement-breakpoint
CREATE INDEX "waf_applications_tenant_idx" ON "waf_applications" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "waf_domains_application_idx" ON "waf_domains" USING btree ("application_id");--> statement-breakpoint
CREATE UNIQUE INDEX "waf_policy_revisions_app_revision_idx" ON "waf_policy_revisions" USING btree ("application_id","revision");--> statement-breakpoint
CREATE UNIQUE INDEX "waf_threat_lists_tenant_name_idx" ON "waf_threat_lists" USING btree ("tenant_id",lower("name"));--> statement-breakpoint
CREATE INDEX "waf_threat_lists_due_idx" ON "waf_threat_lists" USING btree ("next_fetch_at");--> statement-breakpoint
-- A WAF edge's access log and audit log in the analytics store, partitioned by day like url_events
-- and written by hand for the same reason (see 0016): every request an edge served, and the
-- requests a rule matched (blocked, detected, rate-limited or denied) with the rules' matches.
CREATE TABLE "waf_requests" (
	"tenant_id" uuid NOT NULL,
	"device_id" uuid NOT NULL,
	"application_id" uuid,
	"at" timestamp with time zone NOT NULL,
	"request_id" text NOT NULL,
	"host" text NOT NULL,
	"client_ip" text NOT NULL,
	"country" text,
	"method" text NOT NULL,
	"path" text NOT NULL,
	"status" smallint NOT NULL,
	"bytes" bigint NOT NULL,
	"elapsed_ms" integer NOT NULL,
	"user_agent" text
) PARTITION BY RANGE ("at");
--> statement-breakpoint
CREATE INDEX "waf_requests_tenant_time_idx" ON "waf_requests" ("tenant_id", "at");
--> statement-breakpoint
CREATE TABLE "waf_attacks" (
	"tenant_id" uuid NOT NULL,
	"device_id" uuid NOT NULL,
	"application_id" uuid,
	"at" timestamp with time zone NOT NULL,
	"seq" bigint NOT NULL,
	"n" integer NOT NULL,
	"request_id" text NOT NULL,
	"host" text NOT NULL,
	"client_ip" text NOT NULL,
	"country" text,
	"method" text NOT NULL,
	"path" text NOT NULL,
	"status" smallint NOT NULL,
	"action" text NOT NULL,
	"category" text NOT NULL,
	"anomaly_score" integer,
	"rule_ids" integer[] NOT NULL,
	"rules" jsonb NOT NULL,
	"user_agent" text
) PARTITION BY RANGE ("at");
--> statement-breakpoint
CREATE INDEX "waf_attacks_tenant_time_idx" ON "waf_attacks" ("tenant_id", "at");
--> statement-breakpoint
CREATE INDEX "waf_attacks_tenant_app_time_idx" ON "waf_attacks" ("tenant_id", "application_id", "at");
