CREATE TABLE "nac_hosts" (
	"tenant_id" uuid NOT NULL,
	"mac" text NOT NULL,
	"ip" text NOT NULL,
	"hostname" text,
	"vendor" text,
	"os" text,
	"gateway_id" uuid NOT NULL,
	"interface" text,
	"state" text DEFAULT 'allowed' NOT NULL,
	"decision" text DEFAULT 'pending' NOT NULL,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"first_seen" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "nac_hosts_tenant_id_mac_pk" PRIMARY KEY("tenant_id","mac")
);
--> statement-breakpoint
CREATE TABLE "ztna_connectors" (
	"device_id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"site" text NOT NULL,
	"health" jsonb,
	"active_sessions" integer,
	"health_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ztna_dns_groups" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"name" text NOT NULL,
	"position" integer NOT NULL,
	"body" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ztna_endpoint_enrolments" (
	"device_id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"key_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ztna_enrolment_keys" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"name" text NOT NULL,
	"key_hash" text NOT NULL,
	"prefix" text NOT NULL,
	"reusable" boolean NOT NULL,
	"expires_at" timestamp with time zone,
	"usage_limit" integer,
	"uses" integer DEFAULT 0 NOT NULL,
	"security_groups" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"auto_approve" boolean DEFAULT true NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ztna_invites" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"email" text NOT NULL,
	"key_id" uuid NOT NULL,
	"invited_by" text,
	"enrolled_device_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ztna_policies" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"body" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ztna_profiles" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"name" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"body" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ztna_relays" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"name" text NOT NULL,
	"body" jsonb NOT NULL,
	"latency_ms" double precision,
	"reports" integer DEFAULT 0 NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_report_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ztna_rollouts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"os" text NOT NULL,
	"version" text NOT NULL,
	"security_group_id" uuid,
	"percentage" integer NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ztna_security_groups" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"name" text NOT NULL,
	"body" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ztna_servers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"name" text NOT NULL,
	"body" jsonb NOT NULL,
	"dpc" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ztna_settings" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"body" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "device_type" text;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "posture" jsonb;--> statement-breakpoint
ALTER TABLE "nac_hosts" ADD CONSTRAINT "nac_hosts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nac_hosts" ADD CONSTRAINT "nac_hosts_gateway_id_devices_id_fk" FOREIGN KEY ("gateway_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ztna_connectors" ADD CONSTRAINT "ztna_connectors_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ztna_connectors" ADD CONSTRAINT "ztna_connectors_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ztna_dns_groups" ADD CONSTRAINT "ztna_dns_groups_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ztna_endpoint_enrolments" ADD CONSTRAINT "ztna_endpoint_enrolments_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ztna_endpoint_enrolments" ADD CONSTRAINT "ztna_endpoint_enrolments_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ztna_endpoint_enrolments" ADD CONSTRAINT "ztna_endpoint_enrolments_key_id_ztna_enrolment_keys_id_fk" FOREIGN KEY ("key_id") REFERENCES "public"."ztna_enrolment_keys"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ztna_enrolment_keys" ADD CONSTRAINT "ztna_enrolment_keys_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ztna_invites" ADD CONSTRAINT "ztna_invites_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ztna_invites" ADD CONSTRAINT "ztna_invites_key_id_ztna_enrolment_keys_id_fk" FOREIGN KEY ("key_id") REFERENCES "public"."ztna_enrolment_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ztna_invites" ADD CONSTRAINT "ztna_invites_enrolled_device_id_devices_id_fk" FOREIGN KEY ("enrolled_device_id") REFERENCES "public"."devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ztna_policies" ADD CONSTRAINT "ztna_policies_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ztna_profiles" ADD CONSTRAINT "ztna_profiles_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ztna_relays" ADD CONSTRAINT "ztna_relays_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ztna_rollouts" ADD CONSTRAINT "ztna_rollouts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ztna_rollouts" ADD CONSTRAINT "ztna_rollouts_security_group_id_ztna_security_groups_id_fk" FOREIGN KEY ("security_group_id") REFERENCES "public"."ztna_security_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ztna_security_groups" ADD CONSTRAINT "ztna_security_groups_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ztna_servers" ADD CONSTRAINT "ztna_servers_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ztna_settings" ADD CONSTRAINT "ztna_settings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "nac_hosts_tenant_seen_idx" ON "nac_hosts" USING btree ("tenant_id","last_seen");--> statement-breakpoint
CREATE INDEX "ztna_connectors_tenant_idx" ON "ztna_connectors" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ztna_dns_groups_tenant_name_idx" ON "ztna_dns_groups" USING btree ("tenant_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "ztna_enrolment_keys_hash_idx" ON "ztna_enrolment_keys" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "ztna_enrolment_keys_tenant_idx" ON "ztna_enrolment_keys" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "ztna_invites_tenant_idx" ON "ztna_invites" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ztna_policies_tenant_name_idx" ON "ztna_policies" USING btree ("tenant_id",lower("name"));--> statement-breakpoint
CREATE INDEX "ztna_policies_tenant_idx" ON "ztna_policies" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ztna_profiles_tenant_name_idx" ON "ztna_profiles" USING btree ("tenant_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "ztna_profiles_tenant_default_idx" ON "ztna_profiles" USING btree ("tenant_id") WHERE is_default;--> statement-breakpoint
CREATE UNIQUE INDEX "ztna_relays_tenant_name_idx" ON "ztna_relays" USING btree ("tenant_id",lower("name"));--> statement-breakpoint
CREATE INDEX "ztna_rollouts_tenant_idx" ON "ztna_rollouts" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ztna_security_groups_tenant_name_idx" ON "ztna_security_groups" USING btree ("tenant_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "ztna_servers_tenant_name_idx" ON "ztna_servers" USING btree ("tenant_id",lower("name"));--> statement-breakpoint
-- Zero-trust sessions (every connection attempt an endpoint decided) in the analytics store,
-- partitioned by day like url_events and written by hand for the same reason (see 0016). A batch
-- resent is stored once: (device_id, seq, n) is the session's identity.
CREATE TABLE "ztna_sessions" (
	"tenant_id" uuid NOT NULL,
	"device_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"seq" bigint NOT NULL,
	"n" integer NOT NULL,
	"user_name" text,
	"server_id" uuid,
	"server_name" text,
	"destination" text NOT NULL,
	"protocol" text NOT NULL,
	"port" integer,
	"action" text NOT NULL,
	"rule" text NOT NULL,
	"policy_id" uuid,
	"policy_name" text,
	"failed_condition" text,
	"connector_id" uuid,
	"duration_ms" bigint NOT NULL,
	"bytes_in" bigint NOT NULL,
	"bytes_out" bigint NOT NULL
) PARTITION BY RANGE ("at");
--> statement-breakpoint
CREATE INDEX "ztna_sessions_tenant_time_idx" ON "ztna_sessions" ("tenant_id", "at");
--> statement-breakpoint
CREATE INDEX "ztna_sessions_device_seq_idx" ON "ztna_sessions" ("device_id", "seq");
