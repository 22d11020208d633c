CREATE TABLE "device_batches" (
	"device_id" uuid NOT NULL,
	"seq" bigint NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "device_batches_device_id_seq_pk" PRIMARY KEY("device_id","seq")
);
--> statement-breakpoint
ALTER TABLE "device_batches" ADD CONSTRAINT "device_batches_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_batches_received_brin" ON "device_batches" USING brin ("received_at");