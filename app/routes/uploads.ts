import { db } from "@server/db/client.server";
import { serveUpload } from "@server/storage/serve.server";
import type { Route } from "./+types/uploads";

/**
 * Uploaded pictures and documents, for everyone: they illustrate public articles and events.
 * The only public route of the admin content area; it serves nothing but files this app wrote.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  return serveUpload(db(), request, params.bucket, params.file);
}
