import { lazySignupForm } from "./lazy-signup-form";

export function interestPath(slug: string): string {
  return `/events/${encodeURIComponent(slug)}/interest`;
}

/** The interest form inside an event card or dialog, loaded when Show Interest is clicked. */
export const InlineInterestForm = lazySignupForm(() => import("./interest-form").then((module) => module.InlineInterestForm));
