import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type RouteObject } from "react-router";
import { describe, expect, it } from "vitest";
import { RegistrationForm } from "~/components/registration-form";
import { LocaleContext, type Locale } from "~/i18n";
import "~/i18n/booking";
import type { RegisterActionData } from "~/schemas/registration";
import { checkoutLine } from "@server/payments/stripe.server";
import { paymentDescription, paymentQuantity } from "@server/booking/checkout.server";
import { eventView } from "../support/events";

const NOW = "2030-03-01T10:00:00.000Z";

/** Server-renders the form inside a router, as the first paint (and the page without JavaScript) shows it. */
async function render(node: React.ReactNode, locale: Locale): Promise<string> {
  const routes: RouteObject[] = [{ path: "/", Component: () => node }];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request("http://localhost/"));
  if (context instanceof Response) throw new Error("unexpected response");
  return renderToString(
    <LocaleContext.Provider value={locale}>
      <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />
    </LocaleContext.Provider>,
  );
}

/** The options of the places select, by value. */
function placeOptions(html: string): string[] {
  const select = /<select[^>]*name="places"[^>]*>(.*?)<\/select>/s.exec(html)?.[1] ?? "";
  return [...select.matchAll(/<option value="(\d+)"/g)].map((m) => m[1]);
}

/** A failed post's answer (no JavaScript): the form comes back with what was posted. */
function posted(values: Record<string, unknown>): RegisterActionData {
  return { result: { status: "error", initialValue: values as Record<string, string>, error: { places: ["booking.validation.participantCount"] } } };
}

describe("the registration form of a group booking", () => {
  it("offers 1 … the event's maximum per booking, never more than the places left or an offer's places", async () => {
    expect(placeOptions(await render(<RegistrationForm event={eventView({ placesLeft: 20, maxPlacesPerBooking: 6 })} now={NOW} />, "en"))).toEqual(["1", "2", "3", "4", "5", "6"]);
    const fewLeft = await render(<RegistrationForm event={eventView({ placesLeft: 3, maxPlacesPerBooking: 8 })} now={NOW} />, "en");
    expect(placeOptions(fewLeft)).toEqual(["1", "2", "3"]);
    expect(fewLeft).toContain("Only 3 places are left, so one booking takes up to 3.");
    const offer = await render(<RegistrationForm event={eventView({ placesLeft: 10, maxPlacesPerBooking: 8 })} now={NOW} offerToken="t" defaultValue={{ places: "2" }} />, "nl");
    expect(placeOptions(offer)).toEqual(["1", "2"]);
    // An offer's link starts at the places it holds: one other participant besides the booker.
    expect(offer).toMatch(/<option value="2" selected="">2 plaatsen<\/option>/);
    expect(offer).toContain('name="participants[0].email"');
    // One place only: nothing to choose, the count still posts.
    const one = await render(<RegistrationForm event={eventView({ placesLeft: 1 })} now={NOW} />, "en");
    expect(placeOptions(one)).toEqual([]);
    expect(one).toContain('<input type="hidden" name="places" value="1"/>');
  });

  it("a single sailing booker sees the form as before: their own date of birth and emergency contact, no participant blocks", async () => {
    const html = await render(<RegistrationForm event={eventView()} now={NOW} />, "en");
    expect(html).toContain('name="birthDate"');
    expect(html).toContain('name="nextOfKinPhone"');
    expect(html).not.toContain("participants[0]");
    expect(html).toContain("Register and pay");
    expect(html).toMatch(/name="bookerSails" checked="" value="yes"/);
  });

  it("after a post of 3 places by a booker who does not sail: three participant blocks, the booker's own details disabled, the invitation note and the total", async () => {
    const event = eventView({ placesLeft: 8, maxPlacesPerBooking: 8, priceCents: 29_500, depositPercent: 50, startDate: "2030-06-01T08:00:00.000Z", participantDeadlineDays: 7 });
    const html = await render(<RegistrationForm event={event} now={NOW} initialResult={posted({ places: "3", bookerSails: "no" })} />, "en");
    for (const n of [1, 2, 3]) expect(html).toContain(`Participant ${n}`);
    for (const i of [0, 1, 2]) {
      expect(html).toContain(`name="participants[${i}].name"`);
      expect(html).toContain(`name="participants[${i}].email"`);
      expect(html).toContain(`name="participants[${i}].locale"`);
    }
    expect(html).toContain("Fill in all details now (optional)");
    // The booker's own participant fields stay in the page, disabled: a disabled fieldset posts nothing.
    expect(html).toMatch(/<fieldset disabled="" hidden="" class="hidden"><div[^>]*><label[^>]*for="[^"]*birthDate"/);
    expect(html).toContain("Your contact details");
    expect(html).toContain("by 25 May 2030");
    expect(html).toMatch(/3 places × €295(\.00)? per place = €885(\.00)?/);
    expect(html).toContain("Book 3 places and pay");
    expect(html).toContain("Each participant accepts the liability waiver themselves.");
    // The count that did not match is said under the select.
    expect(html).toContain("Fill in a participant for every place");
  });

  it("speaks Dutch: the participant blocks, the choice of who sails and the invitation note", async () => {
    const html = await render(<RegistrationForm event={eventView({ priceCents: 0, depositPercent: 0 })} now={NOW} initialResult={posted({ places: "2", bookerSails: "yes" })} />, "nl");
    expect(html).toContain("Wie zeilt er mee?");
    expect(html).toContain("Ik boek voor anderen en zeil zelf niet mee");
    expect(html).toContain("Deelnemer 2");
    expect(html).not.toContain("Deelnemer 3");
    expect(html).toContain("Elke deelnemer krijgt een eigen e-mail met een persoonlijke link");
    expect(html).toContain("2 plaatsen boeken");
  });
});

describe("the checkout line of a group booking", () => {
  const event = { name: "Zeildag", nameEn: "Sailing day" };

  it("is places × the price per place for a full payment that adds up to the cent, else one line", () => {
    const quantity = paymentQuantity(event, "full", 5, 147_500, "en");
    expect(quantity).toEqual({ count: 5, name: "Sailing day – Place" });
    expect(checkoutLine({ amountCents: 147_500, description: "Sailing day – Full payment for 5 places", quantity })).toMatchObject({
      quantity: 5,
      price_data: { unit_amount: 29_500, product_data: { name: "Sailing day – Place" } },
    });
    // A deposit is one line with the places in its name; so is an amount that does not divide.
    expect(paymentQuantity(event, "deposit", 5, 73_750, "en")).toBeUndefined();
    expect(paymentQuantity(event, "full", 3, 10_000, "en")).toBeUndefined();
    expect(checkoutLine({ amountCents: 10_000, description: "x", quantity: { count: 3, name: "y" } })).toMatchObject({ quantity: 1, price_data: { unit_amount: 10_000, product_data: { name: "x" } } });
    expect(paymentDescription(event, { kind: "deposit", depositPercent: 50, priceCents: 147_500, places: 5 }, "nl")).toMatch(/^Zeildag – Aanbetaling voor 5 plaatsen \(50% van €\s?1\.475(,00)?\)$/);
    // One place reads as before.
    expect(paymentDescription(event, { kind: "full", depositPercent: 100, priceCents: 29_500 }, "en")).toBe("Sailing day – Full payment");
  });
});
