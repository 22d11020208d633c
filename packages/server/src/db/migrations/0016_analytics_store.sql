-- The analytics store (DESIGN.md "Analytics store"). Partitioned tables are written by hand:
-- drizzle-kit does not model PARTITION BY, and the store reads and writes them with SQL of its own
-- (packages/server/src/modules/traffic/pg-store.ts). Partitions are created by the store as data
-- arrives and dropped whole when they pass their retention.
CREATE TABLE "flow_records" (
	"tenant_id" uuid NOT NULL,
	"device_id" uuid NOT NULL,
	"network_id" uuid,
	"product" text NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"src_ip" text NOT NULL,
	"src_port" integer NOT NULL,
	"dst_ip" text NOT NULL,
	"dst_port" integer NOT NULL,
	"protocol" smallint NOT NULL,
	"bytes_out" bigint NOT NULL,
	"packets_out" bigint NOT NULL,
	"bytes_in" bigint NOT NULL,
	"packets_in" bigint NOT NULL,
	"in_ifname" text NOT NULL,
	"out_ifname" text NOT NULL,
	"wan" text,
	"dscp" smallint NOT NULL,
	"application" text NOT NULL,
	"site" text NOT NULL,
	"user_name" text,
	"src_country" text,
	"dst_country" text,
	"server_port" text NOT NULL,
	"client_port" text NOT NULL
) PARTITION BY RANGE ("start_at");
--> statement-breakpoint
CREATE INDEX "flow_records_tenant_time_idx" ON "flow_records" ("tenant_id", "product", "start_at");
--> statement-breakpoint
CREATE TABLE "flow_rollup_minute" (
	"tenant_id" uuid NOT NULL,
	"product" text NOT NULL,
	"dim" text NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"device_id" uuid NOT NULL,
	"key" text NOT NULL,
	"bytes_out" bigint NOT NULL,
	"bytes_in" bigint NOT NULL,
	"packets" bigint NOT NULL,
	"flows" bigint NOT NULL,
	PRIMARY KEY ("tenant_id", "product", "dim", "bucket", "device_id", "key")
) PARTITION BY RANGE ("bucket");
--> statement-breakpoint
CREATE TABLE "flow_rollup_hour" (
	"tenant_id" uuid NOT NULL,
	"product" text NOT NULL,
	"dim" text NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"device_id" uuid NOT NULL,
	"key" text NOT NULL,
	"bytes_out" bigint NOT NULL,
	"bytes_in" bigint NOT NULL,
	"packets" bigint NOT NULL,
	"flows" bigint NOT NULL,
	PRIMARY KEY ("tenant_id", "product", "dim", "bucket", "device_id", "key")
) PARTITION BY RANGE ("bucket");
--> statement-breakpoint
CREATE TABLE "flow_rollup_day" (
	"tenant_id" uuid NOT NULL,
	"product" text NOT NULL,
	"dim" text NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"device_id" uuid NOT NULL,
	"key" text NOT NULL,
	"bytes_out" bigint NOT NULL,
	"bytes_in" bigint NOT NULL,
	"packets" bigint NOT NULL,
	"flows" bigint NOT NULL,
	PRIMARY KEY ("tenant_id", "product", "dim", "bucket", "device_id", "key")
);
