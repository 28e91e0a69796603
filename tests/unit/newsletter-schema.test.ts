import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { translate } from "~/i18n";
import { newsletterErrorKey, newsletterFieldErrors, newsletterSchema } from "~/schemas/newsletter";

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.set(key, value);
  return data;
}

/** Field errors as Conform reports them from a browser's form data (empty fields arrive as ""). */
function errors(locale: "nl" | "en", fields: Record<string, string>) {
  const submission = parseWithZod(form(fields), { schema: newsletterSchema(locale) });
  return submission.status === "success" ? {} : submission.error;
}

describe("newsletter schema", () => {
  it("requires a name and an e-mail address, with the spec's messages in English", () => {
    expect(errors("en", { name: "", email: "" })).toEqual({ name: ["Name is required"], email: ["Email is required"] });
    expect(errors("en", { name: "   ", email: "   " })).toEqual({ name: ["Name is required"], email: ["Email is required"] });
    expect(errors("en", {})).toEqual({ name: ["Name is required"], email: ["Email is required"] });
  });

  it("has the Dutch counterparts", () => {
    expect(errors("nl", { name: "", email: "" })).toEqual({ name: ["Naam is verplicht"], email: ["E-mail is verplicht"] });
    expect(errors("nl", { name: "Jan", email: "geen-adres" })).toEqual({ email: ["Ongeldig e-mailadres"] });
  });

  it("rejects addresses that do not match the standard pattern, with one message each", () => {
    for (const email of ["plain", "a@b", "a@@b.nl", "a b@c.nl", "a@b..nl", "@example.com", "jan@-example.com"]) {
      expect(errors("en", { name: "Jan", email }), email).toEqual({ email: ["Invalid email address"] });
    }
  });

  it("accepts at most 254 characters", () => {
    const domain = `${"a".repeat(60)}.${"b".repeat(60)}.${"c".repeat(60)}.nl`;
    const at254 = `${"x".repeat(254 - domain.length - 1)}@${domain}`;
    expect(at254).toHaveLength(254);
    expect(errors("en", { name: "Jan", email: at254 })).toEqual({});
    expect(errors("en", { name: "Jan", email: `x${at254}` })).toEqual({ email: ["Invalid email address"] });
  });

  it("accepts a valid sign-up and trims it", () => {
    const submission = parseWithZod(form({ name: "  Anna de Vries ", email: " Anna.de.Vries+news@Example.NL " }), { schema: newsletterSchema("nl") });
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value).toEqual({ name: "Anna de Vries", email: "Anna.de.Vries+news@Example.NL" });
  });

  it("limits the name", () => {
    expect(errors("en", { name: "n".repeat(101), email: "a@b.nl" })).toEqual({ name: ["Name must be at most 100 characters"] });
  });

  it("maps each translated message back to its key, in both languages", () => {
    expect(newsletterErrorKey("en", "Invalid email address")).toBe("newsletter.invalidEmail");
    expect(newsletterErrorKey("nl", "Naam is verplicht")).toBe("newsletter.nameRequired");
    expect(newsletterErrorKey("en", "Naam is verplicht")).toBeUndefined();
  });

  it("the browser's checks (no Zod) give the schema's first message for every field", () => {
    const cases: Record<string, string>[] = [
      {},
      { name: "", email: "" },
      { name: "   ", email: "   " },
      { name: "Jan", email: "jan@example" },
      { name: "n".repeat(100), email: "a@b.nl" },
      { name: "n".repeat(101), email: "a@b.nl" },
      { name: " Anna ", email: " Anna.de.Vries+news@Example.NL " },
      { name: "Jan", email: `${"a".repeat(250)}@b.nl` },
      ...["plain", "a@b", "a@@b.nl", "a b@c.nl", "a@b..nl", "@example.com", "jan@-example.com"].map((email) => ({ name: "Jan", email })),
    ];
    for (const locale of ["en", "nl"] as const) {
      for (const fields of cases) {
        const fromSchema = errors(locale, fields) as Record<string, string[] | undefined>;
        const fromBrowser = newsletterFieldErrors(fields);
        for (const field of ["name", "email"] as const) {
          const key = fromBrowser[field];
          expect(key ? translate(locale, key) : undefined, `${locale} ${field} ${JSON.stringify(fields)}`).toBe(fromSchema[field]?.[0]);
        }
      }
    }
  });
});
