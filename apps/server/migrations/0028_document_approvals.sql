CREATE TABLE "document_approvals" (
	"id" uuid PRIMARY KEY NOT NULL,
	"research_id" uuid NOT NULL,
	"document_id" uuid NOT NULL,
	"research_version_id" uuid NOT NULL,
	"status" text DEFAULT 'Pending' NOT NULL,
	"last_document_approval_id" uuid,
	"result_approver_id" uuid,
	"result_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "document_approval_approvers" (
	"document_approval_id" uuid NOT NULL,
	"employee_id" uuid NOT NULL,
	CONSTRAINT "document_approval_approvers_pk" PRIMARY KEY("document_approval_id","employee_id")
);
--> statement-breakpoint
CREATE TABLE "document_approval_notes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"document_approval_id" uuid NOT NULL,
	"message" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "document_approvals" ADD CONSTRAINT "document_approvals_research_id_researches_id_fk" FOREIGN KEY ("research_id") REFERENCES "public"."researches"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "document_approvals" ADD CONSTRAINT "document_approvals_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "document_approvals" ADD CONSTRAINT "document_approvals_research_version_id_research_versions_id_fk" FOREIGN KEY ("research_version_id") REFERENCES "public"."research_versions"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "document_approvals" ADD CONSTRAINT "document_approvals_last_document_approval_id_document_approvals_id_fk" FOREIGN KEY ("last_document_approval_id") REFERENCES "public"."document_approvals"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "document_approvals" ADD CONSTRAINT "document_approvals_result_approver_id_employees_id_fk" FOREIGN KEY ("result_approver_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "document_approvals" ADD CONSTRAINT "document_approvals_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "document_approval_approvers" ADD CONSTRAINT "document_approval_approvers_document_approval_id_document_approvals_id_fk" FOREIGN KEY ("document_approval_id") REFERENCES "public"."document_approvals"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "document_approval_approvers" ADD CONSTRAINT "document_approval_approvers_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "document_approval_notes" ADD CONSTRAINT "document_approval_notes_document_approval_id_document_approvals_id_fk" FOREIGN KEY ("document_approval_id") REFERENCES "public"."document_approvals"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "document_approval_notes" ADD CONSTRAINT "document_approval_notes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "document_approvals_research_idx" ON "document_approvals" USING btree ("research_id","created_at") WHERE "document_approvals"."deleted_at" is null;
--> statement-breakpoint
CREATE INDEX "document_approvals_document_idx" ON "document_approvals" USING btree ("document_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "document_approvals_pending_uq" ON "document_approvals" USING btree ("document_id") WHERE "document_approvals"."status" = 'Pending' and "document_approvals"."deleted_at" is null;
--> statement-breakpoint
CREATE UNIQUE INDEX "document_approvals_resent_uq" ON "document_approvals" USING btree ("last_document_approval_id") WHERE "document_approvals"."last_document_approval_id" is not null and "document_approvals"."deleted_at" is null;
--> statement-breakpoint
CREATE INDEX "document_approval_approvers_employee_idx" ON "document_approval_approvers" USING btree ("employee_id");
--> statement-breakpoint
CREATE INDEX "document_approval_notes_approval_idx" ON "document_approval_notes" USING btree ("document_approval_id","created_at");
