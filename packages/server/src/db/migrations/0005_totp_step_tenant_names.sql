ALTER TABLE "tenants" DROP CONSTRAINT "tenants_name_unique";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "totp_last_step" bigint;