CREATE TABLE "sso_saml_ids" (
	"key" text PRIMARY KEY NOT NULL,
	"provider_id" uuid NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"spent_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "sso_sign_ins" ALTER COLUMN "nonce" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "sso_sign_ins" ALTER COLUMN "code_verifier" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "sso_providers" ADD COLUMN "saml" jsonb;--> statement-breakpoint
ALTER TABLE "sso_sign_ins" ADD COLUMN "saml_request_id" text;--> statement-breakpoint
ALTER TABLE "sso_sign_ins" ADD COLUMN "saml_identity" jsonb;--> statement-breakpoint
ALTER TABLE "sso_sign_ins" ADD COLUMN "saml_refusal" text;--> statement-breakpoint
ALTER TABLE "sso_saml_ids" ADD CONSTRAINT "sso_saml_ids_provider_id_sso_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."sso_providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sso_saml_ids_expires_idx" ON "sso_saml_ids" USING btree ("expires_at");