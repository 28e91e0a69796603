import { env } from "./env.server";

/**
 * The application's clock. With APP_NOW set, time starts at that instant when the process
 * starts and runs on from there, so time rules can be demonstrated and tested.
 */
let offsetMs: number | undefined;

function offset(): number {
  if (offsetMs === undefined) {
    const appNow = env().APP_NOW;
    offsetMs = appNow ? Date.parse(appNow) - Date.now() : 0;
  }
  return offsetMs;
}

export function now(): Date {
  return new Date(Date.now() + offset());
}

/** Pins the clock to an instant (tests). Pass undefined to return to the configured clock. */
export function setNowForTests(instant: Date | string | undefined): void {
  offsetMs = instant === undefined ? undefined : new Date(instant).getTime() - Date.now();
}
