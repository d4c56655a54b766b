CREATE TABLE "group_images" (
	"file_id" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "group_links" (
	"group_pf_code" text NOT NULL,
	"group_pf_code_inception_date_ym" text NOT NULL,
	"group_pf_branch_no" text NOT NULL,
	"url_key" text NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_links_pk" PRIMARY KEY("group_pf_code","url_key","group_pf_code_inception_date_ym"),
	CONSTRAINT "group_links_product_branch" UNIQUE("group_pf_code","group_pf_code_inception_date_ym","group_pf_branch_no","url_key"),
	CONSTRAINT "group_links_url_key" CHECK ("group_links"."url_key" ~ '^[A-Za-z0-9]{10}$')
);
--> statement-breakpoint
CREATE TABLE "group_pf_branches" (
	"group_pf_code" text NOT NULL,
	"group_pf_branch_no" text NOT NULL,
	"section_name" text NOT NULL,
	"section_cd" text NOT NULL,
	"agent_name" text NOT NULL,
	"agent_cd" text NOT NULL,
	"agent_mail" text NOT NULL,
	"landing_page_url" text,
	"contact_ref" text NOT NULL,
	"accident_ref" text NOT NULL,
	"agent_ref_title" text NOT NULL,
	"agent_ref_other_info" text NOT NULL,
	"section_ref_title" text NOT NULL,
	"section_ref_other_info" text NOT NULL,
	"ref_free_field" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_pf_branches_pk" PRIMARY KEY("group_pf_code","group_pf_branch_no")
);
--> statement-breakpoint
CREATE TABLE "group_pf_infos" (
	"group_pf_code" text NOT NULL,
	"group_pf_code_inception_date_ym" text NOT NULL,
	"group_pf_auto_renew_flg" text NOT NULL,
	"renewal_fix_date" date,
	"group_inception_date" date NOT NULL,
	"group_inception_time" text NOT NULL,
	"group_expiry_date" date NOT NULL,
	"group_expiry_time" text NOT NULL,
	"halfway_pymnt_inception_date" date,
	"detail_management_div1" text NOT NULL,
	"detail_management_div2" text NOT NULL,
	"authentication_type" text NOT NULL,
	"recruit_div" text NOT NULL,
	"section_cd" text NOT NULL,
	"section_name" text NOT NULL,
	"agent_cd" text NOT NULL,
	"agent_name" text NOT NULL,
	"group_cd" text NOT NULL,
	"group_name_kana" text NOT NULL,
	"group_name_kanji" text NOT NULL,
	"at_once_recruit_start_date" date,
	"at_once_recruit_end_date" date,
	"halfway_recruit_start_date" date,
	"halfway_recruit_end_date" date,
	"theme_color" text NOT NULL,
	"logo_image" jsonb,
	"top_image" jsonb,
	"premium_sample_array" jsonb NOT NULL,
	"announcement_array" jsonb NOT NULL,
	"other_announcement_html" text,
	"feature_array" jsonb NOT NULL,
	"accident_case_array" jsonb NOT NULL,
	"coverage_outline_array" jsonb NOT NULL,
	"faq_array" jsonb NOT NULL,
	"application_guide_array" jsonb NOT NULL,
	"reference_info_array" jsonb NOT NULL,
	"required_docs_array" jsonb NOT NULL,
	"required_docs_type1" text NOT NULL,
	"required_docs_type2" text NOT NULL,
	"required_docs_type3" text NOT NULL,
	"accident_acceptance_info" text NOT NULL,
	"certificate_comment" text NOT NULL,
	"renewal_flg" text NOT NULL,
	"system_revision_notice" text,
	"pymnt_method" text NOT NULL,
	"payee_accnt_display_div" text NOT NULL,
	"payee_accnt_info" text,
	"pymnt_count" smallint NOT NULL,
	"closing_day" smallint,
	"shop_id" text NOT NULL,
	"consignor_cd" text NOT NULL,
	"consignor_name" text NOT NULL,
	"additional_cost" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_pf_infos_pk" PRIMARY KEY("group_pf_code","group_pf_code_inception_date_ym"),
	CONSTRAINT "group_pf_infos_pymnt_method" CHECK ("group_pf_infos"."pymnt_method" in ('1', '3', '4')),
	CONSTRAINT "group_pf_infos_authentication_type" CHECK ("group_pf_infos"."authentication_type" in ('1', '2'))
);
--> statement-breakpoint
CREATE TABLE "group_pf_units" (
	"group_pf_code" text NOT NULL,
	"group_pf_code_inception_date_ym" text NOT NULL,
	"unit_no" smallint NOT NULL,
	"unit_type_cd" text NOT NULL,
	"coverage_name" text NOT NULL,
	"display_name" text NOT NULL,
	"coverage_type_flg" text NOT NULL,
	"related_unit_no" smallint[] NOT NULL,
	"conflict_unit_no" smallint[] NOT NULL,
	"group_cd" text NOT NULL,
	"unit_premium" integer NOT NULL,
	CONSTRAINT "group_pf_units_pk" PRIMARY KEY("group_pf_code","group_pf_code_inception_date_ym","unit_no"),
	CONSTRAINT "group_pf_units_unit_no" CHECK ("group_pf_units"."unit_no" between 1 and 20)
);
--> statement-breakpoint
CREATE TABLE "item_definitions" (
	"group_pf_code" text NOT NULL,
	"group_pf_code_inception_date_ym" text NOT NULL,
	"item_code" text NOT NULL,
	"item_name" text NOT NULL,
	"support_text" text NOT NULL,
	"input_type" text NOT NULL,
	"item_class" text NOT NULL,
	"category" text NOT NULL,
	"related_unit_no" smallint[] NOT NULL,
	"display_order" integer NOT NULL,
	"application_disp_display_flg" text NOT NULL,
	"pre_renew_copy_flg" text NOT NULL,
	"auth_item_cd" text,
	"rule_array" text[] NOT NULL,
	"choice_array" jsonb NOT NULL,
	"blocking_answer_array" text[] NOT NULL,
	CONSTRAINT "item_definitions_pk" PRIMARY KEY("group_pf_code","group_pf_code_inception_date_ym","item_code")
);
--> statement-breakpoint
CREATE TABLE "system_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"maintenance_manual" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "system_settings_single_row" CHECK ("system_settings"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "group_links" ADD CONSTRAINT "group_links_product_fk" FOREIGN KEY ("group_pf_code","group_pf_code_inception_date_ym") REFERENCES "public"."group_pf_infos"("group_pf_code","group_pf_code_inception_date_ym") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_links" ADD CONSTRAINT "group_links_branch_fk" FOREIGN KEY ("group_pf_code","group_pf_branch_no") REFERENCES "public"."group_pf_branches"("group_pf_code","group_pf_branch_no") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_pf_units" ADD CONSTRAINT "group_pf_units_product_fk" FOREIGN KEY ("group_pf_code","group_pf_code_inception_date_ym") REFERENCES "public"."group_pf_infos"("group_pf_code","group_pf_code_inception_date_ym") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_definitions" ADD CONSTRAINT "item_definitions_product_fk" FOREIGN KEY ("group_pf_code","group_pf_code_inception_date_ym") REFERENCES "public"."group_pf_infos"("group_pf_code","group_pf_code_inception_date_ym") ON DELETE cascade ON UPDATE no action;