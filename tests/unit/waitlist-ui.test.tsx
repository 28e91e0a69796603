import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type RouteObject } from "react-router";
import { describe, expect, it } from "vitest";
import { EventAction } from "~/components/event-action";
import { PageWaitlistForm } from "~/components/waitlist-form";
import { LocaleContext, type Locale } from "~/i18n";
import { waitlistPath } from "~/lib/event-signup-paths";
import { toEventView } from "@server/events/view.server";
import { eventRow } from "../support/events";

const AT = new Date("2025-08-01T12:00:00Z");

/** Server-renders a component inside a router (links and forms need one), as the first paint without JavaScript. */
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

describe("the waiting list in the page", () => {
  it("shows a full event's state and a real link to the waiting-list form, with the spec's Dutch texts", async () => {
    const full = toEventView(eventRow({ maxParticipants: 4 }), "nl", AT, 4);
    const html = await render(<EventAction event={full} now={AT} />, "nl");
    expect(html).toContain("Volgeboekt");
    expect(html).toContain("Dit event is momenteel vol.");
    expect(html).toContain("Interesse in de wachtlijst?");
    expect(html).toMatch(/<a[^>]*href="\/events\/zakelijke-zeildag\/waitlist"[^>]*data-action="waitlist"[^>]*>.*Op de wachtlijst/);
  });

  it("shows 'Join the waiting list' for a waiting-list event, with the mail link kept as a second way", async () => {
    const waitlist = toEventView(eventRow({ bookingMode: "waitlist" }), "en", AT, 0);
    const html = await render(<EventAction event={waitlist} now={AT} />, "en");
    expect(html).toContain('href="/events/zakelijke-zeildag/waitlist"');
    expect(html).toContain("Join the waiting list");
    expect(html).toContain("mailto:");
  });

  it("renders the form as a plain post with a label for every field and the places hint linked", async () => {
    const event = toEventView(eventRow({ maxParticipants: 4 }), "en", AT, 4);
    const html = await render(<PageWaitlistForm event={event} action={waitlistPath(event.slug)} result={undefined} />, "en");
    const form = /<form[^>]*>/.exec(html)?.[0] ?? "";
    expect(form).toContain('method="post"');
    expect(form).toContain('action="/events/zakelijke-zeildag/waitlist"');
    for (const name of ["name", "email", "phone", "places", "message"]) {
      const id = new RegExp(`<(?:input|select|textarea)[^>]*id="([^"]+)"[^>]*name="${name}"`).exec(html)?.[1];
      expect(id, name).toBeTruthy();
      expect(html).toContain(`for="${id}"`);
    }
    expect(html).toMatch(/<select[^>]*aria-describedby="[^"]*-hint"/);
  });
});
