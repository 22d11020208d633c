CREATE TABLE "rum_alerts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"site_id" uuid NOT NULL,
	"vital" text NOT NULL,
	"threshold" double precision NOT NULL,
	"window_minutes" integer NOT NULL,
	"enabled" boolean NOT NULL,
	"state" text DEFAULT 'ok' NOT NULL,
	"last_value" double precision,
	"changed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rum_sites" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"origins" text[] NOT NULL,
	"sample_rate" real NOT NULL,
	"honour_dnt" boolean NOT NULL,
	"public_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_beacon_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "rum_source_maps" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"site_id" uuid NOT NULL,
	"release" text NOT NULL,
	"file_url" text NOT NULL,
	"map" text NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "rum_alerts" ADD CONSTRAINT "rum_alerts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rum_alerts" ADD CONSTRAINT "rum_alerts_site_id_rum_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."rum_sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rum_sites" ADD CONSTRAINT "rum_sites_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rum_source_maps" ADD CONSTRAINT "rum_source_maps_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rum_source_maps" ADD CONSTRAINT "rum_source_maps_site_id_rum_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."rum_sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rum_alerts_tenant_idx" ON "rum_alerts" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "rum_alerts_site_idx" ON "rum_alerts" USING btree ("site_id");--> statement-breakpoint
CREATE UNIQUE INDEX "rum_sites_public_key_idx" ON "rum_sites" USING btree ("public_key");--> statement-breakpoint
CREATE UNIQUE INDEX "rum_sites_tenant_name_idx" ON "rum_sites" USING btree ("tenant_id",lower("name"));--> statement-breakpoint
CREATE INDEX "rum_sites_tenant_idx" ON "rum_sites" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "rum_source_maps_site_release_file_idx" ON "rum_source_maps" USING btree ("site_id","release","file_url");
--> statement-breakpoint
-- RUM's analytics tables (modules/traffic/rum-*.ts writes them): raw rows partitioned by day, dropped
-- past retention; no client address is stored anywhere, only its country.
CREATE TABLE "rum_page_views" (
	"tenant_id" uuid NOT NULL,
	"site_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"session_id" text NOT NULL,
	"page_view_id" text NOT NULL,
	"kind" text NOT NULL,
	"origin" text NOT NULL,
	"path" text NOT NULL,
	"page" text NOT NULL,
	"from_page" text,
	"referrer" text,
	"release" text,
	"nav_type" text,
	"country" text NOT NULL,
	"browser" text NOT NULL,
	"os" text NOT NULL,
	"device_class" text NOT NULL,
	"timing" jsonb,
	"resources" jsonb
) PARTITION BY RANGE ("at");
--> statement-breakpoint
CREATE INDEX "rum_page_views_site_time_idx" ON "rum_page_views" ("site_id", "at");
--> statement-breakpoint
CREATE INDEX "rum_page_views_site_session_idx" ON "rum_page_views" ("site_id", "session_id");
--> statement-breakpoint
CREATE TABLE "rum_vitals" (
	"tenant_id" uuid NOT NULL,
	"site_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"session_id" text NOT NULL,
	"page_view_id" text NOT NULL,
	"page" text NOT NULL,
	"country" text NOT NULL,
	"browser" text NOT NULL,
	"os" text NOT NULL,
	"device_class" text NOT NULL,
	"name" text NOT NULL,
	"value" double precision NOT NULL,
	"rating" text NOT NULL,
	"attribution" jsonb
) PARTITION BY RANGE ("at");
--> statement-breakpoint
CREATE INDEX "rum_vitals_site_name_page_time_idx" ON "rum_vitals" ("site_id", "name", "page", "at");
--> statement-breakpoint
CREATE INDEX "rum_vitals_site_session_idx" ON "rum_vitals" ("site_id", "session_id");
--> statement-breakpoint
CREATE TABLE "rum_errors" (
	"tenant_id" uuid NOT NULL,
	"site_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"session_id" text NOT NULL,
	"page_view_id" text NOT NULL,
	"page" text NOT NULL,
	"country" text NOT NULL,
	"browser" text NOT NULL,
	"os" text NOT NULL,
	"device_class" text NOT NULL,
	"release" text,
	"fingerprint" text NOT NULL,
	"kind" text NOT NULL,
	"message" text NOT NULL,
	"stack" text,
	"source" text,
	"line" integer,
	"col" integer
) PARTITION BY RANGE ("at");
--> statement-breakpoint
CREATE INDEX "rum_errors_site_time_idx" ON "rum_errors" ("site_id", "at");
--> statement-breakpoint
CREATE INDEX "rum_errors_site_session_idx" ON "rum_errors" ("site_id", "session_id");
--> statement-breakpoint
-- A session as its beacons arrive: the sessions list and the overview's count read it, not the raw rows.
CREATE TABLE "rum_sessions" (
	"tenant_id" uuid NOT NULL,
	"site_id" uuid NOT NULL,
	"session_id" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone NOT NULL,
	"page_views" integer NOT NULL,
	"errors" integer NOT NULL,
	"country" text NOT NULL,
	"browser" text NOT NULL,
	"os" text NOT NULL,
	"device_class" text NOT NULL,
	"entry_page" text NOT NULL,
	"exit_page" text NOT NULL,
	PRIMARY KEY ("site_id", "session_id")
);
--> statement-breakpoint
CREATE INDEX "rum_sessions_site_started_idx" ON "rum_sessions" ("site_id", "started_at");
--> statement-breakpoint
CREATE INDEX "rum_sessions_ended_idx" ON "rum_sessions" ("ended_at");
--> statement-breakpoint
-- Rollups maintained at ingest: page views and errors, and each vital's histogram (the buckets of
-- domain rum/vitals.ts, with the rating so good shares are exact), per minute (partitioned by day),
-- hour (by week) and day (one table, kept). '' is an unknown country.
CREATE TABLE "rum_page_rollup_minute" (
	"site_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"page" text NOT NULL,
	"country" text NOT NULL,
	"browser" text NOT NULL,
	"os" text NOT NULL,
	"device_class" text NOT NULL,
	"views" bigint NOT NULL,
	"errors" bigint NOT NULL,
	PRIMARY KEY ("site_id", "at", "page", "country", "browser", "os", "device_class")
) PARTITION BY RANGE ("at");
--> statement-breakpoint
CREATE TABLE "rum_page_rollup_hour" (
	"site_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"page" text NOT NULL,
	"country" text NOT NULL,
	"browser" text NOT NULL,
	"os" text NOT NULL,
	"device_class" text NOT NULL,
	"views" bigint NOT NULL,
	"errors" bigint NOT NULL,
	PRIMARY KEY ("site_id", "at", "page", "country", "browser", "os", "device_class")
) PARTITION BY RANGE ("at");
--> statement-breakpoint
CREATE TABLE "rum_page_rollup_day" (
	"site_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"page" text NOT NULL,
	"country" text NOT NULL,
	"browser" text NOT NULL,
	"os" text NOT NULL,
	"device_class" text NOT NULL,
	"views" bigint NOT NULL,
	"errors" bigint NOT NULL,
	PRIMARY KEY ("site_id", "at", "page", "country", "browser", "os", "device_class")
);
--> statement-breakpoint
CREATE TABLE "rum_vital_rollup_minute" (
	"site_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"page" text NOT NULL,
	"country" text NOT NULL,
	"browser" text NOT NULL,
	"os" text NOT NULL,
	"device_class" text NOT NULL,
	"vital" text NOT NULL,
	"rating" text NOT NULL,
	"bucket" smallint NOT NULL,
	"count" bigint NOT NULL,
	PRIMARY KEY ("site_id", "vital", "at", "page", "country", "browser", "os", "device_class", "rating", "bucket")
) PARTITION BY RANGE ("at");
--> statement-breakpoint
CREATE TABLE "rum_vital_rollup_hour" (
	"site_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"page" text NOT NULL,
	"country" text NOT NULL,
	"browser" text NOT NULL,
	"os" text NOT NULL,
	"device_class" text NOT NULL,
	"vital" text NOT NULL,
	"rating" text NOT NULL,
	"bucket" smallint NOT NULL,
	"count" bigint NOT NULL,
	PRIMARY KEY ("site_id", "vital", "at", "page", "country", "browser", "os", "device_class", "rating", "bucket")
) PARTITION BY RANGE ("at");
--> statement-breakpoint
CREATE TABLE "rum_vital_rollup_day" (
	"site_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"page" text NOT NULL,
	"country" text NOT NULL,
	"browser" text NOT NULL,
	"os" text NOT NULL,
	"device_class" text NOT NULL,
	"vital" text NOT NULL,
	"rating" text NOT NULL,
	"bucket" smallint NOT NULL,
	"count" bigint NOT NULL,
	PRIMARY KEY ("site_id", "vital", "at", "page", "country", "browser", "os", "device_class", "rating", "bucket")
);
