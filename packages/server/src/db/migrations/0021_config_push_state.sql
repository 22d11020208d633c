ALTER TABLE "devices" ADD COLUMN "config_push" text;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "config_push_error" text;--> statement-breakpoint
-- Where each device's push of its desired configuration stands, from the job queue as it is now.
UPDATE "devices" d SET
  "config_push" = CASE j.state WHEN 'queued' THEN 'open' WHEN 'sent' THEN 'open' ELSE j.state END,
  "config_push_error" = CASE WHEN j.state = 'failed' THEN coalesce(j.result, 'refused') END
FROM (
  SELECT DISTINCT ON (device_id) device_id, state, result, payload->>'config_hash' AS hash
  FROM "device_jobs"
  WHERE kind IN ('apply_config', 'full_sync') AND state <> 'cancelled'
  ORDER BY device_id, created_at DESC
) j
WHERE j.device_id = d.id AND j.hash = d.config_hash;
