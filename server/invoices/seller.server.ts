import { env } from "../env.server";
import { teamAddress } from "../mail/team.server";
import type { InvoiceDocument } from "./document";
import { compactIdentifier, formatIban } from "~/lib/identifiers";

/**
 * The made-up seller of the demo (and of tests): it says so in its name, so a demo invoice can
 * never pass for a real one. Its numbers have valid formats (the IBAN's check digits too).
 */
const DEMO_SELLER = {
  legalName: "Ocean Racing Team B.V. (demo)",
  address: "Dr. Lelykade 1|2583 CL Den Haag|Nederland",
  kvk: "12345678",
  vatNumber: "NL123456789B01",
  iban: "NL91ABNA0417164300",
};

/**
 * The seller every invoice and credit note names (decision 046): from SELLER_* when set (live
 * requires all of them, `env.server.ts`), else the demo seller. Snapshotted into each document
 * when it is issued: a later change of address never changes an issued invoice.
 */
export function seller(): InvoiceDocument["seller"] {
  const e = env();
  const legalName = e.SELLER_LEGAL_NAME ?? DEMO_SELLER.legalName;
  return {
    legalName,
    addressLines: (e.SELLER_ADDRESS ?? DEMO_SELLER.address)
      .split(/\s*[|\n]\s*/)
      .map((line) => line.trim())
      .filter(Boolean),
    kvk: (e.SELLER_KVK ?? DEMO_SELLER.kvk).replace(/\s+/g, ""),
    vatNumber: compactIdentifier(e.SELLER_VAT_NUMBER ?? DEMO_SELLER.vatNumber),
    iban: formatIban(e.SELLER_IBAN ?? DEMO_SELLER.iban),
    email: teamAddress(),
  };
}
