CREATE TABLE "device_status_snapshots" (
	"device_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"data" jsonb NOT NULL,
	CONSTRAINT "device_status_snapshots_device_id_kind_pk" PRIMARY KEY("device_id","kind")
);
--> statement-breakpoint
ALTER TABLE "device_status_snapshots" ADD CONSTRAINT "device_status_snapshots_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;