CREATE TABLE "application_step_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"step" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "staff_accounts" DROP CONSTRAINT "staff_accounts_role";--> statement-breakpoint
ALTER TABLE "staff_accounts" ADD COLUMN "group_pf_code" text;--> statement-breakpoint
ALTER TABLE "application_step_events" ADD CONSTRAINT "application_step_events_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "application_step_events_application_ix" ON "application_step_events" USING btree ("application_id","step");--> statement-breakpoint
ALTER TABLE "staff_accounts" ADD CONSTRAINT "staff_accounts_group" CHECK (("staff_accounts"."role" = 'groupContact') = ("staff_accounts"."group_pf_code" is not null));--> statement-breakpoint
ALTER TABLE "staff_accounts" ADD CONSTRAINT "staff_accounts_role" CHECK ("staff_accounts"."role" in ('insurerAdmin', 'insurerOperator', 'agencyStaff', 'auditor', 'groupContact'));