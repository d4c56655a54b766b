CREATE TABLE "money_item_states" (
	"item_key" text PRIMARY KEY NOT NULL,
	"shortfall_requested_at" timestamp with time zone,
	"shortfall_note" text,
	"resolved_at" timestamp with time zone,
	"resolved_by_staff_id" uuid,
	"resolution_note" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"item_key" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"provider_payment_id" text NOT NULL,
	"application_id" uuid,
	"group_pf_code" text,
	"amount" integer NOT NULL,
	"reason" text NOT NULL,
	"staff_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider_refund_id" text,
	"error_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "payment_refunds_item_uq" UNIQUE("item_key"),
	CONSTRAINT "payment_refunds_key_uq" UNIQUE("idempotency_key"),
	CONSTRAINT "payment_refunds_status" CHECK ("payment_refunds"."status" in ('pending', 'succeeded', 'failed')),
	CONSTRAINT "payment_refunds_amount" CHECK ("payment_refunds"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "sandbox_pay_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"payment_id" text NOT NULL,
	"amount" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_pay_refunds_key_uq" UNIQUE("idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "deposit_notifications" ALTER COLUMN "outcome" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "deposit_notifications" ADD COLUMN "status" text DEFAULT 'received' NOT NULL;--> statement-breakpoint
ALTER TABLE "deposit_notifications" ADD COLUMN "reconciled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deposit_notifications" ADD COLUMN "matched_by_staff_id" uuid;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deposit_notifications_received_ix" ON "deposit_notifications" USING btree ("received_at") WHERE "deposit_notifications"."status" = 'received';--> statement-breakpoint
ALTER TABLE "deposit_notifications" ADD CONSTRAINT "deposit_notifications_status" CHECK ("deposit_notifications"."status" in ('received', 'reconciled'));--> statement-breakpoint
-- hand-written (issue #21 h2-money): notifications reconciled before the job existed are done
UPDATE "deposit_notifications" SET "status" = 'reconciled', "reconciled_at" = "received_at" WHERE "outcome" IS NOT NULL;
