import { env } from "../env.server";
import { PaymentProviderError, type PaymentProvider } from "./provider.server";

/*
 * Which provider handles a payment. Apart from the interface (provider.server.ts) so Stripe and
 * the test provider can implement it without importing the module that imports them.
 */

let override: PaymentProvider | undefined;
let cached: { key: string; provider: PaymentProvider } | undefined;

/** Stripe when STRIPE_SECRET_KEY is set, otherwise the test checkout (or a test's fake). */
export async function paymentProvider(): Promise<PaymentProvider> {
  if (override) return override;
  const key = env().STRIPE_SECRET_KEY;
  if (!key) {
    const { testProvider } = await import("./test-provider.server");
    return testProvider;
  }
  if (cached?.key !== key) {
    const { createStripeProvider } = await import("./stripe.server");
    cached = { key, provider: createStripeProvider(key) };
  }
  return cached.provider;
}

/** The provider that handled a stored payment (refunds go back the way the money came). */
export async function paymentProviderNamed(name: PaymentProvider["name"]): Promise<PaymentProvider> {
  if (override?.name === name) return override;
  if (name === "test") {
    const { testProvider } = await import("./test-provider.server");
    return testProvider;
  }
  const configured = await paymentProvider();
  if (configured.name !== "stripe") throw new PaymentProviderError("A Stripe payment needs STRIPE_SECRET_KEY");
  return configured;
}

/** Tests install a fake provider (and pass undefined to go back to the configured one). */
export function setPaymentProviderForTests(provider: PaymentProvider | undefined): void {
  override = provider;
}
