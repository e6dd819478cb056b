ALTER TABLE "documents" ADD COLUMN "monitoring_visit_id" uuid;
--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_monitoring_visit_id_monitoring_visits_id_fk" FOREIGN KEY ("monitoring_visit_id") REFERENCES "public"."monitoring_visits"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "documents_monitoring_visit_idx" ON "documents" USING btree ("monitoring_visit_id","created_at") WHERE "documents"."monitoring_visit_id" is not null;
