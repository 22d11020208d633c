CREATE TABLE "waf_api_documents" (
	"application_id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"title" text NOT NULL,
	"version" text NOT NULL,
	"openapi" text NOT NULL,
	"operations" jsonb NOT NULL,
	"source" text NOT NULL,
	"uploaded_by" text,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "waf_api_documents" ADD CONSTRAINT "waf_api_documents_application_id_waf_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."waf_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waf_api_documents" ADD CONSTRAINT "waf_api_documents_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;