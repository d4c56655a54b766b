CREATE TABLE "maintenance_windows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"reason" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "maintenance_windows_order" CHECK ("maintenance_windows"."ends_at" > "maintenance_windows"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "group_notices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_pf_code" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"ended_early_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "group_notices_order" CHECK ("group_notices"."ends_at" > "group_notices"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "system_settings" ADD COLUMN "maintenance_reason" text;--> statement-breakpoint
ALTER TABLE "system_settings" ADD COLUMN "maintenance_switched_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "maintenance_windows_ends_ix" ON "maintenance_windows" USING btree ("ends_at");--> statement-breakpoint
CREATE INDEX "group_notices_group_ix" ON "group_notices" USING btree ("group_pf_code","ends_at");--> statement-breakpoint
CREATE INDEX "group_notices_ends_ix" ON "group_notices" USING btree ("ends_at");