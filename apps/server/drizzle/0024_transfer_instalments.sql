ALTER TABLE "virtual_accounts" DROP CONSTRAINT "virtual_accounts_application_uq";--> statement-breakpoint
ALTER TABLE "instalments" DROP CONSTRAINT "instalments_status";--> statement-breakpoint
ALTER TABLE "instalments" ADD COLUMN "method" text DEFAULT 'card' NOT NULL;--> statement-breakpoint
ALTER TABLE "virtual_accounts" ADD COLUMN "instalment_id" uuid;--> statement-breakpoint
ALTER TABLE "virtual_accounts" ADD CONSTRAINT "virtual_accounts_instalment_id_instalments_id_fk" FOREIGN KEY ("instalment_id") REFERENCES "public"."instalments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "virtual_accounts_application_uq" ON "virtual_accounts" USING btree ("application_id") WHERE "virtual_accounts"."instalment_id" is null;--> statement-breakpoint
ALTER TABLE "virtual_accounts" ADD CONSTRAINT "virtual_accounts_instalment_uq" UNIQUE("instalment_id");--> statement-breakpoint
ALTER TABLE "instalments" ADD CONSTRAINT "instalments_method" CHECK ("instalments"."method" in ('card', 'transfer'));--> statement-breakpoint
ALTER TABLE "instalments" ADD CONSTRAINT "instalments_status" CHECK ("instalments"."status" in ('due', 'charging', 'invoiced', 'paid', 'failed'));