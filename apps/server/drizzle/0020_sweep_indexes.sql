CREATE INDEX "upload_tickets_expires_at_ix" ON "upload_tickets" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "rate_limit_hits_window_start_ix" ON "rate_limit_hits" USING btree ("window_start");--> statement-breakpoint
CREATE INDEX "used_puzzles_expires_at_ix" ON "used_puzzles" USING btree ("expires_at");