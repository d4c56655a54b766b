CREATE TABLE "sandbox_pay_stored_cards" (
	"id" text PRIMARY KEY NOT NULL,
	"payment_id" text NOT NULL,
	"scenario" text NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"expiry_month" text NOT NULL,
	"expiry_year" text NOT NULL,
	"status" text NOT NULL,
	"next_outcome" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "sandbox_pay_stored_cards_payment_uq" UNIQUE("payment_id"),
	CONSTRAINT "sandbox_pay_stored_cards_status" CHECK ("sandbox_pay_stored_cards"."status" in ('pending', 'active', 'deleted'))
);
--> statement-breakpoint
ALTER TABLE "sandbox_pay_payments" ADD COLUMN "stored_card_id" text;--> statement-breakpoint
ALTER TABLE "sandbox_pay_tokens" ADD COLUMN "last4" text;--> statement-breakpoint
ALTER TABLE "sandbox_pay_tokens" ADD COLUMN "expiry_month" text;--> statement-breakpoint
ALTER TABLE "sandbox_pay_tokens" ADD COLUMN "expiry_year" text;