ALTER TABLE "payment_attempts" DROP CONSTRAINT "payment_attempts_kind";--> statement-breakpoint
DROP INDEX "payment_attempts_one_success_uq";--> statement-breakpoint
ALTER TABLE "stored_cards" ADD COLUMN "provider_deleted_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_attempts_one_success_uq" ON "payment_attempts" USING btree ("application_id") WHERE "payment_attempts"."status" = 'succeeded' and "payment_attempts"."kind" <> 'cardChange';--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_kind" CHECK ("payment_attempts"."kind" in ('card', 'virtualAccount', 'offline', 'cardChange'));