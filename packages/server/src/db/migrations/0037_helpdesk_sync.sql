ALTER TABLE "helpdesk_integrations" ADD COLUMN "webhook_token" text;--> statement-breakpoint
ALTER TABLE "ticket_messages" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "ticket_messages" ADD COLUMN "to_send" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "integration_owner" text;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "external_url" text;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "sync_error" text;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "sync_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "next_sync_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "synced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "sla_paused_ms" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "sla_paused_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_messages_external_idx" ON "ticket_messages" USING btree ("ticket_id","external_id");--> statement-breakpoint
CREATE INDEX "tickets_next_sync_idx" ON "tickets" USING btree ("next_sync_at");--> statement-breakpoint
CREATE INDEX "tickets_external_idx" ON "tickets" USING btree ("method","external_id");--> statement-breakpoint
ALTER TABLE "helpdesk_integrations" ADD CONSTRAINT "helpdesk_integrations_webhook_token_unique" UNIQUE("webhook_token");