CREATE TABLE "ndr_actions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"target" text NOT NULL,
	"target_type" text NOT NULL,
	"device_id" uuid NOT NULL,
	"method" text NOT NULL,
	"mac" text,
	"detection_id" uuid,
	"note" text DEFAULT '' NOT NULL,
	"undo" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"revision_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"undone_at" timestamp with time zone,
	"undone_by" text
);
--> statement-breakpoint
CREATE TABLE "ndr_detections" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"rule_id" text NOT NULL,
	"dedupe_key" text NOT NULL,
	"severity" text NOT NULL,
	"confidence" real NOT NULL,
	"host_ip" text NOT NULL,
	"device_id" uuid NOT NULL,
	"peer" text,
	"peers" jsonb NOT NULL,
	"user_name" text,
	"title" text NOT NULL,
	"summary" text NOT NULL,
	"tactics" jsonb NOT NULL,
	"techniques" jsonb NOT NULL,
	"first_seen" timestamp with time zone NOT NULL,
	"last_seen" timestamp with time zone NOT NULL,
	"occurrences" integer DEFAULT 1 NOT NULL,
	"facts" jsonb NOT NULL,
	"evidence" jsonb NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"assignee" text,
	"note" text DEFAULT '' NOT NULL,
	"reopened" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ndr_rule_settings" (
	"tenant_id" uuid NOT NULL,
	"rule_id" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"suppressions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	CONSTRAINT "ndr_rule_settings_tenant_id_rule_id_pk" PRIMARY KEY("tenant_id","rule_id")
);
--> statement-breakpoint
CREATE TABLE "ndr_rule_states" (
	"tenant_id" uuid NOT NULL,
	"rule_id" text NOT NULL,
	"state" jsonb NOT NULL,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ndr_rule_states_tenant_id_rule_id_pk" PRIMARY KEY("tenant_id","rule_id")
);
--> statement-breakpoint
ALTER TABLE "ndr_actions" ADD CONSTRAINT "ndr_actions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ndr_detections" ADD CONSTRAINT "ndr_detections_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ndr_rule_settings" ADD CONSTRAINT "ndr_rule_settings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ndr_rule_states" ADD CONSTRAINT "ndr_rule_states_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ndr_actions_tenant_created_idx" ON "ndr_actions" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "ndr_actions_tenant_target_idx" ON "ndr_actions" USING btree ("tenant_id","target");--> statement-breakpoint
CREATE UNIQUE INDEX "ndr_detections_tenant_key_idx" ON "ndr_detections" USING btree ("tenant_id","dedupe_key");--> statement-breakpoint
CREATE INDEX "ndr_detections_tenant_seen_idx" ON "ndr_detections" USING btree ("tenant_id","last_seen");--> statement-breakpoint
CREATE INDEX "ndr_detections_tenant_host_idx" ON "ndr_detections" USING btree ("tenant_id","host_ip","last_seen");--> statement-breakpoint
-- NDR's evidence besides flows: the DNS queries gateways' and ZTNA clients' resolvers answered
-- (dns_queries messages) and the gateways' IDS/IPS alerts (ids_alerts messages), raw by the day,
-- kept as long as URL events. Written by modules/traffic alone; NDR reads them back by host and time.
CREATE TABLE "dns_queries" (
	"tenant_id" uuid NOT NULL,
	"device_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"seq" bigint NOT NULL,
	"n" integer NOT NULL,
	"client_ip" text NOT NULL,
	"name" text NOT NULL,
	"qtype" text NOT NULL,
	"rcode" text NOT NULL,
	"answers" jsonb NOT NULL
) PARTITION BY RANGE ("at");
--> statement-breakpoint
CREATE INDEX "dns_queries_tenant_time_idx" ON "dns_queries" ("tenant_id", "at");
--> statement-breakpoint
CREATE INDEX "dns_queries_tenant_client_time_idx" ON "dns_queries" ("tenant_id", "client_ip", "at");
--> statement-breakpoint
CREATE TABLE "ids_alerts" (
	"tenant_id" uuid NOT NULL,
	"device_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"seq" bigint NOT NULL,
	"n" integer NOT NULL,
	"sid" bigint NOT NULL,
	"category" text NOT NULL,
	"severity" smallint NOT NULL,
	"src" text NOT NULL,
	"dst" text NOT NULL,
	"src_port" integer,
	"dst_port" integer,
	"message" text NOT NULL,
	"action" text NOT NULL
) PARTITION BY RANGE ("at");
--> statement-breakpoint
CREATE INDEX "ids_alerts_tenant_time_idx" ON "ids_alerts" ("tenant_id", "at");
--> statement-breakpoint
CREATE INDEX "ids_alerts_tenant_src_time_idx" ON "ids_alerts" ("tenant_id", "src", "at");
--> statement-breakpoint
CREATE INDEX "ids_alerts_tenant_dst_time_idx" ON "ids_alerts" ("tenant_id", "dst", "at");
