ALTER TABLE "outbox_messages" ADD COLUMN "redacted_text_body" text;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "redacted_html_body" text;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "secret_expires_at" timestamp with time zone;--> statement-breakpoint
-- Messages written before this migration held their codes and link tokens verbatim (issue #17
-- point 9): mask them now, as the delivery job masks new ones.
UPDATE "outbox_messages" SET
  "text_body" = regexp_replace(regexp_replace(regexp_replace("text_body",
    '認証コード：[0-9]{6}', '認証コード：******', 'g'),
    '認証コードは、[^。]*、です。', '認証コードは、******、です。', 'g'),
    'token=[A-Za-z0-9_-]+', 'token=********', 'g'),
  "html_body" = regexp_replace(regexp_replace("html_body",
    '認証コード：[0-9]{6}', '認証コード：******', 'g'),
    'token=[A-Za-z0-9_-]+', 'token=********', 'g');
