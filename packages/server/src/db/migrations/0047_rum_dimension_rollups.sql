-- RUM's rollups one dimension at a time (like the flow rollups' dim and key): the RUM page's
-- unfiltered questions (the site's p75s, a breakdown by page, country, browser, OS or device class)
-- read a few hundred rows an hour instead of every combination of the five dimensions, which the
-- rum_*_rollup_* tables keep for filtered questions. dim '' is the site's total (key '').
-- sessions: sessions that started (their first beacon), by their first page's dimensions.
CREATE TABLE "rum_page_dims_minute" (
	"site_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"dim" text NOT NULL,
	"key" text NOT NULL,
	"views" bigint NOT NULL,
	"errors" bigint NOT NULL,
	"sessions" bigint NOT NULL,
	PRIMARY KEY ("site_id", "dim", "at", "key")
) PARTITION BY RANGE ("at");
--> statement-breakpoint
CREATE TABLE "rum_page_dims_hour" (
	"site_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"dim" text NOT NULL,
	"key" text NOT NULL,
	"views" bigint NOT NULL,
	"errors" bigint NOT NULL,
	"sessions" bigint NOT NULL,
	PRIMARY KEY ("site_id", "dim", "at", "key")
) PARTITION BY RANGE ("at");
--> statement-breakpoint
CREATE TABLE "rum_page_dims_day" (
	"site_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"dim" text NOT NULL,
	"key" text NOT NULL,
	"views" bigint NOT NULL,
	"errors" bigint NOT NULL,
	"sessions" bigint NOT NULL,
	PRIMARY KEY ("site_id", "dim", "at", "key")
);
--> statement-breakpoint
CREATE TABLE "rum_vital_dims_minute" (
	"site_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"vital" text NOT NULL,
	"dim" text NOT NULL,
	"key" text NOT NULL,
	"rating" text NOT NULL,
	"bucket" smallint NOT NULL,
	"count" bigint NOT NULL,
	PRIMARY KEY ("site_id", "vital", "dim", "at", "key", "rating", "bucket")
) PARTITION BY RANGE ("at");
--> statement-breakpoint
CREATE TABLE "rum_vital_dims_hour" (
	"site_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"vital" text NOT NULL,
	"dim" text NOT NULL,
	"key" text NOT NULL,
	"rating" text NOT NULL,
	"bucket" smallint NOT NULL,
	"count" bigint NOT NULL,
	PRIMARY KEY ("site_id", "vital", "dim", "at", "key", "rating", "bucket")
) PARTITION BY RANGE ("at");
--> statement-breakpoint
CREATE TABLE "rum_vital_dims_day" (
	"site_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"vital" text NOT NULL,
	"dim" text NOT NULL,
	"key" text NOT NULL,
	"rating" text NOT NULL,
	"bucket" smallint NOT NULL,
	"count" bigint NOT NULL,
	PRIMARY KEY ("site_id", "vital", "dim", "at", "key", "rating", "bucket")
);
