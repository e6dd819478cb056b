CREATE TABLE "medication_status_logs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"medication_id" uuid NOT NULL,
	"status" text NOT NULL,
	"status_date_time" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" uuid,
	"user_email" text
);
--> statement-breakpoint
CREATE TABLE "medications" (
	"id" uuid PRIMARY KEY NOT NULL,
	"research_id" uuid NOT NULL,
	"ident_number" text NOT NULL,
	"medication_group" text NOT NULL,
	"lot" text NOT NULL,
	"expiry_date" date NOT NULL,
	"current_status" text DEFAULT 'Created' NOT NULL,
	"research_organisation_id" uuid,
	"shipment_id" uuid,
	"subject_dosing_id" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "randomisation_entries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"list_id" uuid NOT NULL,
	"research_id" uuid NOT NULL,
	"stratum" text NOT NULL,
	"position" integer NOT NULL,
	"list_position" integer NOT NULL,
	"block" integer,
	"randomization_number" text NOT NULL,
	"group" text NOT NULL,
	"subject_id" uuid,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "randomisation_lists" (
	"id" uuid PRIMARY KEY NOT NULL,
	"research_id" uuid NOT NULL,
	"stratum" text DEFAULT '' NOT NULL,
	"source" text NOT NULL,
	"seed" text,
	"block_sizes" jsonb,
	"arms" jsonb,
	"numbering" jsonb,
	"size" integer NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"research_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"research_organisation_id" uuid NOT NULL,
	"status" text DEFAULT 'Shipped' NOT NULL,
	"shipped_at" timestamp with time zone DEFAULT now() NOT NULL,
	"shipped_by" uuid,
	"received_at" timestamp with time zone,
	"received_by" uuid
);
--> statement-breakpoint
CREATE TABLE "subject_dosings" (
	"id" uuid PRIMARY KEY NOT NULL,
	"research_id" uuid NOT NULL,
	"subject_id" uuid NOT NULL,
	"research_organisation_id" uuid NOT NULL,
	"period_number" integer NOT NULL,
	"dispense_number" integer NOT NULL,
	"dosing_date_time" timestamp with time zone NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "medication_status_logs" ADD CONSTRAINT "medication_status_logs_medication_id_medications_id_fk" FOREIGN KEY ("medication_id") REFERENCES "public"."medications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medication_status_logs" ADD CONSTRAINT "medication_status_logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medications" ADD CONSTRAINT "medications_research_id_researches_id_fk" FOREIGN KEY ("research_id") REFERENCES "public"."researches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medications" ADD CONSTRAINT "medications_research_organisation_id_research_organisations_id_fk" FOREIGN KEY ("research_organisation_id") REFERENCES "public"."research_organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medications" ADD CONSTRAINT "medications_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medications" ADD CONSTRAINT "medications_subject_dosing_id_subject_dosings_id_fk" FOREIGN KEY ("subject_dosing_id") REFERENCES "public"."subject_dosings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "randomisation_entries" ADD CONSTRAINT "randomisation_entries_list_id_randomisation_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."randomisation_lists"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "randomisation_entries" ADD CONSTRAINT "randomisation_entries_research_id_researches_id_fk" FOREIGN KEY ("research_id") REFERENCES "public"."researches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "randomisation_entries" ADD CONSTRAINT "randomisation_entries_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "randomisation_lists" ADD CONSTRAINT "randomisation_lists_research_id_researches_id_fk" FOREIGN KEY ("research_id") REFERENCES "public"."researches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "randomisation_lists" ADD CONSTRAINT "randomisation_lists_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_research_id_researches_id_fk" FOREIGN KEY ("research_id") REFERENCES "public"."researches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_research_organisation_id_research_organisations_id_fk" FOREIGN KEY ("research_organisation_id") REFERENCES "public"."research_organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_shipped_by_users_id_fk" FOREIGN KEY ("shipped_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_received_by_users_id_fk" FOREIGN KEY ("received_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subject_dosings" ADD CONSTRAINT "subject_dosings_research_id_researches_id_fk" FOREIGN KEY ("research_id") REFERENCES "public"."researches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subject_dosings" ADD CONSTRAINT "subject_dosings_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subject_dosings" ADD CONSTRAINT "subject_dosings_research_organisation_id_research_organisations_id_fk" FOREIGN KEY ("research_organisation_id") REFERENCES "public"."research_organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subject_dosings" ADD CONSTRAINT "subject_dosings_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "medication_status_logs_medication_idx" ON "medication_status_logs" USING btree ("medication_id","status_date_time");--> statement-breakpoint
CREATE UNIQUE INDEX "medications_ident_number_uq" ON "medications" USING btree ("research_id","ident_number");--> statement-breakpoint
CREATE INDEX "medications_available_idx" ON "medications" USING btree ("research_id","research_organisation_id","medication_group","expiry_date","ident_number") WHERE "medications"."current_status" = 'AcceptedInSite';--> statement-breakpoint
CREATE INDEX "medications_site_status_idx" ON "medications" USING btree ("research_id","research_organisation_id","current_status","ident_number");--> statement-breakpoint
CREATE INDEX "medications_shipment_idx" ON "medications" USING btree ("shipment_id");--> statement-breakpoint
CREATE INDEX "medications_dosing_idx" ON "medications" USING btree ("subject_dosing_id");--> statement-breakpoint
CREATE INDEX "randomisation_entries_unused_idx" ON "randomisation_entries" USING btree ("research_id","stratum","position") WHERE "randomisation_entries"."subject_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "randomisation_entries_position_uq" ON "randomisation_entries" USING btree ("research_id","stratum","position");--> statement-breakpoint
CREATE UNIQUE INDEX "randomisation_entries_number_uq" ON "randomisation_entries" USING btree ("research_id","randomization_number");--> statement-breakpoint
CREATE UNIQUE INDEX "randomisation_entries_subject_uq" ON "randomisation_entries" USING btree ("subject_id") WHERE "randomisation_entries"."subject_id" is not null;--> statement-breakpoint
CREATE INDEX "randomisation_entries_list_idx" ON "randomisation_entries" USING btree ("list_id","list_position");--> statement-breakpoint
CREATE INDEX "randomisation_lists_research_idx" ON "randomisation_lists" USING btree ("research_id","stratum");--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_number_uq" ON "shipments" USING btree ("research_id","number");--> statement-breakpoint
CREATE INDEX "shipments_site_idx" ON "shipments" USING btree ("research_id","research_organisation_id","shipped_at");--> statement-breakpoint
CREATE UNIQUE INDEX "subject_dosings_dispense_uq" ON "subject_dosings" USING btree ("subject_id","period_number","dispense_number");--> statement-breakpoint
CREATE INDEX "subject_dosings_period_idx" ON "subject_dosings" USING btree ("research_id","period_number","research_organisation_id");--> statement-breakpoint
-- A kit's status history is append-only, as the audit trail is: the database refuses to change or remove it.
CREATE OR REPLACE FUNCTION medication_status_logs_refuse_change() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'medication_status_logs is append-only: % is not allowed', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER medication_status_logs_no_update_delete BEFORE UPDATE OR DELETE ON medication_status_logs
  FOR EACH ROW EXECUTE FUNCTION medication_status_logs_refuse_change();
