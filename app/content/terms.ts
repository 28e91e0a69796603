/**
 * Terms of service, shown at /servicevoorwaarden (English only).
 *
 * Rendering notes:
 * - Section "waiver" (number 3) has only a short lead; the page renders the ten parts of
 *   `waiver` from ./waiver under it (each part title already carries its number, "1." to "10.").
 * - Section "contact" contains the literal placeholder `{email}`; the page replaces it with the
 *   team's e-mail address (TEAM_EMAIL), ideally as a mailto: link.
 * - `lastUpdated` is an ISO date (YYYY-MM-DD) for the page to format.
 */
import { WAIVER_VERSION } from "./waiver";

export type TermsSectionId = "booking" | "cancellation" | "waiver" | "contact";

export interface TermsSection {
  id: TermsSectionId;
  number: number;
  title: string;
  paragraphs: string[];
}

export interface Terms {
  title: string;
  lastUpdated: string;
  intro: string;
  sections: TermsSection[];
}

export const terms: Terms = {
  title: "Terms of Service",
  lastUpdated: "2025-01-15",
  intro:
    "These terms apply to every registration and booking for an event organised by the Team, whether it is a corporate sailing day, a race charter, a record attempt or a summer evening sail. By registering for an event on this website, you accept these terms, including the waiver and release in section 3. Please read them carefully before you register.",
  sections: [
    {
      id: "booking",
      number: 1,
      title: "Booking and Payment",
      paragraphs: [
        "After you register for an event, we confirm your registration by e-mail and contact you with the payment information for your booking.",
        "Where an event can be booked and paid online, you pay a deposit when you register, usually 50% of the price, or the full price where the event description says so. Payment is handled by our secure payment provider; we never see or store your card details. We hold your place for a limited time while you complete the payment, and your booking is confirmed once the payment has been received. The remaining balance must be paid before departure; we will tell you the amount and how to pay it in good time.",
        "For free events, such as some summer evening sails, no payment is required; your registration is confirmed by e-mail, and we send you the practical information before the sail.",
      ],
    },
    {
      id: "cancellation",
      number: 2,
      title: "Cancellation and Changes",
      paragraphs: [
        "If you cancel your booking or want to change it, please let us know by e-mail as soon as possible. Cancellation and changes may incur costs. The costs that apply to your event are communicated to you when you book.",
        "Because our events take place on a specific date or during a specific period, the statutory 14-day right of withdrawal for contracts concluded at a distance does not apply to them (Article 6:230p of the Dutch Civil Code).",
        "Sailing depends on the weather and on the condition of the boat. We may change, postpone or cancel an event where safety or circumstances beyond our control require it, as described in part 8 of the waiver below. If we cancel an event, we will contact you about an alternative date or a refund.",
      ],
    },
    {
      id: "waiver",
      number: 3,
      title: "Waiver and Release",
      paragraphs: [
        `Every participant must accept the following waiver and release (version ${WAIVER_VERSION}) when registering for an event. It describes the risks of sailing, what we expect from you on board, and the limits of our liability. Please read it carefully; by registering, you confirm that you have read, understood and accepted it.`,
      ],
    },
    {
      id: "contact",
      number: 4,
      title: "Contact",
      paragraphs: [
        "Do you have a question about these terms, your booking or an event? Please e-mail us at {email}.",
      ],
    },
  ],
};
