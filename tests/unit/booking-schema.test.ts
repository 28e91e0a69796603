import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { translate } from "~/i18n";
import { isPlausibleBirthDate, makeRegistrationSchema, registrationErrorSummary } from "~/schemas/registration";

const TODAY = new Date("2025-08-01T12:00:00Z");
const schema = makeRegistrationSchema(() => TODAY);

const valid = {
  customerName: "  Sanne de Vries ",
  customerEmail: " sanne@example.com ",
  phoneNumber: "",
  street: "Havenstraat 1",
  city: "Den Haag",
  postalCode: "2583 AB",
  country: "Nederland",
  birthDate: "1990-05-17",
  nextOfKinName: "Joris de Vries",
  nextOfKinPhone: "+31 6 12345678",
  comments: "",
  termsAccepted: "on",
};

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.set(k, v);
  return data;
}

function errorsOf(fields: Record<string, string>) {
  const submission = parseWithZod(form(fields), { schema });
  return submission.status === "error" ? (submission.error ?? {}) : {};
}

describe("registration schema", () => {
  it("accepts a complete form and trims every input", () => {
    const submission = parseWithZod(form(valid), { schema });
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(submission.value.customerName).toBe("Sanne de Vries");
    expect(submission.value.customerEmail).toBe("sanne@example.com");
    expect(submission.value.phoneNumber).toBeUndefined();
    expect(submission.value.comments).toBeUndefined();
  });

  it("treats blank (or only spaces) required fields as missing: 'Required fields'", () => {
    const errors = errorsOf({ ...valid, city: "   ", nextOfKinPhone: "" });
    expect(errors.city).toEqual(["booking.validation.fieldRequired"]);
    expect(errors.nextOfKinPhone).toEqual(["booking.validation.fieldRequired"]);
    const summary = registrationErrorSummary(errors)!;
    expect(translate("en", summary.title)).toBe("Required fields");
    expect(translate("en", summary.text)).toBe(
      "Please fill in all required fields: name, email address, address, city, postal code, country, date of birth, emergency contact person and phone number",
    );
    expect(translate("nl", summary.title)).toBe("Verplichte velden");
  });

  it("requires the terms: 'Agreement required'", () => {
    const { termsAccepted: _omit, ...withoutTerms } = valid;
    const errors = errorsOf(withoutTerms);
    const summary = registrationErrorSummary(errors)!;
    expect(translate("en", summary.title)).toBe("Agreement required");
    expect(translate("en", summary.text)).toBe("You must agree to the terms and conditions to register.");
    expect(translate("nl", summary.title)).toBe("Akkoord vereist");
  });

  it("reports missing fields before the terms", () => {
    const errors = errorsOf({ termsAccepted: "" });
    expect(registrationErrorSummary(errors)?.title).toBe("booking.validation.requiredTitle");
  });

  it("rejects an invalid e-mail address and one over 254 characters", () => {
    expect(errorsOf({ ...valid, customerEmail: "sanne@" }).customerEmail).toEqual(["booking.validation.invalidEmail"]);
    expect(errorsOf({ ...valid, customerEmail: "a b@example.com" }).customerEmail).toEqual(["booking.validation.invalidEmail"]);
    const long = `${"a".repeat(64)}@${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(60)}.nl`;
    expect(long.length).toBeGreaterThan(254);
    expect(errorsOf({ ...valid, customerEmail: long }).customerEmail).toContain("booking.validation.tooLong");
    const summary = registrationErrorSummary(errorsOf({ ...valid, customerEmail: "nope" }))!;
    expect(translate("en", summary.title)).toBe("Registration failed");
    expect(translate("en", summary.text)).toBe("Invalid email address");
  });

  it("rejects dates of birth that are not real, not in the past, or implausibly old", () => {
    for (const birthDate of ["2025-02-30", "17-05-1990", "2025-08-01", "2030-01-01", "1900-01-01"]) {
      expect(errorsOf({ ...valid, birthDate }).birthDate, birthDate).toEqual(["booking.validation.invalidBirthDate"]);
    }
    expect(isPlausibleBirthDate("2025-07-31", TODAY)).toBe(true);
  });

  it("rejects over-long text and non-phone numbers", () => {
    expect(errorsOf({ ...valid, customerName: "x".repeat(121) }).customerName).toEqual(["booking.validation.tooLong"]);
    expect(errorsOf({ ...valid, comments: "x".repeat(2001) }).comments).toEqual(["booking.validation.tooLong"]);
    expect(errorsOf({ ...valid, nextOfKinPhone: "call me" }).nextOfKinPhone).toEqual(["booking.validation.invalidPhone"]);
    expect(errorsOf({ ...valid, phoneNumber: "12" }).phoneNumber).toEqual(["booking.validation.invalidPhone"]);
  });
});
