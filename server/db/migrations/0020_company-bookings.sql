ALTER TABLE "registrations" ADD COLUMN "company_name" text;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "company_vat_number" text;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "company_po_reference" text;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "invoice_address" text;