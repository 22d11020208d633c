CREATE TABLE "tenant_alarm_defaults" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"settings" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notification_channels" ADD COLUMN "min_severity" text DEFAULT 'info' NOT NULL;--> statement-breakpoint
ALTER TABLE "tenant_alarm_defaults" ADD CONSTRAINT "tenant_alarm_defaults_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;