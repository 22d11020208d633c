CREATE TABLE "waf_vuln_tests" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"application_id" uuid NOT NULL,
	"edge_id" uuid NOT NULL,
	"checks" jsonb NOT NULL,
	"rate_per_s" integer NOT NULL,
	"samples" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"accounts" jsonb NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"planned" integer NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	"findings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"left_out" integer DEFAULT 0 NOT NULL,
	"started_by" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deadline_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"end_reason" text
);
--> statement-breakpoint
ALTER TABLE "waf_vuln_tests" ADD CONSTRAINT "waf_vuln_tests_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waf_vuln_tests" ADD CONSTRAINT "waf_vuln_tests_application_id_waf_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."waf_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waf_vuln_tests" ADD CONSTRAINT "waf_vuln_tests_edge_id_devices_id_fk" FOREIGN KEY ("edge_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "waf_vuln_tests_open_idx" ON "waf_vuln_tests" USING btree ("application_id") WHERE "waf_vuln_tests"."state" in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "waf_vuln_tests_tenant_idx" ON "waf_vuln_tests" USING btree ("tenant_id","started_at");