CREATE TABLE "application_status_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"event" text NOT NULL,
	"staff_id" uuid,
	"note" text,
	CONSTRAINT "application_status_events_event" CHECK ("application_status_events"."event" in ('submitted', 'processed', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "status_pattern" text GENERATED ALWAYS AS ((apply_info -> 'basicInfo' ->> 'statusPattern')) STORED;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "pymnt_method" text GENERATED ALWAYS AS ((apply_info -> 'basicInfo' ->> 'pymntMethod')) STORED;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "search_name_kana" text COLLATE "C" GENERATED ALWAYS AS (upper(normalize(translate(normalize(regexp_replace(normalize((apply_info -> 'policyHolderInfo' ->> 'policyHolderNameKana'), NFKC), '[[:space:]]', '', 'g'), NFKC), 'ぁあぃいぅうぇえぉおかがきぎくぐけげこごさざしじすずせぜそぞただちぢっつづてでとどなにぬねのはばぱひびぴふぶぷへべぺほぼぽまみむめもゃやゅゆょよらりるれろゎわゐゑをんゔゕゖゝゞ', 'ァアィイゥウェエォオカガキギクグケゲコゴサザシジスズセゼソゾタダチヂッツヅテデトドナニヌネノハバパヒビピフブプヘベペホボポマミムメモャヤュユョヨラリルレロヮワヰヱヲンヴヵヶヽヾ'), NFKC))) STORED;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "search_name_kanji" text COLLATE "C" GENERATED ALWAYS AS (upper(normalize(translate(normalize(regexp_replace(normalize((apply_info -> 'policyHolderInfo' ->> 'policyHolderNameKanji'), NFKC), '[[:space:]]', '', 'g'), NFKC), 'ぁあぃいぅうぇえぉおかがきぎくぐけげこごさざしじすずせぜそぞただちぢっつづてでとどなにぬねのはばぱひびぴふぶぷへべぺほぼぽまみむめもゃやゅゆょよらりるれろゎわゐゑをんゔゕゖゝゞ', 'ァアィイゥウェエォオカガキギクグケゲコゴサザシジスズセゼソゾタダチヂッツヅテデトドナニヌネノハバパヒビピフブプヘベペホボポマミムメモャヤュユョヨラリルレロヮワヰヱヲンヴヵヶヽヾ'), NFKC))) STORED;--> statement-breakpoint
ALTER TABLE "application_status_events" ADD CONSTRAINT "application_status_events_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "application_status_events_application_ix" ON "application_status_events" USING btree ("application_id","at");--> statement-breakpoint
CREATE INDEX "roster_members_member_code_ix" ON "roster_members" USING btree ("member_code");--> statement-breakpoint
CREATE INDEX "applications_product_applied_ix" ON "applications" USING btree ("group_pf_code","group_pf_code_inception_date_ym","applied_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "applications_applied_ix" ON "applications" USING btree ("applied_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "applications_updated_ix" ON "applications" USING btree ("updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "applications_search_kana_ix" ON "applications" USING btree ("search_name_kana","id");--> statement-breakpoint
CREATE INDEX "applications_search_kanji_ix" ON "applications" USING btree ("search_name_kanji");--> statement-breakpoint
CREATE INDEX "applications_branch_ix" ON "applications" USING btree ("group_pf_code","group_pf_branch_no");--> statement-breakpoint
CREATE INDEX "applications_state_ix" ON "applications" USING btree ("status","status_pattern","pymnt_method","group_pf_code","group_pf_branch_no","id");--> statement-breakpoint
CREATE INDEX "outbox_messages_recipient_ix" ON "outbox_messages" USING btree ("recipient","created_at");