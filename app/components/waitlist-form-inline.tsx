import { lazySignupForm } from "./lazy-signup-form";

export function waitlistPath(slug: string): string {
  return `/events/${encodeURIComponent(slug)}/waitlist`;
}

/** The waiting-list form inside an event card or dialog, loaded when 'Join the waiting list' is clicked. */
export const InlineWaitlistForm = lazySignupForm(() => import("./waitlist-form").then((module) => module.InlineWaitlistForm));
