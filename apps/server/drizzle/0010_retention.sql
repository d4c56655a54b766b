CREATE TABLE "file_deletions" (
	"storage_key" text PRIMARY KEY NOT NULL,
	"queued_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "retention_runs" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"claimed_at" timestamp with time zone NOT NULL,
	"claimed_until" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "retention_runs_single_row" CHECK ("retention_runs"."id" = 1)
);
