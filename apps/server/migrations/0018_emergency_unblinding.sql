-- Emergency unblinding of one subject by its principal investigator (docs/iwrs.md, "Emergency unblinding"):
-- who, when, why and which group was disclosed; append-only, as the audit trail is.
CREATE TABLE "emergency_unblindings" (
	"id" uuid PRIMARY KEY NOT NULL,
	"research_id" uuid NOT NULL,
	"subject_id" uuid NOT NULL,
	"research_organisation_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"user_email" text,
	"employee_id" uuid,
	"reason" text NOT NULL,
	"randomization_group" text NOT NULL,
	"unblinded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "emergency_unblindings" ADD CONSTRAINT "emergency_unblindings_research_id_researches_id_fk" FOREIGN KEY ("research_id") REFERENCES "public"."researches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emergency_unblindings" ADD CONSTRAINT "emergency_unblindings_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emergency_unblindings" ADD CONSTRAINT "emergency_unblindings_research_organisation_id_research_organisations_id_fk" FOREIGN KEY ("research_organisation_id") REFERENCES "public"."research_organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emergency_unblindings" ADD CONSTRAINT "emergency_unblindings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "emergency_unblindings_research_idx" ON "emergency_unblindings" USING btree ("research_id","unblinded_at");--> statement-breakpoint
CREATE INDEX "emergency_unblindings_subject_idx" ON "emergency_unblindings" USING btree ("subject_id","unblinded_at");--> statement-breakpoint
CREATE OR REPLACE FUNCTION emergency_unblindings_refuse_change() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'emergency_unblindings is append-only: % is not allowed', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER emergency_unblindings_no_update_delete BEFORE UPDATE OR DELETE ON emergency_unblindings
  FOR EACH ROW EXECUTE FUNCTION emergency_unblindings_refuse_change();
