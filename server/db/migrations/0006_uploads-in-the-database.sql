CREATE TABLE "stored_files" (
	"bucket" "upload_bucket" NOT NULL,
	"name" text NOT NULL,
	"content_type" text NOT NULL,
	"byte_size" integer NOT NULL,
	"sha256" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stored_files_bucket_name_pk" PRIMARY KEY("bucket","name")
);
--> statement-breakpoint
-- AVIF, WebP and DOCX are compressed already: store them out of line without trying again.
ALTER TABLE "stored_files" ALTER COLUMN "bytes" SET STORAGE EXTERNAL;
