CREATE TABLE "renewals" (
	"pre_application_id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"group_pf_code" text NOT NULL,
	"group_pf_code_inception_date_ym" text NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"renewed_by" text,
	"procedure_application_id" uuid,
	"renewed_application_id" uuid,
	"auto_renew_stopped_at" timestamp with time zone,
	"renewed_at" timestamp with time zone,
	"notice_mailed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "renewals_renewed_application_uq" UNIQUE("renewed_application_id"),
	CONSTRAINT "renewals_state" CHECK ("renewals"."state" in ('open', 'inProcedure', 'stopped', 'renewed')),
	CONSTRAINT "renewals_renewed" CHECK (("renewals"."state" = 'renewed') = ("renewals"."renewed_application_id" is not null and "renewals"."renewed_by" in ('procedure', 'auto')))
);
--> statement-breakpoint
ALTER TABLE "applications" DROP CONSTRAINT "applications_member_uq";--> statement-breakpoint
ALTER TABLE "applications" DROP CONSTRAINT "applications_status";--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "pre_application_id" uuid;--> statement-breakpoint
ALTER TABLE "renewals" ADD CONSTRAINT "renewals_pre_application_id_applications_id_fk" FOREIGN KEY ("pre_application_id") REFERENCES "public"."applications"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renewals" ADD CONSTRAINT "renewals_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renewals" ADD CONSTRAINT "renewals_procedure_application_id_applications_id_fk" FOREIGN KEY ("procedure_application_id") REFERENCES "public"."applications"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renewals" ADD CONSTRAINT "renewals_renewed_application_id_applications_id_fk" FOREIGN KEY ("renewed_application_id") REFERENCES "public"."applications"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "renewals_account_ix" ON "renewals" USING btree ("account_id");--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_pre_application_id_applications_id_fk" FOREIGN KEY ("pre_application_id") REFERENCES "public"."applications"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "applications_account_year_uq" ON "applications" USING btree ("account_id","group_pf_code","group_pf_code_inception_date_ym") WHERE "applications"."status" <> 'cancelled';--> statement-breakpoint
CREATE UNIQUE INDEX "applications_pre_application_uq" ON "applications" USING btree ("pre_application_id") WHERE "applications"."status" <> 'cancelled';--> statement-breakpoint
CREATE INDEX "applications_member_ix" ON "applications" USING btree ("roster_member_id");--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_status" CHECK ("applications"."status" in ('draft', 'applied', 'cancelled'));