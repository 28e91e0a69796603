import type { SubmissionResult } from "@conform-to/react";
import type { z } from "zod";
import type { CrewActionData, CrewChecklistView } from "./crew-place";
import { makeParticipantSchema } from "./registration";

/**
 * The participant's own page of a group booking (`/my-place/<token>`): the form they complete or
 * correct their details with, and what the page shows. The field rules are the registration
 * form's for another participant (`makeParticipantSchema`): a name, and every other detail
 * checked when given, so a participant may save what they know now and add the rest later (the
 * page and the reminders say what is still missing).
 */
export function makePlaceDetailsSchema(today: () => Date = () => new Date()) {
  return makeParticipantSchema(today).pick({
    name: true,
    birthDate: true,
    street: true,
    city: true,
    postalCode: true,
    country: true,
    nextOfKinName: true,
    nextOfKinPhone: true,
  });
}

export const placeDetailsSchema = makePlaceDetailsSchema();
export type PlaceDetailsInput = z.infer<ReturnType<typeof makePlaceDetailsSchema>>;

/** The fields of the form, in the order the page shows them (and the server reads them). */
export const PLACE_DETAIL_FIELDS = ["name", "birthDate", "street", "postalCode", "city", "country", "nextOfKinName", "nextOfKinPhone"] as const;
export type PlaceDetailField = (typeof PLACE_DETAIL_FIELDS)[number];

/** What the participant's page shows: their own place only, nothing of the others or of money. */
export type PlaceView = {
  /** The participant's own name and details (their own, to see and correct). */
  details: Record<PlaceDetailField, string>;
  bookerName: string;
  event: {
    name: string;
    startDate: string;
    endDate: string;
    location: string;
  };
  /** The required details still missing (field names). */
  missing: PlaceDetailField[];
  waiver: { version: string; acceptedAt: string } | null;
  /** The current waiver's version (what accepting it now records). */
  waiverVersion: string;
  /** The participants' deadline (end of its Amsterdam day), ISO. */
  deadline: string;
  /** Details and the waiver can still be changed here (until the event starts). */
  open: boolean;
  /** The event's crew file (issue 27): null when the event asks nothing. */
  crew: CrewChecklistView | null;
  /** Days after the event its health answers are erased (said beside health items). */
  healthRetentionDays: number;
};

export type PlaceIntent = "details" | "waiver" | "crew";

export function isPlaceIntent(value: unknown): value is PlaceIntent {
  return value === "details" || value === "waiver" || value === "crew";
}

/** What the page's forms answer (shown in the visitor's language). */
export type PlaceActionData =
  | { intent: "details"; outcome: "updated" | "unchanged" | "invalid" | "closed"; result?: SubmissionResult<string[]> }
  | { intent: "waiver"; outcome: "accepted" | "already" | "missing" | "closed" }
  | CrewActionData
  | { intent: null; outcome: "too_many" | "unavailable" | "bad_request" };
