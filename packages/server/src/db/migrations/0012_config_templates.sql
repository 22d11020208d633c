CREATE TABLE "config_bindings" (
	"target_kind" text NOT NULL,
	"target_id" uuid NOT NULL,
	"tenant_id" uuid NOT NULL,
	"template_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"variables" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "config_bindings_target_kind_target_id_pk" PRIMARY KEY("target_kind","target_id")
);
--> statement-breakpoint
CREATE TABLE "config_drafts" (
	"device_id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"own" jsonb NOT NULL,
	"author_email" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "config_operation_devices" (
	"operation_id" uuid NOT NULL,
	"device_id" uuid NOT NULL,
	"outcome" text NOT NULL,
	"job_id" uuid,
	"error" text,
	CONSTRAINT "config_operation_devices_operation_id_device_id_pk" PRIMARY KEY("operation_id","device_id")
);
--> statement-breakpoint
CREATE TABLE "config_operations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"template_id" uuid,
	"title" text NOT NULL,
	"author_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "config_templates" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"sections" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"defaults" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_config_settings" (
	"device_id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"disabled_families" text[] DEFAULT '{}'::text[] NOT NULL,
	"auto_sync" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
ALTER TABLE "config_revisions" ADD COLUMN "own" jsonb;--> statement-breakpoint
ALTER TABLE "config_bindings" ADD CONSTRAINT "config_bindings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "config_drafts" ADD CONSTRAINT "config_drafts_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "config_drafts" ADD CONSTRAINT "config_drafts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "config_operation_devices" ADD CONSTRAINT "config_operation_devices_operation_id_config_operations_id_fk" FOREIGN KEY ("operation_id") REFERENCES "public"."config_operations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "config_operation_devices" ADD CONSTRAINT "config_operation_devices_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "config_operations" ADD CONSTRAINT "config_operations_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "config_operations" ADD CONSTRAINT "config_operations_template_id_config_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."config_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "config_templates" ADD CONSTRAINT "config_templates_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_config_settings" ADD CONSTRAINT "device_config_settings_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_config_settings" ADD CONSTRAINT "device_config_settings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "config_bindings_tenant_idx" ON "config_bindings" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "config_templates_tenant_name_idx" ON "config_templates" USING btree ("tenant_id",lower("name"));