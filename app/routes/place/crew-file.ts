import { attachmentDisposition } from "@server/crew/files.server";
import { TOKEN_LINK_HEADERS } from "@server/http/token-link.server";
import { placeCrewFile, requirePlace } from "./my-place.server";
import type { Route } from "./+types/crew-file";

/**
 * /my-place/<token>/files/<fileId>: a file the participant gave for their crew file (issue 27),
 * opened from its seal for their own link only: the same token check, rate limit and private
 * headers as the page. Always a download, never sniffed, never cached. Another place's file, an
 * erased one or an unknown id is the site's 404.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const booking = await requirePlace(params.token, context.clientAddress);
  const file = await placeCrewFile(booking, params.fileId);
  if (!file) {
    return new Response("Not found\n", { status: 404, headers: { ...TOKEN_LINK_HEADERS, "Content-Type": "text/plain; charset=utf-8" } });
  }
  return new Response(new Uint8Array(file.bytes), {
    headers: {
      ...TOKEN_LINK_HEADERS,
      "Content-Type": file.contentType,
      "Content-Length": String(file.bytes.length),
      "Content-Disposition": attachmentDisposition(file.name),
      "X-Content-Type-Options": "nosniff",
    },
  });
}
