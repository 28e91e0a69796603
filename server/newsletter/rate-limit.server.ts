import { RateLimiter } from "../security/rate-limit.server";

/** Sign-ups per client address: generous for people, tight for scripts filling in other people's addresses. */
export const newsletterRateLimiter = new RateLimiter("newsletter", 10, 10 * 60_000);
