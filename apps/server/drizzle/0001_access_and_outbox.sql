CREATE TABLE "accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"roster_member_id" uuid NOT NULL,
	"group_pf_code" text NOT NULL,
	"mail_address" text NOT NULL,
	"password_hash" text NOT NULL,
	"mail_verified_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounts_user_id_uq" UNIQUE("user_id"),
	CONSTRAINT "accounts_roster_member_uq" UNIQUE("roster_member_id")
);
--> statement-breakpoint
CREATE TABLE "application_consents" (
	"application_id" uuid NOT NULL,
	"document_id" text NOT NULL,
	"version" text NOT NULL,
	"agreed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "application_consents_pk" PRIMARY KEY("application_id","document_id")
);
--> statement-breakpoint
CREATE TABLE "applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"roster_member_id" uuid NOT NULL,
	"group_pf_code" text NOT NULL,
	"group_pf_code_inception_date_ym" text NOT NULL,
	"group_pf_branch_no" text NOT NULL,
	"url_key" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"group_pf_policy_holder_no" text,
	"applied_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "applications_member_uq" UNIQUE("roster_member_id"),
	CONSTRAINT "applications_policy_holder_no_uq" UNIQUE("group_pf_code","group_pf_code_inception_date_ym","group_pf_policy_holder_no"),
	CONSTRAINT "applications_status" CHECK ("applications"."status" in ('draft', 'applied'))
);
--> statement-breakpoint
CREATE TABLE "auth_lockouts" (
	"subject_key" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_verifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"roster_member_id" uuid NOT NULL,
	"group_pf_code" text NOT NULL,
	"group_pf_code_inception_date_ym" text NOT NULL,
	"group_pf_branch_no" text NOT NULL,
	"url_key" text NOT NULL,
	"mail_address" text NOT NULL,
	"password_hash" text NOT NULL,
	"token_hash" text NOT NULL,
	"consents" jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_verifications_token_hash_uq" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "rate_limit_hits" (
	"bucket_key" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"hits" integer NOT NULL,
	CONSTRAINT "rate_limit_hits_pk" PRIMARY KEY("bucket_key","window_start")
);
--> statement-breakpoint
CREATE TABLE "roster_members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_pf_code" text NOT NULL,
	"group_pf_code_inception_date_ym" text NOT NULL,
	"member_code" text NOT NULL,
	"first_entry_id" text,
	"password_hash" text,
	"auth_item1" text,
	"auth_item2" text,
	"auth_item3" text,
	"pre_year_policy_holder_no" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "roster_members_member_code_uq" UNIQUE("group_pf_code","group_pf_code_inception_date_ym","member_code"),
	CONSTRAINT "roster_members_first_entry_id_uq" UNIQUE("first_entry_id")
);
--> statement-breakpoint
CREATE TABLE "server_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "outbox_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"channel" text DEFAULT 'mail' NOT NULL,
	"template" text NOT NULL,
	"recipient" text NOT NULL,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"claimed_until" timestamp with time zone,
	"transport" text,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "outbox_messages_status" CHECK ("outbox_messages"."status" in ('pending', 'sent', 'failed')),
	CONSTRAINT "outbox_messages_channel" CHECK ("outbox_messages"."channel" in ('mail'))
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_roster_member_id_roster_members_id_fk" FOREIGN KEY ("roster_member_id") REFERENCES "public"."roster_members"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_consents" ADD CONSTRAINT "application_consents_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_roster_member_id_roster_members_id_fk" FOREIGN KEY ("roster_member_id") REFERENCES "public"."roster_members"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_verifications" ADD CONSTRAINT "mail_verifications_roster_member_id_roster_members_id_fk" FOREIGN KEY ("roster_member_id") REFERENCES "public"."roster_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_members" ADD CONSTRAINT "roster_members_product_fk" FOREIGN KEY ("group_pf_code","group_pf_code_inception_date_ym") REFERENCES "public"."group_pf_infos"("group_pf_code","group_pf_code_inception_date_ym") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_verifications_member_ix" ON "mail_verifications" USING btree ("roster_member_id","created_at");--> statement-breakpoint
CREATE INDEX "roster_members_auth_items_ix" ON "roster_members" USING btree ("group_pf_code","group_pf_code_inception_date_ym","auth_item1","auth_item2","auth_item3");--> statement-breakpoint
CREATE INDEX "sessions_account_ix" ON "sessions" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "outbox_messages_due_ix" ON "outbox_messages" USING btree ("status","next_attempt_at");