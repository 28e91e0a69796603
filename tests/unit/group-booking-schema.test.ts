import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { translate } from "~/i18n";
import { makeRegistrationSchema, registrationErrorSummary } from "~/schemas/registration";

/** The group-booking parts of the registration form's schema: places, who sails, the other participants. */
const TODAY = new Date("2025-08-01T12:00:00Z");
const schema = makeRegistrationSchema(() => TODAY);

const bookerContact = {
  customerName: "Inge Bakker",
  customerEmail: "inge@example.com",
  street: "Havenstraat 1",
  city: "Den Haag",
  postalCode: "2583 AB",
  country: "Nederland",
  termsAccepted: "on",
};
const sailing = { birthDate: "1980-03-04", nextOfKinName: "Piet Bakker", nextOfKinPhone: "06 12345678" };

function others(count: number): Record<string, string> {
  const fields: Record<string, string> = {};
  for (let i = 0; i < count; i++) {
    fields[`participants[${i}].name`] = `Collega ${i + 1}`;
    fields[`participants[${i}].email`] = `collega${i + 1}@example.com`;
  }
  return fields;
}

function parse(fields: Record<string, string>) {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.set(k, v);
  return parseWithZod(data, { schema });
}

function errorsOf(fields: Record<string, string>) {
  const submission = parse(fields);
  return submission.status === "error" ? (submission.error ?? {}) : {};
}

describe("registration schema: group bookings", () => {
  it("takes a booker who does not sail and books 4 places for others, without their own date of birth or emergency contact", () => {
    const submission = parse({ ...bookerContact, places: "4", bookerSails: "no", ...others(4), "participants[2].locale": "en" });
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(submission.value).toMatchObject({ places: 4, bookerSails: false });
    expect(submission.value.participants.map((p) => p.email)).toEqual(["collega1@example.com", "collega2@example.com", "collega3@example.com", "collega4@example.com"]);
    expect(submission.value.participants[2].locale).toBe("en");
    // No language chosen: the booking's (decided by the server).
    expect(submission.value.participants[0].locale).toBeUndefined();
  });

  it("takes a sailing booker as place 1: 3 places need 2 other participants and the booker's own details", () => {
    const submission = parse({ ...bookerContact, ...sailing, places: "3", bookerSails: "yes", ...others(2) });
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(submission.value).toMatchObject({ places: 3, bookerSails: true, birthDate: "1980-03-04" });
    expect(submission.value.participants).toHaveLength(2);
    // A missing count is one place, a missing choice a booker who sails (the form before this issue).
    const single = parse({ ...bookerContact, ...sailing });
    expect(single.status === "success" && single.value).toMatchObject({ places: 1, bookerSails: true, participants: [] });
  });

  it("asks a sailing booker for their own details, and nobody else's but the participants' names and e-mails", () => {
    const errors = errorsOf({ ...bookerContact, places: "2", bookerSails: "yes", ...others(1) });
    expect(errors.birthDate).toEqual(["booking.validation.fieldRequired"]);
    expect(errors.nextOfKinName).toEqual(["booking.validation.fieldRequired"]);
    expect(errors.nextOfKinPhone).toEqual(["booking.validation.fieldRequired"]);
    expect(Object.keys(errors).filter((k) => k.startsWith("participants"))).toEqual([]);
  });

  it("refuses a count of participants that does not match the places and who sails", () => {
    expect(errorsOf({ ...bookerContact, places: "3", bookerSails: "no", ...others(2) }).places).toEqual(["booking.validation.participantCount"]);
    expect(errorsOf({ ...bookerContact, ...sailing, places: "2", bookerSails: "yes", ...others(2) }).places).toEqual(["booking.validation.participantCount"]);
    const summary = registrationErrorSummary(errorsOf({ ...bookerContact, places: "3", bookerSails: "no", ...others(2) }))!;
    expect(translate("en", summary.text)).toBe("Fill in a participant for every place");
    expect(translate("nl", summary.text)).toBe("Vul voor elke plaats een deelnemer in");
  });

  it("refuses a number of places that is not 1 … 20", () => {
    for (const places of ["0", "21", "2.5", "twee"]) {
      expect(errorsOf({ ...bookerContact, places, bookerSails: "no", ...others(1) }).places?.[0], places).toBe("booking.validation.invalidPlaces");
    }
  });

  it("wants one e-mail address per person, the sailing booker's included, whatever the case", () => {
    const twice = errorsOf({ ...bookerContact, places: "2", bookerSails: "no", ...others(2), "participants[1].email": "COLLEGA1@example.com" });
    expect(twice["participants[1].email"]).toEqual(["booking.validation.duplicateEmail"]);
    const booker = errorsOf({ ...bookerContact, ...sailing, places: "2", bookerSails: "yes", ...others(1), "participants[0].email": "Inge@Example.com" });
    expect(booker["participants[0].email"]).toEqual(["booking.validation.duplicateEmail"]);
    // A booker who does not sail may be a participant's contact address too: they are not a participant.
    expect(parse({ ...bookerContact, places: "1", bookerSails: "no", "participants[0].name": "Kind", "participants[0].email": "inge@example.com" }).status).toBe("success");
    expect(translate("en", "booking.validation.duplicateEmail")).toBe("Each participant needs their own e-mail address");
  });

  it("names a participant's missing name or e-mail in the summary, and checks the details given", () => {
    const fields = { ...bookerContact, places: "2", bookerSails: "no", ...others(2), "participants[1].birthDate": "2025-02-30", "participants[1].nextOfKinPhone": "bel me" };
    delete (fields as Record<string, string>)["participants[0].name"];
    const errors = errorsOf(fields);
    expect(errors["participants[0].name"]).toEqual(["booking.validation.fieldRequired"]);
    expect(errors["participants[1].birthDate"]).toEqual(["booking.validation.invalidBirthDate"]);
    expect(errors["participants[1].nextOfKinPhone"]).toEqual(["booking.validation.invalidPhone"]);
    const summary = registrationErrorSummary(errors)!;
    expect(translate("en", summary.title)).toBe("Required fields");
    expect(translate("en", summary.text)).toBe("Please fill in the name and e-mail address of every participant.");
    expect(translate("nl", summary.text)).toBe("Vul van elke deelnemer de naam en het e-mailadres in.");
    // A booker's own missing field still reads the booker's list first.
    const both = registrationErrorSummary({ ...errors, city: ["booking.validation.fieldRequired"] })!;
    expect(both.text).toBe("booking.validation.requiredText");
    // Only a bad detail of a participant: that message.
    const onlyDate = registrationErrorSummary({ "participants[1].birthDate": ["booking.validation.invalidBirthDate"] })!;
    expect(onlyDate).toEqual({ title: "booking.registrationFailed", text: "booking.validation.invalidBirthDate" });
  });
});
