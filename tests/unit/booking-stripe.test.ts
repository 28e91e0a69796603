import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { createStripeProvider } from "@server/payments/stripe.server";
import { PaymentProviderError } from "@server/payments/provider.server";

type Captured = { url: string; method: string; headers: Headers; body: URLSearchParams };

/** Stripe's own client over a fake fetch: the requests it would send, and canned answers. */
function fakeStripe(answer: (request: Captured) => { status: number; body: unknown }) {
  const requests: Captured[] = [];
  const fakeFetch = async (input: string | URL | Request, init?: RequestInit) => {
    const captured = {
      url: String(input),
      method: init?.method ?? "GET",
      headers: new Headers(init?.headers as HeadersInit),
      body: new URLSearchParams(typeof init?.body === "string" ? init.body : ""),
    };
    requests.push(captured);
    const { status, body } = answer(captured);
    return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", "request-id": "req_test" } });
  };
  const provider = createStripeProvider("sk_test_fake", Stripe.createFetchHttpClient(fakeFetch as typeof fetch));
  return { provider, requests };
}

const request = {
  registration: { id: "3f1c6c6e-0000-4000-8000-000000000001", reference: "OR-ABC234", customerEmail: "sanne@example.com", customerName: "Sanne" },
  event: { id: "ev-1", slug: "zakelijke-zeildag", name: "Zakelijke zeildag", nameEn: "Corporate sailing day" },
  amountCents: 14_750,
  description: "Zakelijke zeildag – Aanbetaling van 50% van €295,00",
  locale: "nl" as const,
  successUrl: "https://site.test/payment-success?session_id={CHECKOUT_SESSION_ID}&event_id=ev-1",
  cancelUrl: "https://site.test/calendar?event=zakelijke-zeildag",
  expiresAt: new Date("2026-03-02T10:32:00Z"),
};

describe("Stripe provider", () => {
  it("creates a Checkout Session as the booking path needs it", async () => {
    const { provider, requests } = fakeStripe(() => ({ status: 200, body: { id: "cs_test_123", object: "checkout.session", url: "https://checkout.stripe.com/c/pay/cs_test_123" } }));
    const session = await provider.createCheckout(request);
    expect(session).toEqual({ sessionId: "cs_test_123", url: "https://checkout.stripe.com/c/pay/cs_test_123" });
    const [sent] = requests;
    expect(sent.method).toBe("POST");
    expect(sent.url).toContain("/v1/checkout/sessions");
    expect(sent.headers.get("idempotency-key")).toBe(`checkout-${request.registration.id}`);
    const body = sent.body;
    expect(body.get("mode")).toBe("payment");
    expect([0, 1, 2].map((i) => body.get(`allowed_payment_method_types[${i}]`))).toEqual(["card", "ideal", "bancontact"]);
    expect(body.get("locale")).toBe("nl");
    expect(body.get("customer_email")).toBe("sanne@example.com");
    expect(body.get("metadata[registrationId]")).toBe(request.registration.id);
    expect(body.get("client_reference_id")).toBe(request.registration.id);
    expect(body.get("expires_at")).toBe(String(Math.floor(request.expiresAt.getTime() / 1000)));
    expect(body.get("success_url")).toBe(request.successUrl);
    expect(body.get("cancel_url")).toBe(request.cancelUrl);
    expect(body.get("line_items[0][price_data][unit_amount]")).toBe("14750");
    expect(body.get("line_items[0][price_data][currency]")).toBe("eur");
  });

  it("passes Stripe's own message on for a refused request", async () => {
    const { provider } = fakeStripe(() => ({ status: 400, body: { error: { type: "invalid_request_error", message: "expires_at must be at least 30 minutes in the future" } } }));
    const error = await provider.createCheckout(request).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaymentProviderError);
    expect((error as PaymentProviderError).providerMessage).toBe("expires_at must be at least 30 minutes in the future");
  });

  it("reads a session's state and refunds an amount of a payment intent with the refund row's key", async () => {
    const { provider, requests } = fakeStripe((r) =>
      r.url.includes("/v1/refunds")
        ? { status: 200, body: { id: "re_1", object: "refund", status: "succeeded" } }
        : { status: 200, body: { id: "cs_test_123", object: "checkout.session", status: "complete", payment_status: "paid", payment_intent: "pi_1", amount_total: 14_750, currency: "eur", metadata: { registrationId: "reg-1" } } },
    );
    expect(await provider.retrieveSession("cs_test_123")).toEqual({ sessionId: "cs_test_123", status: "complete", paymentStatus: "paid", paymentId: "pi_1", registrationId: "reg-1", amountCents: 14_750, currency: "eur" });
    expect(await provider.refund({ paymentId: "pi_1", amountCents: 5_000, idempotencyKey: "cancel:reg-1:pay-1", reason: "Cancelled" })).toEqual({ refundId: "re_1", status: "succeeded" });
    const refund = requests.at(-1)!;
    expect(refund.body.get("payment_intent")).toBe("pi_1");
    expect(refund.body.get("amount")).toBe("5000");
    expect(refund.body.get("metadata[idempotency_key]")).toBe("cancel:reg-1:pay-1");
    expect(refund.headers.get("idempotency-key")).toBe("cancel:reg-1:pay-1");
  });
});
