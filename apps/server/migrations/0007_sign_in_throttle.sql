CREATE TABLE "sign_in_throttle" (
	"email_hash" text NOT NULL,
	"ip" text NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sign_in_throttle_email_hash_ip_pk" PRIMARY KEY("email_hash","ip")
);
