CREATE TABLE "iot_deviations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"iot_device_id" uuid NOT NULL,
	"dedupe_key" text NOT NULL,
	"kind" text NOT NULL,
	"severity" text NOT NULL,
	"title" text NOT NULL,
	"summary" text NOT NULL,
	"peer" text,
	"country" text,
	"service" text,
	"first_seen" timestamp with time zone NOT NULL,
	"last_seen" timestamp with time zone NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "iot_devices" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"gateway_id" uuid NOT NULL,
	"key" text NOT NULL,
	"mac" text,
	"bus_id" text,
	"ip" text,
	"ifname" text,
	"hostname" text,
	"vendor" text,
	"vendor_note" text,
	"report" jsonb,
	"class" text NOT NULL,
	"confidence" real NOT NULL,
	"reasons" jsonb NOT NULL,
	"corrected_class" text,
	"corrected_by" text,
	"corrected_at" timestamp with time zone,
	"battery_pct" real,
	"first_seen" timestamp with time zone NOT NULL,
	"last_seen" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "iot_forward_rules" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"filter" text NOT NULL,
	"series" text NOT NULL,
	"value_path" text,
	"unit" text,
	"device_wildcard" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "iot_last_values" (
	"iot_device_id" uuid NOT NULL,
	"series" text NOT NULL,
	"unit" text,
	"value" double precision NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "iot_last_values_iot_device_id_series_pk" PRIMARY KEY("iot_device_id","series")
);
--> statement-breakpoint
CREATE TABLE "iot_profiles" (
	"tenant_id" uuid NOT NULL,
	"class" text NOT NULL,
	"profile" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "iot_profiles_tenant_id_class_pk" PRIMARY KEY("tenant_id","class")
);
--> statement-breakpoint
CREATE TABLE "iot_segments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"gateway_id" uuid NOT NULL,
	"key" text NOT NULL,
	"target_device_id" uuid,
	"target_class" text,
	"mode" text NOT NULL,
	"deny" text NOT NULL,
	"vlan" jsonb,
	"members" jsonb NOT NULL,
	"rules" integer NOT NULL,
	"broadened" jsonb NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "iot_telemetry_points" (
	"tenant_id" uuid NOT NULL,
	"iot_device_id" uuid NOT NULL,
	"series" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"value" double precision NOT NULL
);
--> statement-breakpoint
ALTER TABLE "iot_deviations" ADD CONSTRAINT "iot_deviations_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iot_deviations" ADD CONSTRAINT "iot_deviations_iot_device_id_iot_devices_id_fk" FOREIGN KEY ("iot_device_id") REFERENCES "public"."iot_devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iot_devices" ADD CONSTRAINT "iot_devices_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iot_devices" ADD CONSTRAINT "iot_devices_gateway_id_devices_id_fk" FOREIGN KEY ("gateway_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iot_forward_rules" ADD CONSTRAINT "iot_forward_rules_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iot_last_values" ADD CONSTRAINT "iot_last_values_iot_device_id_iot_devices_id_fk" FOREIGN KEY ("iot_device_id") REFERENCES "public"."iot_devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iot_profiles" ADD CONSTRAINT "iot_profiles_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iot_segments" ADD CONSTRAINT "iot_segments_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iot_segments" ADD CONSTRAINT "iot_segments_gateway_id_devices_id_fk" FOREIGN KEY ("gateway_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iot_segments" ADD CONSTRAINT "iot_segments_target_device_id_iot_devices_id_fk" FOREIGN KEY ("target_device_id") REFERENCES "public"."iot_devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iot_telemetry_points" ADD CONSTRAINT "iot_telemetry_points_iot_device_id_iot_devices_id_fk" FOREIGN KEY ("iot_device_id") REFERENCES "public"."iot_devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "iot_deviations_key_idx" ON "iot_deviations" USING btree ("tenant_id","iot_device_id","dedupe_key");--> statement-breakpoint
CREATE INDEX "iot_deviations_last_seen_idx" ON "iot_deviations" USING btree ("last_seen");--> statement-breakpoint
CREATE UNIQUE INDEX "iot_devices_gateway_key_idx" ON "iot_devices" USING btree ("tenant_id","gateway_id","key");--> statement-breakpoint
CREATE INDEX "iot_devices_tenant_class_idx" ON "iot_devices" USING btree ("tenant_id","class");--> statement-breakpoint
CREATE INDEX "iot_devices_gateway_idx" ON "iot_devices" USING btree ("gateway_id");--> statement-breakpoint
CREATE INDEX "iot_forward_rules_tenant_idx" ON "iot_forward_rules" USING btree ("tenant_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "iot_segments_gateway_key_idx" ON "iot_segments" USING btree ("tenant_id","gateway_id","key");--> statement-breakpoint
CREATE INDEX "iot_telemetry_points_series_idx" ON "iot_telemetry_points" USING btree ("iot_device_id","series","at");--> statement-breakpoint
CREATE INDEX "iot_telemetry_points_at_idx" ON "iot_telemetry_points" USING btree ("at");