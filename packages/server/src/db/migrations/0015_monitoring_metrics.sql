CREATE TABLE "device_system_metrics" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "device_system_metrics_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"device_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"cpu_pct" double precision NOT NULL,
	"memory_pct" double precision NOT NULL
);
--> statement-breakpoint
ALTER TABLE "device_metrics" ADD COLUMN "jitter_ms" double precision;--> statement-breakpoint
ALTER TABLE "device_system_metrics" ADD CONSTRAINT "device_system_metrics_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_system_metrics_device_at_idx" ON "device_system_metrics" USING btree ("device_id","at");--> statement-breakpoint
CREATE INDEX "device_system_metrics_at_brin" ON "device_system_metrics" USING brin ("at");