-- Heartbeats rewrite a device's row every few seconds. With no indexed column among those they
-- change, and room left in each page, PostgreSQL updates the row in place (HOT): no new index
-- entries, little for autovacuum. The fill factor applies to pages written from now on.
DROP INDEX "devices_last_seen_idx";--> statement-breakpoint
ALTER TABLE "devices" SET (fillfactor = 80);
