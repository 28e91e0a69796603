import { redirect } from "react-router";
import { continueToCheckout } from "@server/booking/checkout.server";
import type { Route } from "./+types/checkout-continue";

/**
 * /checkout/continue/<session>: where the registration sends the visitor on the way to Stripe's
 * hosted page. Passing here is how the server learns the checkout was opened (Stripe does not tell
 * it), which extends the short hold of a new registration to the checkout's 30 minutes.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const target = await continueToCheckout(params.sessionId);
  if (!target) throw new Response("Not found", { status: 404 });
  return redirect(target, 303);
}
