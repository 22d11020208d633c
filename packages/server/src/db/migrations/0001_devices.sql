CREATE TABLE "networks" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "commercial_data" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_jobs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"device_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"result" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"done_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "device_metrics" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "device_metrics_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"device_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"ifname" text NOT NULL,
	"rx_bytes" bigint,
	"tx_bytes" bigint,
	"latency_ms" double precision,
	"loss_pct" double precision
);
--> statement-breakpoint
CREATE TABLE "devices" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"network_id" uuid,
	"serial" text NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"mac_address" text,
	"model" text,
	"os" text,
	"version" text,
	"username" text,
	"created_by" text,
	"approved" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"claimed" boolean DEFAULT true NOT NULL,
	"credential_hash" text,
	"device_status" text DEFAULT 'registered' NOT NULL,
	"last_seen_at" timestamp with time zone,
	"public_ip" text,
	"vpn_ip" text,
	"location_name" text,
	"latitude" double precision,
	"longitude" double precision,
	"geographical_zone" text,
	"wan_status" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"lb_status" jsonb,
	"traffic" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"last_seq" bigint DEFAULT -1 NOT NULL,
	"config_hash" text,
	"applied_config_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "enrolment_key" text;--> statement-breakpoint
ALTER TABLE "networks" ADD CONSTRAINT "networks_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commercial_data" ADD CONSTRAINT "commercial_data_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_jobs" ADD CONSTRAINT "device_jobs_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_jobs" ADD CONSTRAINT "device_jobs_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_metrics" ADD CONSTRAINT "device_metrics_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_network_id_networks_id_fk" FOREIGN KEY ("network_id") REFERENCES "public"."networks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "networks_tenant_name_idx" ON "networks" USING btree ("tenant_id",lower("name"));--> statement-breakpoint
CREATE INDEX "networks_tenant_idx" ON "networks" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "device_jobs_device_state_idx" ON "device_jobs" USING btree ("device_id","state");--> statement-breakpoint
CREATE INDEX "device_metrics_device_at_idx" ON "device_metrics" USING btree ("device_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "devices_tenant_serial_idx" ON "devices" USING btree ("tenant_id","serial");--> statement-breakpoint
CREATE INDEX "devices_tenant_network_idx" ON "devices" USING btree ("tenant_id","network_id");--> statement-breakpoint
CREATE INDEX "devices_tenant_status_idx" ON "devices" USING btree ("tenant_id","device_status");--> statement-breakpoint
CREATE INDEX "devices_last_seen_idx" ON "devices" USING btree ("last_seen_at");--> statement-breakpoint
ALTER TABLE "tenants" ADD CONSTRAINT "tenants_enrolment_key_unique" UNIQUE("enrolment_key");