ALTER TABLE "auth_attempts" ADD COLUMN "url_key" text;--> statement-breakpoint
ALTER TABLE "auth_attempts" ADD COLUMN "consents" jsonb;