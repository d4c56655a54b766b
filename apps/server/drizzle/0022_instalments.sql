CREATE TABLE "instalments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"covers_month" text NOT NULL,
	"due_date" text NOT NULL,
	"amount" integer NOT NULL,
	"status" text DEFAULT 'due' NOT NULL,
	"tries" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"claim_token" uuid,
	"lease_until" timestamp with time zone,
	"provider_payment_id" text,
	"last_error_code" text,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "instalments_seq_uq" UNIQUE("application_id","seq"),
	CONSTRAINT "instalments_status" CHECK ("instalments"."status" in ('due', 'charging', 'paid', 'failed')),
	CONSTRAINT "instalments_amount" CHECK ("instalments"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "stored_cards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"provider_card_id" text NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"expiry_month" text NOT NULL,
	"expiry_year" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone,
	CONSTRAINT "stored_cards_provider_card_uq" UNIQUE("provider_card_id"),
	CONSTRAINT "stored_cards_last4" CHECK ("stored_cards"."last4" ~ '^[0-9]{4}$')
);
--> statement-breakpoint
ALTER TABLE "instalments" ADD CONSTRAINT "instalments_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_cards" ADD CONSTRAINT "stored_cards_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "instalments_due_ix" ON "instalments" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE UNIQUE INDEX "stored_cards_in_use_uq" ON "stored_cards" USING btree ("application_id") WHERE "stored_cards"."removed_at" is null;