import { route, type RouteConfigEntry } from "@react-router/dev/routes";

/** Articles, uploads, events and access codes: admin pages inside the admin gate. */
export const adminContentRoutes: RouteConfigEntry[] = [
  route("admin/articles", "routes/admin/articles.tsx"),
  route("admin/blog/new", "routes/admin/blog-new.tsx"),
  route("admin/blog/:id/edit", "routes/admin/blog-edit.tsx"),
  route("database-cleanup", "routes/admin/cleanup.tsx"),
  route("admin/events", "routes/admin/events.tsx"),
  route("admin/events/new", "routes/admin/events-new.tsx"),
  route("admin/events/:id", "routes/admin/events-detail.tsx"),
  route("admin/events/:id/waitlist", "routes/admin/waitlist.tsx"),
  route("admin/events/:id/disruption", "routes/admin/event-disruption.tsx"),
  // --- crew file, the staff's side (issue 27) ---
  route("admin/events/:id/crew-items", "routes/admin/crew-items.tsx"),
  route("admin/events/:id/crew", "routes/admin/crew-file.tsx"),
  route("admin/events/:id/clearance", "routes/admin/clearance.tsx"),
  // Resource routes: a file or a CSV alone (the gate layout neither runs nor renders for them).
  route("admin/events/:id/clearance.csv", "routes/admin/exports.clearance.ts"),
  route("admin/events/:id/crew/files/:fileId", "routes/admin/crew-file-download.ts"),
  // --- end crew file ---
  route("admin/codes", "routes/admin/codes.tsx"),
  // Public: pictures and documents of published articles and events. A resource route, so the
  // gate layout around it neither runs nor renders; it answers with the file alone.
  route("uploads/:bucket/:file", "routes/uploads.ts"),
];
