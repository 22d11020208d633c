CREATE TABLE "waf_bot_settings" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"settings" jsonb NOT NULL,
	"members" jsonb DEFAULT '{"verified_bot":[],"likely_bot":[],"automated":[]}'::jsonb NOT NULL,
	"members_at" timestamp with time zone,
	"blocked_keys" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "waf_bot_settings" ADD CONSTRAINT "waf_bot_settings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- What bot protection reads of each request (written by hand: waf_requests is the analytics store's
-- partitioned table, see 0038): the headers a browser is judged by, the API key's fingerprint (never
-- its value), and the bot class of the managed list its client was on.
ALTER TABLE "waf_requests" ADD COLUMN "accept_language" text;--> statement-breakpoint
ALTER TABLE "waf_requests" ADD COLUMN "accept_encoding" text;--> statement-breakpoint
ALTER TABLE "waf_requests" ADD COLUMN "sec_ch_ua" text;--> statement-breakpoint
ALTER TABLE "waf_requests" ADD COLUMN "api_key" text;--> statement-breakpoint
ALTER TABLE "waf_requests" ADD COLUMN "bot_class" text;--> statement-breakpoint
ALTER TABLE "waf_requests" ADD COLUMN "headers_logged" boolean DEFAULT false NOT NULL;
