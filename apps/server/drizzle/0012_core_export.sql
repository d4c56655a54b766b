CREATE TABLE "export_batch_items" (
	"application_id" uuid PRIMARY KEY NOT NULL,
	"batch_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "export_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_pf_code" text NOT NULL,
	"group_pf_code_inception_date_ym" text NOT NULL,
	"encoding" text NOT NULL,
	"replace_unmappable" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"application_count" integer DEFAULT 0 NOT NULL,
	"row_count" integer DEFAULT 0 NOT NULL,
	"byte_size" integer DEFAULT 0 NOT NULL,
	"sha256" text,
	CONSTRAINT "export_batches_encoding" CHECK ("export_batches"."encoding" in ('cp932', 'utf8bom'))
);
--> statement-breakpoint
ALTER TABLE "export_batch_items" ADD CONSTRAINT "export_batch_items_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "export_batch_items" ADD CONSTRAINT "export_batch_items_batch_id_export_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."export_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "export_batch_items_batch_ix" ON "export_batch_items" USING btree ("batch_id","application_id");--> statement-breakpoint
CREATE INDEX "export_batches_product_ix" ON "export_batches" USING btree ("group_pf_code","group_pf_code_inception_date_ym");