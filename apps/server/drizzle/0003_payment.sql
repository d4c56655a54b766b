CREATE TABLE "deposit_notifications" (
	"id" text PRIMARY KEY NOT NULL,
	"account_number" text NOT NULL,
	"amount" integer NOT NULL,
	"deposited_at" timestamp with time zone NOT NULL,
	"depositor_name" text,
	"virtual_account_id" uuid,
	"outcome" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deposit_notifications_outcome" CHECK ("deposit_notifications"."outcome" in ('paid', 'underpaid', 'overpaid', 'unknownAccount'))
);
--> statement-breakpoint
CREATE TABLE "payment_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"status" text DEFAULT 'processing' NOT NULL,
	"amount" integer NOT NULL,
	"provider_reference" text,
	"error_code" text,
	"outcome" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "payment_attempts_key_uq" UNIQUE("application_id","idempotency_key"),
	CONSTRAINT "payment_attempts_kind" CHECK ("payment_attempts"."kind" in ('card', 'virtualAccount', 'offline')),
	CONSTRAINT "payment_attempts_status" CHECK ("payment_attempts"."status" in ('processing', 'threeDSecure', 'succeeded', 'failed', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "used_puzzles" (
	"signature" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "virtual_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"provider_account_id" text NOT NULL,
	"bank_name" text NOT NULL,
	"bank_code" text NOT NULL,
	"branch_name" text NOT NULL,
	"branch_code" text NOT NULL,
	"account_type" text NOT NULL,
	"account_number" text NOT NULL,
	"account_holder" text NOT NULL,
	"amount" integer NOT NULL,
	"due_date" text NOT NULL,
	"paid_amount" integer DEFAULT 0 NOT NULL,
	"deposit_status" text DEFAULT 'awaiting' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "virtual_accounts_application_uq" UNIQUE("application_id"),
	CONSTRAINT "virtual_accounts_number_uq" UNIQUE("account_number"),
	CONSTRAINT "virtual_accounts_deposit_status" CHECK ("virtual_accounts"."deposit_status" in ('awaiting', 'paid', 'underpaid', 'overpaid'))
);
--> statement-breakpoint
CREATE TABLE "sandbox_pay_deposits" (
	"id" text PRIMARY KEY NOT NULL,
	"account_number" text NOT NULL,
	"amount" integer NOT NULL,
	"depositor_name" text,
	"deposited_at" timestamp with time zone NOT NULL,
	"delivered_status" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_pay_payments" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"order_id" text NOT NULL,
	"amount" integer NOT NULL,
	"scenario" text NOT NULL,
	"status" text NOT NULL,
	"error_code" text,
	"return_url" text NOT NULL,
	"challenge_completed_at" timestamp with time zone,
	"captured_at" timestamp with time zone,
	"response" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_pay_payments_key_uq" UNIQUE("idempotency_key"),
	CONSTRAINT "sandbox_pay_payments_status" CHECK ("sandbox_pay_payments"."status" in ('requires_action', 'authorized', 'captured', 'failed', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "sandbox_pay_tokens" (
	"token" text PRIMARY KEY NOT NULL,
	"scenario" text NOT NULL,
	"brand" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_pay_virtual_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"order_id" text NOT NULL,
	"account_number" text NOT NULL,
	"account_holder" text NOT NULL,
	"amount" integer NOT NULL,
	"due_date" text NOT NULL,
	"response" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_pay_virtual_accounts_key_uq" UNIQUE("idempotency_key"),
	CONSTRAINT "sandbox_pay_virtual_accounts_order_uq" UNIQUE("order_id"),
	CONSTRAINT "sandbox_pay_virtual_accounts_number_uq" UNIQUE("account_number")
);
--> statement-breakpoint
ALTER TABLE "deposit_notifications" ADD CONSTRAINT "deposit_notifications_virtual_account_id_virtual_accounts_id_fk" FOREIGN KEY ("virtual_account_id") REFERENCES "public"."virtual_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "virtual_accounts" ADD CONSTRAINT "virtual_accounts_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deposit_notifications_account_ix" ON "deposit_notifications" USING btree ("account_number");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_attempts_one_success_uq" ON "payment_attempts" USING btree ("application_id") WHERE "payment_attempts"."status" = 'succeeded';--> statement-breakpoint
CREATE INDEX "payment_attempts_application_ix" ON "payment_attempts" USING btree ("application_id","created_at");