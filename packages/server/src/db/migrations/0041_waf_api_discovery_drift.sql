CREATE TABLE "waf_api_discovery_settings" (
	"application_id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"enabled" boolean NOT NULL,
	"hosts" jsonb NOT NULL,
	"path_prefixes" jsonb NOT NULL,
	"exclusions" jsonb NOT NULL,
	"sampling_percent" integer NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "waf_api_drift" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"application_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"method" text NOT NULL,
	"path" text NOT NULL,
	"param" text DEFAULT '' NOT NULL,
	"detail" text NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolution" text
);
--> statement-breakpoint
ALTER TABLE "waf_api_discovery_settings" ADD CONSTRAINT "waf_api_discovery_settings_application_id_waf_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."waf_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waf_api_discovery_settings" ADD CONSTRAINT "waf_api_discovery_settings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waf_api_drift" ADD CONSTRAINT "waf_api_drift_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waf_api_drift" ADD CONSTRAINT "waf_api_drift_application_id_waf_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."waf_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "waf_api_drift_open_idx" ON "waf_api_drift" USING btree ("application_id","kind","method","path","param") WHERE "waf_api_drift"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "waf_api_drift_tenant_idx" ON "waf_api_drift" USING btree ("tenant_id","first_seen_at");