import { RateLimiter } from "../security/rate-limit.server";

/** Interest sign-ups per client address: generous for a family at one address, useless for a bot. */
export const interestLimiter = new RateLimiter("interest", 10, 10 * 60_000);
