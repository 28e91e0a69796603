import crypto from "node:crypto";
import { translate, type MessageKey } from "~/i18n";
import { asLocale, type Locale } from "~/i18n/define";
import { formatDate } from "~/lib/dates";
import { formatPrice } from "~/lib/money-format";
import { valueLabel } from "~/lib/value-label";
import { historyLines, type HistoryContext, type HistoryLine } from "@server/audit/history.server";
import { reasonText } from "@server/audit/reasons.server";
import { requireStaff } from "@server/auth/guard.server";
import { now } from "@server/clock.server";
import { db, type DbOrTx } from "@server/db/client.server";
import { eventNameIn } from "@server/events/view.server";
import { readForm } from "@server/http/form.server";
import { erasedMarksIn } from "@server/privacy/anonymise.server";
import { findSubject, normaliseSubjectEmail, type SubjectData } from "@server/privacy/subject.server";
import { secrets } from "@server/secrets.server";

/**
 * /admin/privacy and its two downloads: what a person's data looks like outside the database.
 * The export is plain JSON (ISO dates) and is also what the page shows, so the page, the JSON
 * file and the HTML file always hold the same things. Left out on purpose: the newsletter's link
 * token (a credential, not information about the person), the e-mails' HTML (their text is in)
 * and attachments' bytes (their names are in).
 *
 * Written in a language: the person's for the files they are handed (the event in their language,
 * the history and the reasons as sentences in it, no staff member named), Dutch for the page
 * (staff by name). The machine-readable fields (codes, ISO dates, cents) are the same in both.
 */

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

type EventRef = SubjectData["registrations"][number]["event"];

/** The event in the export's language (its English name when it has one). */
const eventIn = (event: EventRef, locale: Locale) => (event ? { id: event.id, name: eventNameIn(event, locale), startDate: event.startDate, endDate: event.endDate } : null);

/**
 * The export in `locale`. `history`: the trail's sentences (`historyLines`, in the same order as
 * `data.audit`). `subjectView` reads them and calls this.
 */
export function subjectExport(data: SubjectData, at: Date, locale: Locale, history: HistoryLine[], audience: HistoryContext["audience"] = "person") {
  const sentenceOf = new Map(history.map((line) => [line.id, line.sentence]));
  const staffName = () => translate(locale, audience === "person" ? "admin.bookings.history.actor.team" : "admin.bookings.actor.staffGone");
  return {
    generatedAt: at.toISOString(),
    language: locale,
    email: data.email,
    registrations: data.registrations.map(({ registration: r, event, payments, refunds, places }) => ({
      id: r.id,
      reference: r.reference,
      event: eventIn(event, locale),
      status: r.status,
      name: r.customerName,
      email: r.customerEmail,
      phone: r.phoneNumber,
      birthDate: r.birthDate,
      address: { street: r.street, postalCode: r.postalCode, city: r.city, country: r.country },
      // The booker's own emergency contact lives on their place (decision 042); older bookings kept it here.
      emergencyContact: (() => {
        const own = places.find((p) => p.isBooker && p.replacedAt === null);
        return own ? { name: own.nextOfKinName, phone: own.nextOfKinPhone } : { name: r.nextOfKinName, phone: r.nextOfKinPhone };
      })(),
      comments: r.comments,
      language: r.locale,
      priceCents: r.priceCents,
      amountDueCents: r.amountDueCents,
      termsAcceptedAt: iso(r.termsAcceptedAt),
      waiverVersion: r.waiverVersion,
      createdAt: iso(r.createdAt),
      confirmedAt: iso(r.confirmedAt),
      cancelledAt: iso(r.cancelledAt),
      personalDataErasedAt: iso(r.personalDataErasedAt),
      places: r.places,
      bookerSails: r.bookerSails,
      /**
       * Whom they booked for (group bookings): each place's participant by name and e-mail
       * address, and its state; never the participants' own safety details (those are theirs).
       */
      participants: places.map((p) => ({
        number: p.number,
        name: p.name,
        email: p.email,
        cancelledAt: iso(p.cancelledAt),
        replacedAt: iso(p.replacedAt),
      })),
      payments: payments.map((p) => ({
        id: p.id,
        kind: p.kind,
        provider: p.provider,
        status: p.status,
        amountCents: p.amountCents,
        currency: p.currency,
        providerPaymentId: p.providerPaymentId,
        createdAt: iso(p.createdAt),
        paidAt: iso(p.paidAt),
      })),
      refunds: refunds.map((f) => ({
        id: f.id,
        paymentId: f.paymentId,
        status: f.status,
        amountCents: f.amountCents,
        currency: f.currency,
        reason: f.reason,
        /** The reason in the export's language (`reason` is what the system stored). */
        reasonText: reasonText(f.reason, locale, staffName),
        providerRefundId: f.providerRefundId,
        createdAt: iso(f.createdAt),
        succeededAt: iso(f.succeededAt),
      })),
    })),
    /** The places they sail in (their own booking's, or someone else's): their own details only. */
    places: data.places.map(({ place: p, booking, event }) => ({
      id: p.id,
      reference: `${booking.reference}-${p.number}`,
      bookingReference: booking.reference,
      number: p.number,
      event: eventIn(event, locale),
      bookingStatus: booking.status,
      name: p.name,
      email: p.email,
      language: p.locale,
      birthDate: p.birthDate,
      address: { street: p.street, postalCode: p.postalCode, city: p.city, country: p.country },
      emergencyContact: { name: p.nextOfKinName, phone: p.nextOfKinPhone },
      waiverVersion: p.waiverVersion,
      waiverAcceptedAt: iso(p.waiverAcceptedAt),
      detailsCompletedAt: iso(p.detailsCompletedAt),
      invitedAt: iso(p.invitedAt),
      cancelledAt: iso(p.cancelledAt),
      replacedAt: iso(p.replacedAt),
      personalDataErasedAt: iso(p.personalDataErasedAt),
      createdAt: iso(p.createdAt),
      /** Their crew file (issue 27): every answer, health answers included (their own), in the export's language. */
      crewFile: data.crewAnswers
        .filter((a) => a.placeId === p.id)
        .map((a) => ({
          item: locale === "en" ? a.item.labelEn || a.item.labelNl : a.item.labelNl || a.item.labelEn,
          kind: a.item.kind,
          health: a.item.health,
          answer: a.summary ? a.summary[locale] : null,
          value: a.value,
          answeredAt: a.answeredAt,
          erasedAt: a.erasedAt,
        })),
    })),
    waitlist: data.waitlist.map(({ entry: e, event, offers }) => ({
      id: e.id,
      event: eventIn(event, locale),
      name: e.name,
      email: e.email,
      phone: e.phone,
      places: e.places,
      message: e.message,
      language: e.locale,
      status: e.status,
      createdAt: iso(e.createdAt),
      offers: offers.map((o) => ({ id: o.id, places: o.places, status: o.status, expiresAt: iso(o.expiresAt), createdAt: iso(o.createdAt), closedAt: iso(o.closedAt) })),
    })),
    interest: data.interest.map(({ interest: i, event }) => ({
      id: i.id,
      event: eventIn(event, locale),
      name: i.name,
      email: i.email,
      message: i.message,
      language: i.locale,
      createdAt: iso(i.createdAt),
    })),
    newsletter: data.newsletter.map((s) => ({
      id: s.id,
      name: s.name,
      email: s.email,
      language: s.locale,
      status: s.status,
      createdAt: iso(s.createdAt),
      confirmedAt: iso(s.confirmedAt),
      unsubscribedAt: iso(s.unsubscribedAt),
    })),
    emails: data.emails.map((m) => ({
      id: m.id,
      to: m.to,
      subject: m.subject,
      template: m.template,
      language: m.locale,
      status: m.status,
      createdAt: iso(m.createdAt),
      sentAt: iso(m.sentAt),
      text: m.text,
      attachments: m.attachments.map((a) => a.filename),
    })),
    audit: data.audit.map((a) => ({
      id: a.id,
      at: iso(a.at),
      entityType: a.entityType,
      action: a.action,
      changes: a.changes,
      actorType: a.actorType,
      reason: a.reason,
      registrationId: a.registrationId,
      /** What happened, by whom and why, in the export's language. */
      sentence: sentenceOf.get(a.id) ?? a.action,
    })),
    rateLimitRows: data.rateLimitRows,
  };
}

export type SubjectExport = ReturnType<typeof subjectExport>;

/** The export of `data` in `locale`, with the history's sentences for `audience`. */
export async function subjectView(database: DbOrTx, data: SubjectData, at: Date, locale: Locale, audience: HistoryContext["audience"]): Promise<SubjectExport> {
  return subjectExport(data, at, locale, await historyLines(database, data.audit, locale, audience), audience);
}

/** The language of the person's newest record: the HTML file is written in it. */
export function subjectLocale(data: SubjectData): Locale {
  const dated: { at: Date; locale: string }[] = [
    ...data.registrations.map((r) => ({ at: r.registration.createdAt, locale: r.registration.locale })),
    ...data.places.map((p) => ({ at: p.place.createdAt, locale: p.place.locale })),
    ...data.waitlist.map((w) => ({ at: w.entry.createdAt, locale: w.entry.locale })),
    ...data.interest.map((i) => ({ at: i.interest.createdAt, locale: i.interest.locale })),
    ...data.newsletter.map((s) => ({ at: s.createdAt, locale: s.locale })),
  ];
  dated.sort((a, b) => b.at.getTime() - a.at.getTime());
  return asLocale(dated[0]?.locale);
}

/**
 * What tells one person's download from another's in a folder: the reference of their newest
 * booking, or else a short id of the address made with the server's secret (the same for both
 * files of one request, and no way back to the address without the secret). Never the address
 * itself: file names show in download lists and synced folders.
 */
export function subjectTag(data: SubjectData): string {
  const newest = [...data.registrations].sort((a, b) => b.registration.createdAt.getTime() - a.registration.createdAt.getTime())[0];
  if (newest) return newest.registration.reference;
  return crypto.createHmac("sha256", secrets().sessionSecret).update(`privacy-export\u0000${data.email}`).digest("hex").slice(0, 8);
}

/** The file name of a download: "persoonsgegevens-OR-K7M3Q9-2027-03-01.json" (`subjectTag`, the day). */
export function exportFileName(extension: "json" | "html", at: Date, tag: string): string {
  const safeTag = tag.replace(/[^A-Za-z0-9-]/g, "");
  return `persoonsgegevens-${safeTag ? `${safeTag}-` : ""}${at.toISOString().slice(0, 10)}.${extension}`;
}

/** A download: an attachment, never cached, never sniffed, and (HTML) running no script. */
export function downloadResponse(body: string, contentType: string, fileName: string): Response {
  return new Response(body, {
    headers: {
      "Content-Type": `${contentType}; charset=utf-8`,
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
      "Referrer-Policy": "no-referrer",
    },
  });
}

const escapeHtml = (value: unknown): string =>
  String(value ?? "").replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

/** A readable, printable page of the export, in the person's language; every value escaped. */
export function subjectHtml(doc: SubjectExport, locale: Locale): string {
  const t = (key: MessageKey, params?: Record<string, string | number>) => translate(locale, key, params);
  const when = (value: string | null) => (value ? formatDate(value, locale, { dateStyle: "medium", timeStyle: "short" }) : "–");
  const money = (cents: number) => formatPrice(cents, locale);
  const eventName = (event: { name: string; startDate: string } | null) => (event ? `${event.name} (${formatDate(event.startDate, locale)})` : "–");
  const text = (value: string | null) => (value === null ? null : erasedMarksIn(value, locale));
  const rows = (pairs: [MessageKey, unknown][]) =>
    `<table>${pairs.map(([k, v]) => `<tr><th scope="row">${escapeHtml(t(k))}</th><td>${escapeHtml(v ?? "–")}</td></tr>`).join("")}</table>`;
  const section = (title: MessageKey, count: number, body: string) =>
    `<section><h2>${escapeHtml(t(title))} (${count})</h2>${count === 0 ? `<p>${escapeHtml(t("admin.privacy.export.none"))}</p>` : body}</section>`;

  const registrations = doc.registrations
    .map(
      (r) =>
        `<article><h3>${escapeHtml(r.reference)} · ${escapeHtml(eventName(r.event))}</h3>${rows([
          ["admin.privacy.field.status", valueLabel(t, "admin.events.regStatus", r.status)],
          ["admin.privacy.field.name", text(r.name)],
          ["admin.privacy.field.email", r.email],
          ["admin.privacy.field.phone", r.phone],
          ["admin.privacy.field.birthDate", r.birthDate],
          ["admin.privacy.field.address", [r.address.street, r.address.postalCode, r.address.city, r.address.country].filter(Boolean).join(", ")],
          ["admin.privacy.field.emergencyContact", [r.emergencyContact.name, r.emergencyContact.phone].filter(Boolean).join(", ")],
          ["admin.privacy.field.comments", r.comments],
          ["admin.privacy.field.language", r.language === "en" ? "English" : "Nederlands"],
          ["admin.privacy.field.price", money(r.priceCents)],
          ["admin.privacy.field.bookedAt", when(r.createdAt)],
          ["admin.privacy.field.termsAcceptedAt", `${when(r.termsAcceptedAt)} (${r.waiverVersion})`],
          ["admin.privacy.field.places", r.places],
        ])}${
          r.participants.length
            ? `<h4>${escapeHtml(t("admin.privacy.field.participants"))}</h4><ul>${r.participants
                .map((p) => `<li>${escapeHtml([`${r.reference}-${p.number}`, text(p.name), p.email ?? "–", p.cancelledAt ? t("admin.privacy.place.cancelled") : null, p.replacedAt ? t("admin.privacy.place.replaced") : null].filter(Boolean).join(" · "))}</li>`)
                .join("")}</ul>`
            : ""
        }${
          r.payments.length
            ? `<h4>${escapeHtml(t("admin.privacy.payments"))}</h4><ul>${r.payments
                .map((p) => `<li>${escapeHtml(`${money(p.amountCents)} · ${valueLabel(t, "admin.bookings.paymentKind", p.kind)} · ${valueLabel(t, "admin.bookings.paymentStatus", p.status)} · ${when(p.paidAt ?? p.createdAt)}`)}</li>`)
                .join("")}</ul>`
            : ""
        }${
          r.refunds.length
            ? `<h4>${escapeHtml(t("admin.privacy.refunds"))}</h4><ul>${r.refunds
                .map((f) => `<li>${escapeHtml(`${money(f.amountCents)} · ${valueLabel(t, "admin.bookings.refundStatus", f.status)} · ${when(f.succeededAt ?? f.createdAt)} · ${f.reasonText}`)}</li>`)
                .join("")}</ul>`
            : ""
        }</article>`,
    )
    .join("");
  const places = doc.places
    .map(
      (p) =>
        `<article><h3>${escapeHtml(p.reference)} · ${escapeHtml(eventName(p.event))}</h3>${rows([
          ["admin.privacy.field.status", [valueLabel(t, "admin.events.regStatus", p.bookingStatus), p.cancelledAt ? t("admin.privacy.place.cancelled") : null, p.replacedAt ? t("admin.privacy.place.replaced") : null].filter(Boolean).join(" · ")],
          ["admin.privacy.field.name", text(p.name)],
          ["admin.privacy.field.email", p.email],
          ["admin.privacy.field.birthDate", p.birthDate],
          ["admin.privacy.field.address", [p.address.street, p.address.postalCode, p.address.city, p.address.country].filter(Boolean).join(", ")],
          ["admin.privacy.field.emergencyContact", [p.emergencyContact.name, p.emergencyContact.phone].filter(Boolean).join(", ")],
          ["admin.privacy.field.language", p.language === "en" ? "English" : "Nederlands"],
          ["admin.privacy.field.waiver", p.waiverAcceptedAt ? `${when(p.waiverAcceptedAt)} (${p.waiverVersion ?? "–"})` : t("admin.privacy.place.notYet")],
        ])}${
          // The crew file (issue 27): one line per answer, "–" once erased.
          p.crewFile.length > 0
            ? `<h4>${escapeHtml(t("admin.privacy.field.crewFile"))}</h4><table>${p.crewFile
                .map((a) => `<tr><th scope="row">${escapeHtml(a.item)}</th><td>${escapeHtml(a.answer ?? "–")}</td></tr>`)
                .join("")}</table>`
            : ""
        }</article>`,
    )
    .join("");
  const waitlist = doc.waitlist
    .map((w) =>
      rows([
        ["admin.privacy.field.event", eventName(w.event)],
        ["admin.privacy.field.name", w.name],
        ["admin.privacy.field.email", w.email],
        ["admin.privacy.field.phone", w.phone],
        ["admin.privacy.field.places", w.places],
        ["admin.privacy.field.message", w.message],
        ["admin.privacy.field.status", valueLabel(t, "admin.waitlist.status", w.status)],
        ["admin.privacy.field.createdAt", when(w.createdAt)],
      ]),
    )
    .join("");
  const interest = doc.interest
    .map((i) =>
      rows([
        ["admin.privacy.field.event", eventName(i.event)],
        ["admin.privacy.field.name", i.name],
        ["admin.privacy.field.email", i.email],
        ["admin.privacy.field.message", i.message],
        ["admin.privacy.field.createdAt", when(i.createdAt)],
      ]),
    )
    .join("");
  const newsletter = doc.newsletter
    .map((s) =>
      rows([
        ["admin.privacy.field.name", s.name],
        ["admin.privacy.field.email", s.email],
        ["admin.privacy.field.status", valueLabel(t, "admin.newsletter.status", s.status)],
        ["admin.privacy.field.createdAt", when(s.createdAt)],
      ]),
    )
    .join("");
  const mails = `<ul>${doc.emails.map((m) => `<li>${escapeHtml(`${when(m.sentAt ?? m.createdAt)} · ${m.to} · ${m.subject} (${valueLabel(t, "admin.emails.status", m.status)})`)}</li>`).join("")}</ul>`;
  const trail = `<ul>${doc.audit.map((a) => `<li>${escapeHtml(`${when(a.at)} · ${a.sentence}`)}</li>`).join("")}</ul>`;

  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(t("admin.privacy.export.title"))}</title>
<style>
body{font-family:system-ui,sans-serif;color:#0f172a;max-width:60rem;margin:2rem auto;padding:0 1rem;line-height:1.5}
h1{font-size:1.75rem}h2{border-bottom:2px solid #0b2545;padding-bottom:.25rem;margin-top:2rem}
table{border-collapse:collapse;width:100%;margin:.5rem 0 1rem}th,td{border:1px solid #cbd5e1;padding:.35rem .5rem;text-align:left;vertical-align:top}
th{background:#f1f5f9;width:14rem}article{margin-bottom:1.5rem}li{margin:.25rem 0;word-break:break-word}
</style>
</head>
<body>
<h1>${escapeHtml(t("admin.privacy.export.title"))}</h1>
<p>${escapeHtml(t("admin.privacy.export.intro", { email: doc.email, date: when(doc.generatedAt) }))}</p>
${section("admin.privacy.registrations", doc.registrations.length, registrations)}
${section("admin.privacy.places", doc.places.length, places)}
${section("admin.privacy.waitlist", doc.waitlist.length, waitlist)}
${section("admin.privacy.interest", doc.interest.length, interest)}
${section("admin.privacy.newsletter", doc.newsletter.length, newsletter)}
${section("admin.privacy.emails", doc.emails.length, mails)}
${section("admin.privacy.audit", doc.audit.length, trail)}
<p>${escapeHtml(t("admin.privacy.export.rateLimits", { count: doc.rateLimitRows }))}</p>
<p>${escapeHtml(t("admin.privacy.export.retention"))}</p>
</body>
</html>
`;
}

/**
 * A download's answer (POST /admin/privacy/export.json|html, the address in the body, never in
 * the URL or an access log): 400 for a missing or malformed address, else the file, also when
 * nothing is held (an answer to the person too).
 */
export async function exportDownload(request: Request, format: "json" | "html"): Promise<Response> {
  await requireStaff(request, "privacy");
  const form = await readForm(request);
  const email = normaliseSubjectEmail(form.get("email"));
  if (!email) {
    return new Response(translate("nl", "admin.privacy.invalidEmail"), {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  const at = now();
  const data = await findSubject(db(), email);
  // Handed to the person: in their language, naming the team rather than its members.
  const locale = subjectLocale(data);
  const doc = await subjectView(db(), data, at, locale, "person");
  const name = exportFileName(format, at, subjectTag(data));
  return format === "json" ? downloadResponse(`${JSON.stringify(doc, null, 2)}\n`, "application/json", name) : downloadResponse(subjectHtml(doc, locale), "text/html", name);
}
