/**
 * iCalendar (RFC 5545) invites, attached to booking confirmations so a participant can put the
 * event in any calendar, and to the e-mails that move or cancel the booking, so it moves or goes. Written by hand because the format is small and its rules are strict:
 * CRLF line ends, TEXT escaping, lines folded at 75 octets, times in UTC.
 */

export type IcsEvent = {
  /** Globally unique and stable: the same booking always gets the same UID, so re-imports update. */
  uid: string;
  /**
   * The revision (RFC 5545 §3.8.7.4): a calendar replaces an entry of the same UID only with a
   * higher one, so every change of date or a cancellation sends one more than before. Default 0.
   */
  sequence?: number;
  /** CANCELLED removes the entry (with METHOD:CANCEL); default CONFIRMED. */
  status?: "CONFIRMED" | "CANCELLED";
  /** Whom a cancellation concerns (RFC 5546 §3.2.5 wants the attendees removed). */
  attendee?: { name: string; email: string };
  start: Date;
  end: Date;
  /** When this invite was made (DTSTAMP). */
  stamp: Date;
  summary: string;
  description?: string;
  location?: string;
  url?: string;
  organizer?: { name: string; email: string };
};

const CRLF = "\r\n";
const MAX_LINE_OCTETS = 75;

/** 20250801T120000Z: the UTC "date with time" form. */
export function formatIcsDate(date: Date): string {
  if (Number.isNaN(date.getTime())) throw new RangeError("Invalid date in calendar invite");
  return date
    .toISOString()
    .replace(/\.\d{3}Z$/, "Z")
    .replace(/[-:]/g, "");
}

/** TEXT value escaping (RFC 5545 §3.3.11): backslash, semicolon, comma and line breaks. */
export function escapeIcsText(value: string): string {
  return value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");
}

/**
 * Folds a content line into pieces of at most 75 octets (UTF-8), each continuation starting with
 * one space (§3.1). Never splits a character: a multi-byte letter moves to the next line whole.
 */
export function foldIcsLine(line: string): string {
  const encoder = new TextEncoder();
  const pieces: string[] = [];
  let current = "";
  let currentOctets = 0;
  for (const char of line) {
    const octets = encoder.encode(char).length;
    // Continuation lines carry the leading space within their 75 octets.
    const limit = pieces.length === 0 ? MAX_LINE_OCTETS : MAX_LINE_OCTETS - 1;
    if (currentOctets + octets > limit) {
      pieces.push(current);
      current = "";
      currentOctets = 0;
    }
    current += char;
    currentOctets += octets;
  }
  pieces.push(current);
  return pieces.join(`${CRLF} `);
}

function property(name: string, value: string): string {
  return foldIcsLine(`${name}:${value}`);
}

function quoteParam(value: string): string {
  // Parameter values may not contain DQUOTE; quoting covers ":", ";" and ",".
  return `"${value.replace(/"/g, "'")}"`;
}

function eventLines(event: IcsEvent): string[] {
  if (event.end.getTime() <= event.start.getTime()) throw new RangeError("A calendar event must end after it starts");
  const sequence = event.sequence ?? 0;
  if (!Number.isSafeInteger(sequence) || sequence < 0) throw new RangeError("A calendar SEQUENCE is a whole number of at least 0");
  const lines = [
    "BEGIN:VEVENT",
    property("UID", event.uid),
    `SEQUENCE:${sequence}`,
    property("DTSTAMP", formatIcsDate(event.stamp)),
    property("DTSTART", formatIcsDate(event.start)),
    property("DTEND", formatIcsDate(event.end)),
    property("SUMMARY", escapeIcsText(event.summary)),
  ];
  if (event.description) lines.push(property("DESCRIPTION", escapeIcsText(event.description)));
  if (event.location) lines.push(property("LOCATION", escapeIcsText(event.location)));
  if (event.url) lines.push(property("URL", event.url));
  if (event.organizer) {
    lines.push(foldIcsLine(`ORGANIZER;CN=${quoteParam(event.organizer.name)}:mailto:${event.organizer.email}`));
  }
  if (event.attendee) {
    lines.push(foldIcsLine(`ATTENDEE;CN=${quoteParam(event.attendee.name)};ROLE=REQ-PARTICIPANT:mailto:${event.attendee.email}`));
  }
  lines.push(`STATUS:${event.status ?? "CONFIRMED"}`, event.status === "CANCELLED" ? "TRANSP:TRANSPARENT" : "TRANSP:OPAQUE", "END:VEVENT");
  return lines;
}

/**
 * A complete VCALENDAR. METHOD:PUBLISH (default): an entry to add or update, no reply expected;
 * METHOD:CANCEL: the entries of these UIDs are cancelled (their STATUS:CANCELLED and a higher
 * SEQUENCE than the last file sent).
 */
export function buildIcs(events: IcsEvent | IcsEvent[], method: "PUBLISH" | "CANCEL" = "PUBLISH"): string {
  const list = Array.isArray(events) ? events : [events];
  if (method === "CANCEL" && list.some((e) => e.status !== "CANCELLED")) throw new RangeError("METHOD:CANCEL carries cancelled entries only");
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Ocean Racing Team//Booking//EN",
    "CALSCALE:GREGORIAN",
    `METHOD:${method}`,
    ...list.flatMap(eventLines),
    "END:VCALENDAR",
  ];
  return lines.join(CRLF) + CRLF;
}
