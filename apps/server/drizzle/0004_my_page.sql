CREATE TABLE "auth_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"purpose" text NOT NULL,
	"account_id" uuid,
	"group_pf_code" text NOT NULL,
	"token_hash" text NOT NULL,
	"destination" text,
	"code_hash" text,
	"channel" text,
	"code_expires_at" timestamp with time zone,
	"codes_sent" integer DEFAULT 0 NOT NULL,
	"wrong_tries" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"voided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auth_attempts_token_hash_uq" UNIQUE("token_hash"),
	CONSTRAINT "auth_attempts_purpose" CHECK ("auth_attempts"."purpose" in ('login', 'mailChange', 'passwordReset', 'phoneRegister')),
	CONSTRAINT "auth_attempts_channel" CHECK ("auth_attempts"."channel" is null or "auth_attempts"."channel" in ('mail', 'sms', 'voice'))
);
--> statement-breakpoint
ALTER TABLE "outbox_messages" DROP CONSTRAINT "outbox_messages_channel";--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "phone_number" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "phone_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "auth_type_for_login" text DEFAULT 'mail' NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "purpose" text DEFAULT 'application' NOT NULL;--> statement-breakpoint
ALTER TABLE "auth_attempts" ADD CONSTRAINT "auth_attempts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auth_attempts_account_ix" ON "auth_attempts" USING btree ("account_id","purpose");--> statement-breakpoint
CREATE INDEX "accounts_group_mail_ix" ON "accounts" USING btree ("group_pf_code","mail_address");--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_auth_type_for_login" CHECK ("accounts"."auth_type_for_login" in ('mail', 'telephone'));--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_purpose" CHECK ("sessions"."purpose" in ('application', 'myPage'));--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD CONSTRAINT "outbox_messages_channel" CHECK ("outbox_messages"."channel" in ('mail', 'sms', 'voice'));