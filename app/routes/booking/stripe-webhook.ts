import { handleStripeEvent } from "@server/booking/webhook.server";
import { log } from "@server/log.server";
import { verifyStripeWebhook } from "@server/payments/stripe.server";
import type { Route } from "./+types/stripe-webhook";

/** Stripe's webhook: the signature is checked on the exact raw body, then each event handled once. */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return new Response("Method not allowed", { status: 405, headers: { Allow: "POST" } });
  const signature = request.headers.get("stripe-signature");
  const rawBody = await request.text();
  if (!signature) return Response.json({ error: "Missing Stripe-Signature header" }, { status: 400 });
  let event;
  try {
    event = verifyStripeWebhook(rawBody, signature);
  } catch (error) {
    log.warn("Stripe webhook rejected: invalid signature", error instanceof Error ? error.message : String(error));
    return Response.json({ error: "Invalid signature" }, { status: 400 });
  }
  try {
    const result = await handleStripeEvent(event);
    return Response.json({ received: true, ...result });
  } catch (error) {
    // Our failure: answer 500 so Stripe delivers the event again later.
    log.error(`Stripe webhook ${event.id} (${event.type}) failed`, error);
    return Response.json({ error: "Processing failed" }, { status: 500 });
  }
}

export function loader() {
  return new Response("Method not allowed", { status: 405, headers: { Allow: "POST" } });
}
