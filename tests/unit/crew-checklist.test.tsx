import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type RouteObject } from "react-router";
import { describe, expect, it } from "vitest";
import "~/i18n/place";
import { CrewChecklist } from "~/components/place/crew-checklist";
import { LocaleContext, type Locale } from "~/i18n";
import type { CrewActionData, CrewChecklistItem, CrewChecklistView } from "~/schemas/crew-place";

/** Server-renders the checklist inside a router, as the first paint without JavaScript. */
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

const base: Omit<CrewChecklistItem, "id" | "kind" | "label" | "state" | "locked"> = { help: null, options: [], followUp: null, required: true, health: false, lastDay: "2026-04-18", unlockedUntil: null, answer: null };
const item = (over: Partial<CrewChecklistItem> & Pick<CrewChecklistItem, "id" | "kind" | "label" | "state" | "locked">): CrewChecklistItem => ({ ...base, ...over });

const crew: CrewChecklistView = {
  countries: [
    { code: "BE", name: "België" },
    { code: "NL", name: "Nederland" },
  ],
  items: [
    item({ id: "11111111-1111-4111-8111-111111111111", kind: "short_text", label: "Oliegoedmaat", state: "missing", locked: false }),
    item({
      id: "22222222-2222-4222-8222-222222222222",
      kind: "choice_one",
      label: "Dieet",
      state: "optional",
      locked: false,
      required: false,
      options: [
        { value: "none", label: "Geen" },
        { value: "veg", label: "Vegetarisch" },
      ],
    }),
    item({ id: "33333333-3333-4333-8333-333333333333", kind: "passport", label: "Paspoort", state: "missing", locked: false }),
    item({
      id: "44444444-4444-4444-8444-444444444444",
      kind: "file",
      label: "Medische verklaring",
      state: "complete",
      locked: true,
      health: true,
      answer: { kind: "file", file: { fileId: "55555555-5555-4555-8555-555555555555", name: "verklaring.pdf", contentType: "application/pdf", byteSize: 10 } },
    }),
  ],
};

describe("the participant's crew file", () => {
  it("renders one plain form per open item with labelled fields, a fieldset for choices, and a locked item read-only", async () => {
    const html = await render(<CrewChecklist crew={crew} path="/my-place/tok" open actionData={undefined} teamEmail="team@example.com" healthRetentionDays={30} />, "nl");
    expect(html).toContain("Bemanningsdossier");
    expect(html).toContain("1 van 3 verplichte onderdelen compleet");
    // Three open items, three forms; the passport's carries a file, so it is multipart.
    expect(html.match(/<form/g)).toHaveLength(3);
    expect(html).toMatch(/<form[^>]*enctype="multipart\/form-data"/i);
    expect(html.match(/<button[^>]*value="crew"[^>]*name="intent"/g)).toHaveLength(3);
    for (const name of ["text", "nationality", "passportNumber", "expiresOn", "file"]) {
      const id = new RegExp(`<(?:input|select|textarea)[^>]*id="([^"]+)"[^>]*name="${name}"`).exec(html)?.[1];
      expect(id, name).toBeTruthy();
      expect(html).toContain(`for="${id}"`);
    }
    expect(html).toMatch(/<fieldset[^>]*><legend[^>]*>Je antwoord<\/legend>/);
    expect(html).toContain("Nederland");
    // The locked item: its answer, its file's link, who to ask.
    expect(html).toContain("Vergrendeld sinds");
    expect(html).toContain("team@example.com");
    expect(html).toContain('href="/my-place/tok/files/55555555-5555-4555-8555-555555555555"');
    expect(html).toContain("Gezondheidsgegevens");
  });

  it("shows a refusal beside its item with the messages linked to their fields, and the posted values", async () => {
    const result: CrewActionData = {
      intent: "crew",
      itemId: "33333333-3333-4333-8333-333333333333",
      outcome: "invalid",
      errors: { nationality: "crew.error.country" },
      values: { nationality: "", passportNumber: "NX99", expiresOn: "2031-01-01" },
    };
    const html = await render(<CrewChecklist crew={crew} path="/my-place/tok" open actionData={result} teamEmail="team@example.com" healthRetentionDays={30} />, "en");
    expect(html).toContain("Paspoort was not saved");
    expect(html).toContain("Please choose a country from the list.");
    expect(html).toMatch(/<select[^>]*aria-invalid="true"[^>]*aria-describedby="crew-33333333-3333-4333-8333-333333333333-nationality-error"/);
    expect(html).toContain('value="NX99"');
  });
});
