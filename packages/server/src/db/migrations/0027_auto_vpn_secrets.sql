CREATE TABLE "config_auto_vpn_secrets" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"secret" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "config_auto_vpn_secrets" ADD CONSTRAINT "config_auto_vpn_secrets_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;