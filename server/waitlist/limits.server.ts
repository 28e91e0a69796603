import { RateLimiter } from "../security/rate-limit.server";

/** Waiting-list sign-ups per client address: generous for a family at one address, useless for a bot. */
export const waitlistLimiter = new RateLimiter("waitlist", 10, 10 * 60_000);

/**
 * Offer links that did not check out (forged, unknown, expired, used), per client address: a
 * guesser gets a few tries, someone with a real link is never counted (valid tries are given back).
 */
export const offerLinkLimiter = new RateLimiter("waitlist-offer", 20, 10 * 60_000);

/** Leave links that did not check out, per client address (valid ones are given back), as for offers. */
export const leaveLinkLimiter = new RateLimiter("waitlist-leave", 20, 10 * 60_000);
