/**
 * The pages of an event's sign-up forms (real routes, so the forms work without JavaScript): the
 * links to them (an event's action, a private page), where they post, and their pages' redirects
 * and canonical addresses. The lazy forms themselves never import this module: whoever shows a
 * form hands it its address (`action`), so a form's chunk does not load the event pages' chunk,
 * where this module is bundled with the event's action.
 */

export function interestPath(slug: string): string {
  return `/events/${encodeURIComponent(slug)}/interest`;
}

export function waitlistPath(slug: string): string {
  return `/events/${encodeURIComponent(slug)}/waitlist`;
}
