import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { PrivateEventCard } from "~/components/private/event-details";
import { LocaleContext } from "~/i18n";
import { eventView } from "../support/events";

/** The levels of the headings in the HTML, in order. */
const headingLevels = (html: string) => [...html.matchAll(/<h([1-6])[\s>]/g)].map((match) => Number(match[1]));

function card(pageTitle: string) {
  const event = eventView({ name: "ARC 2025", included: ["Skipper", "Food on board"] });
  return renderToString(
    <LocaleContext.Provider value="en">
      <h1>{pageTitle}</h1>
      <PrivateEventCard event={event} facts={[]} testId="arc-event" pageTitle={pageTitle} />
    </LocaleContext.Provider>,
  );
}

describe("a private page's event card", () => {
  it("under a page heading that is the event's name, leaves the name out and 'What's included' is the next level (no skipped heading level)", () => {
    const html = card("ARC 2025");
    expect(html).not.toContain("<h2 lang");
    expect(headingLevels(html)).toEqual([1, 2]);
    expect(html).toMatch(/<h2[^>]*>What(&#x27;|')s included<\/h2>/);
  });

  it("under another page heading, shows the event's name with 'What's included' beneath it", () => {
    const html = card("Sail with us across the Atlantic");
    expect(headingLevels(html)).toEqual([1, 2, 3]);
    expect(html).toMatch(/<h2[^>]*>ARC 2025<\/h2>/);
    expect(html).toMatch(/<h3[^>]*>What(&#x27;|')s included<\/h3>/);
  });
});
