CREATE TABLE "diagnostic_runs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"device_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"params" jsonb NOT NULL,
	"state" text DEFAULT 'running' NOT NULL,
	"output" text DEFAULT '' NOT NULL,
	"output_bytes" integer DEFAULT 0 NOT NULL,
	"chunks" integer DEFAULT 0 NOT NULL,
	"end_reason" text,
	"started_by" uuid,
	"started_by_email" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deadline_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"artifact" "bytea",
	"artifact_done" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "diagnostic_runs" ADD CONSTRAINT "diagnostic_runs_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diagnostic_runs" ADD CONSTRAINT "diagnostic_runs_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "diagnostic_runs_device_idx" ON "diagnostic_runs" USING btree ("device_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "diagnostic_runs_one_running_idx" ON "diagnostic_runs" USING btree ("device_id") WHERE state = 'running';