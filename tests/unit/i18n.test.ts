import { describe, expect, it } from "vitest";
import { messages, translate } from "~/i18n";
import { localeFromAcceptLanguage, resolveLocale } from "~/i18n/locale.server";

describe("messages", () => {
  it("has every key in both languages, none empty", () => {
    const en = Object.keys(messages.en).sort();
    const nl = Object.keys(messages.nl).sort();
    expect(nl).toEqual(en);
    for (const key of en) {
      expect(messages.en[key as keyof typeof messages.en].trim(), key).not.toBe("");
      expect(messages.nl[key as keyof typeof messages.nl].trim(), key).not.toBe("");
    }
  });

  it("fills placeholders and keeps unknown ones", () => {
    expect(translate("en", "events.placesLeft", { count: 3 })).toBe("3 places left");
    expect(translate("nl", "events.placesLeft", { count: 3 })).toBe("nog 3 plaatsen");
    expect(translate("en", "events.placesLeft")).toBe("{count} places left");
  });

  it("labels the toggle with the other language", () => {
    expect(translate("nl", "lang.toggle")).toBe("EN");
    expect(translate("en", "lang.toggle")).toBe("NL");
  });
});

describe("language resolution", () => {
  const request = (url: string, headers: Record<string, string> = {}) => new Request(`http://localhost${url}`, { headers });

  it("uses Accept-Language: a first language starting with nl gives Dutch, anything else English", () => {
    expect(localeFromAcceptLanguage("nl-NL,nl;q=0.9,en;q=0.8")).toBe("nl");
    expect(localeFromAcceptLanguage("nl-BE")).toBe("nl");
    expect(localeFromAcceptLanguage("en-US,nl;q=0.5")).toBe("en");
    expect(localeFromAcceptLanguage("de-DE")).toBe("en");
    expect(localeFromAcceptLanguage(null)).toBe("en");
  });

  it("prefers the stored choice over Accept-Language", async () => {
    expect((await resolveLocale(request("/", { cookie: "lang=en", "accept-language": "nl-NL" }))).locale).toBe("en");
    expect((await resolveLocale(request("/", { cookie: "other=1; lang=nl", "accept-language": "en" }))).locale).toBe("nl");
  });

  it("prefers ?lang= over everything and stores it in a cookie", async () => {
    const result = await resolveLocale(request("/about?lang=nl", { cookie: "lang=en", "accept-language": "en" }));
    expect(result.locale).toBe("nl");
    expect(result.setCookie).toMatch(/^lang=nl; Max-Age=31536000; Path=\/; SameSite=Lax$/);
  });

  it("ignores unknown values", async () => {
    const result = await resolveLocale(request("/?lang=fr", { cookie: "lang=de", "accept-language": "nl" }));
    expect(result).toEqual({ locale: "nl" });
  });

  it("marks the cookie Secure over HTTPS", async () => {
    expect((await resolveLocale(new Request("https://example.org/?lang=en"))).setCookie).toContain("; Secure");
  });
});
