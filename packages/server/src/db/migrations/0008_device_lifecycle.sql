ALTER TABLE "devices" ADD COLUMN "enrolment" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Before the index: an older server could open a second full sync (keep the oldest open one), and
-- could leave open jobs on removed devices (they would go to the device once it enrolled again).
UPDATE "device_jobs" SET "state" = 'cancelled', "result" = 'superseded by an earlier full sync', "done_at" = now()
WHERE "kind" = 'full_sync' AND "state" IN ('queued', 'sent') AND "id" NOT IN (
  SELECT DISTINCT ON ("device_id") "id" FROM "device_jobs"
  WHERE "kind" = 'full_sync' AND "state" IN ('queued', 'sent') ORDER BY "device_id", "created_at", "id"
);--> statement-breakpoint
UPDATE "device_jobs" SET "state" = 'cancelled', "result" = 'device removed from its tenant', "done_at" = now()
WHERE "state" IN ('queued', 'sent') AND "device_id" IN (SELECT "id" FROM "devices" WHERE NOT "claimed");--> statement-breakpoint
CREATE UNIQUE INDEX "device_jobs_open_full_sync_idx" ON "device_jobs" USING btree ("device_id","kind") WHERE kind = 'full_sync' and state in ('queued', 'sent');