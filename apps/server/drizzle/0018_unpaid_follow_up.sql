CREATE TABLE "follow_up_mails" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"day" integer NOT NULL,
	"message_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "follow_up_mails_uq" UNIQUE("application_id","kind","day"),
	CONSTRAINT "follow_up_mails_kind" CHECK ("follow_up_mails"."kind" in ('reminder', 'expiry', 'invoice')),
	CONSTRAINT "follow_up_mails_day" CHECK ("follow_up_mails"."day" >= 0)
);
--> statement-breakpoint
ALTER TABLE "follow_up_mails" ADD CONSTRAINT "follow_up_mails_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE restrict ON UPDATE no action;