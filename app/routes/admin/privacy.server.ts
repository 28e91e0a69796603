import { translate, type MessageKey } from "~/i18n";
import { asLocale, type Locale } from "~/i18n/define";
import { formatDate } from "~/lib/dates";
import { formatPrice } from "~/lib/money-format";
import { valueLabel } from "~/lib/value-label";
import { requireAdmin } from "@server/auth/guard.server";
import { now } from "@server/clock.server";
import { db } from "@server/db/client.server";
import { readForm } from "@server/http/form.server";
import { findSubject, normaliseSubjectEmail, type SubjectData } from "@server/privacy/subject.server";

/**
 * /admin/privacy and its two downloads: what a person's data looks like outside the database.
 * The export is plain JSON (ISO dates) and is also what the page shows, so the page, the JSON
 * file and the HTML file always hold the same things. Left out on purpose: the newsletter's link
 * token (a credential, not information about the person), the e-mails' HTML (their text is in)
 * and attachments' bytes (their names are in).
 */

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

export function subjectExport(data: SubjectData, at: Date) {
  return {
    generatedAt: at.toISOString(),
    email: data.email,
    registrations: data.registrations.map(({ registration: r, event, payments, refunds }) => ({
      id: r.id,
      reference: r.reference,
      event,
      status: r.status,
      name: r.customerName,
      email: r.customerEmail,
      phone: r.phoneNumber,
      birthDate: r.birthDate,
      address: { street: r.street, postalCode: r.postalCode, city: r.city, country: r.country },
      emergencyContact: { name: r.nextOfKinName, phone: r.nextOfKinPhone },
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
        providerRefundId: f.providerRefundId,
        createdAt: iso(f.createdAt),
        succeededAt: iso(f.succeededAt),
      })),
    })),
    waitlist: data.waitlist.map(({ entry: e, event, offers }) => ({
      id: e.id,
      event,
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
      event,
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
    })),
    rateLimitRows: data.rateLimitRows,
  };
}

export type SubjectExport = ReturnType<typeof subjectExport>;

/** The language of the person's newest record: the HTML file is written in it. */
export function subjectLocale(data: SubjectData): Locale {
  const dated: { at: Date; locale: string }[] = [
    ...data.registrations.map((r) => ({ at: r.registration.createdAt, locale: r.registration.locale })),
    ...data.waitlist.map((w) => ({ at: w.entry.createdAt, locale: w.entry.locale })),
    ...data.interest.map((i) => ({ at: i.interest.createdAt, locale: i.interest.locale })),
    ...data.newsletter.map((s) => ({ at: s.createdAt, locale: s.locale })),
  ];
  dated.sort((a, b) => b.at.getTime() - a.at.getTime());
  return asLocale(dated[0]?.locale);
}

/** The file name of a download: the date only, never the address (it shows in download lists). */
export function exportFileName(extension: "json" | "html", at: Date): string {
  return `persoonsgegevens-${at.toISOString().slice(0, 10)}.${extension}`;
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
  const rows = (pairs: [MessageKey, unknown][]) =>
    `<table>${pairs.map(([k, v]) => `<tr><th scope="row">${escapeHtml(t(k))}</th><td>${escapeHtml(v ?? "–")}</td></tr>`).join("")}</table>`;
  const section = (title: MessageKey, count: number, body: string) =>
    `<section><h2>${escapeHtml(t(title))} (${count})</h2>${count === 0 ? `<p>${escapeHtml(t("admin.privacy.export.none"))}</p>` : body}</section>`;

  const registrations = doc.registrations
    .map(
      (r) =>
        `<article><h3>${escapeHtml(r.reference)} · ${escapeHtml(eventName(r.event))}</h3>${rows([
          ["admin.privacy.field.status", valueLabel(t, "admin.events.regStatus", r.status)],
          ["admin.privacy.field.name", r.name],
          ["admin.privacy.field.email", r.email],
          ["admin.privacy.field.phone", r.phone],
          ["admin.privacy.field.birthDate", r.birthDate],
          ["admin.privacy.field.address", [r.address.street, r.address.postalCode, r.address.city, r.address.country].filter(Boolean).join(", ")],
          ["admin.privacy.field.emergencyContact", [r.emergencyContact.name, r.emergencyContact.phone].filter(Boolean).join(", ")],
          ["admin.privacy.field.comments", r.comments],
          ["admin.privacy.field.language", r.language],
          ["admin.privacy.field.price", money(r.priceCents)],
          ["admin.privacy.field.bookedAt", when(r.createdAt)],
          ["admin.privacy.field.termsAcceptedAt", `${when(r.termsAcceptedAt)} (${r.waiverVersion})`],
        ])}${
          r.payments.length
            ? `<h4>${escapeHtml(t("admin.privacy.payments"))}</h4><ul>${r.payments
                .map((p) => `<li>${escapeHtml(`${money(p.amountCents)} · ${valueLabel(t, "admin.bookings.paymentKind", p.kind)} · ${valueLabel(t, "admin.bookings.paymentStatus", p.status)} · ${when(p.paidAt ?? p.createdAt)}`)}</li>`)
                .join("")}</ul>`
            : ""
        }${
          r.refunds.length
            ? `<h4>${escapeHtml(t("admin.privacy.refunds"))}</h4><ul>${r.refunds
                .map((f) => `<li>${escapeHtml(`${money(f.amountCents)} · ${valueLabel(t, "admin.bookings.refundStatus", f.status)} · ${when(f.succeededAt ?? f.createdAt)} · ${f.reason}`)}</li>`)
                .join("")}</ul>`
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
  const trail = `<ul>${doc.audit
    .map((a) => `<li>${escapeHtml(`${when(a.at)} · ${a.action} · ${a.actorType === "staff" ? t("admin.privacy.actorStaff") : valueLabel(t, "admin.bookings.actor", a.actorType)}${Object.keys(a.changes).length ? ` · ${JSON.stringify(a.changes)}` : ""}${a.reason ? ` · ${a.reason}` : ""}`)}</li>`)
    .join("")}</ul>`;

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
  await requireAdmin(request);
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
  const doc = subjectExport(data, at);
  return format === "json"
    ? downloadResponse(`${JSON.stringify(doc, null, 2)}\n`, "application/json", exportFileName("json", at))
    : downloadResponse(subjectHtml(doc, subjectLocale(data)), "text/html", exportFileName("html", at));
}
