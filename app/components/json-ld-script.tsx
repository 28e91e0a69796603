import { serializeJsonLd } from "~/lib/event-jsonld";
import { useNonce } from "~/lib/nonce";

/**
 * Structured data for search engines. Carries the response's CSP nonce; in the browser the nonce
 * is hidden from the DOM (and empty in React), hence suppressHydrationWarning.
 */
export function JsonLdScript({ data }: { data: unknown }) {
  const nonce = useNonce();
  return (
    <script
      type="application/ld+json"
      nonce={nonce || undefined}
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }}
    />
  );
}
