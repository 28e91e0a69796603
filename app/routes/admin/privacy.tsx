import "~/i18n/admin";
import { Download, Search, Trash2 } from "lucide-react";
import { data, Form } from "react-router";
import { CONFIRMED_FIELD, ConfirmSubmit, InlineConfirm } from "~/components/admin/article-confirm";
import { AdminPage, AdminSection, AdminTable } from "~/components/admin/admin-page";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { translate, useI18n, type MessageKey } from "~/i18n";
import { formatDate } from "~/lib/dates";
import { formatPrice } from "~/lib/money-format";
import { valueLabel } from "~/lib/value-label";
import { requireStaff } from "@server/auth/guard.server";
import { now } from "@server/clock.server";
import { db } from "@server/db/client.server";
import { readForm } from "@server/http/form.server";
import { eraseSubject, findSubject, isEmptySubject, normaliseSubjectEmail, type ErasureCounts, type ErasureRefusal } from "@server/privacy/subject.server";
import { subjectView, type SubjectExport } from "./privacy.server";
import type { Route } from "./+types/privacy";

export const handle = { locale: "nl" };

/**
 * /admin/privacy: a person's data on request (GDPR art. 15 and 17, decision 018). Staff search by
 * e-mail address (a POST: the address never sits in a URL, the browser history or an access log),
 * see everything held, download it as JSON or HTML, and erase it (bookkeeping fields stay).
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request, "privacy");
  return null;
}

type Found = { email: string; doc: SubjectExport; empty: boolean };
type ActionData =
  | { kind: "error"; message: MessageKey }
  | { kind: "found"; found: Found; confirm?: boolean; refusal?: ErasureRefusal }
  | { kind: "erased"; email: string; counts: ErasureCounts; references: string[] }
  | { kind: "nothing"; email: string };

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireStaff(request, "privacy");
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent !== "search" && intent !== "erase") return data<ActionData>({ kind: "error", message: "admin.privacy.unknownAction" }, { status: 400 });
  const email = normaliseSubjectEmail(form.get("email"));
  if (!email) return data<ActionData>({ kind: "error", message: "admin.privacy.invalidEmail" }, { status: 400 });
  const at = now();
  const found = async (): Promise<Found> => {
    const subject = await findSubject(db(), email);
    // The page is for staff: in Dutch, staff by name (the downloads are in the person's language).
    return { email, doc: await subjectView(db(), subject, at, "nl", "staff"), empty: isEmptySubject(subject) };
  };
  if (intent === "search") return data<ActionData>({ kind: "found", found: await found() });
  // Without JavaScript the first click posts unconfirmed: answer with the confirmation step.
  if (form.get(CONFIRMED_FIELD) !== "yes") return data<ActionData>({ kind: "found", found: await found(), confirm: true });
  const result = await eraseSubject(db(), email, { type: "staff", userId: admin.id }, at);
  switch (result.status) {
    case "erased":
      return data<ActionData>({ kind: "erased", email, counts: result.counts, references: result.references });
    case "nothing_found":
      return data<ActionData>({ kind: "nothing", email });
    case "refused":
      return data<ActionData>({ kind: "found", found: await found(), refusal: result.refusal }, { status: 409 });
  }
}

export function meta() {
  return [{ title: `${translate("nl", "admin.privacy.title")} | Admin | Ocean Racing Team` }, { name: "robots", content: "noindex, nofollow" }];
}

export default function AdminPrivacy({ actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const answer = actionData as ActionData | undefined;
  const email = answer?.kind === "found" ? answer.found.email : answer?.kind === "erased" || answer?.kind === "nothing" ? answer.email : "";
  return (
    <AdminPage title={t("admin.privacy.title")} intro={<p>{t("admin.privacy.intro")}</p>}>
      <Form method="post" className="flex max-w-xl flex-wrap items-end gap-3" aria-label={t("admin.privacy.searchLabel")}>
        <input type="hidden" name="intent" value="search" />
        <div className="grid min-w-64 flex-1 gap-1.5">
          <Label htmlFor="privacy-email">{t("admin.privacy.email")}</Label>
          <Input
            id="privacy-email"
            name="email"
            type="email"
            required
            autoComplete="off"
            defaultValue={email}
            aria-invalid={answer?.kind === "error" ? true : undefined}
            aria-describedby={answer?.kind === "error" ? "privacy-email-error" : undefined}
          />
        </div>
        <Button type="submit">
          <Search aria-hidden />
          {t("admin.privacy.search")}
        </Button>
        {answer?.kind === "error" && (
          <p id="privacy-email-error" role="alert" className="w-full text-sm font-semibold text-destructive">
            {t(answer.message)}
          </p>
        )}
      </Form>

      {answer?.kind === "found" && <Result found={answer.found} confirm={answer.confirm ?? false} refusal={answer.refusal} />}
      {answer?.kind === "erased" && <ErasedReport counts={answer.counts} references={answer.references} />}
      {answer?.kind === "nothing" && (
        <p role="status" className="rounded-lg border border-slate-200 bg-white p-4">
          {t("admin.privacy.nothingToErase")}
        </p>
      )}
    </AdminPage>
  );
}

function Refusal({ refusal }: { refusal: ErasureRefusal }) {
  const { t } = useI18n();
  const text =
    refusal.reason === "live_booking"
      ? t("admin.privacy.refused.liveBooking", { references: refusal.references.join(", ") })
      : refusal.reason === "refund_pending"
        ? t("admin.privacy.refused.refundPending", { references: refusal.references.join(", ") })
        : t("admin.privacy.refused.openOffer", { events: refusal.events.join(", ") });
  return (
    <div role="alert" className="rounded-lg border border-destructive/40 bg-destructive/5 p-4 text-destructive">
      <p className="font-semibold">{t("admin.privacy.refused.title")}</p>
      <p>{text}</p>
    </div>
  );
}

function Result({ found, confirm, refusal }: { found: Found; confirm: boolean; refusal?: ErasureRefusal }) {
  const { t, locale } = useI18n();
  const { doc } = found;
  const when = (value: string | null) => (value ? formatDate(value, locale, { dateStyle: "medium", timeStyle: "short" }) : "–");
  const confirmTexts = {
    title: t("admin.privacy.eraseConfirmTitle"),
    description: t("admin.privacy.eraseConfirmText", { email: found.email }),
    confirmLabel: t("admin.privacy.eraseConfirm"),
    cancelLabel: t("admin.privacy.keep"),
  };
  return (
    <>
      {refusal && <Refusal refusal={refusal} />}
      {confirm && <InlineConfirm intent="erase" hidden={{ email: found.email }} texts={confirmTexts} />}
      <AdminSection
        title={t("admin.privacy.resultTitle", { email: found.email })}
        id="privacy-result"
        actions={
          <div className="flex flex-wrap gap-2">
            {/* Plain forms (no client routing): the browser posts and saves the file. */}
            <form method="post" action="/admin/privacy/export.json">
              <input type="hidden" name="email" value={found.email} />
              <Button type="submit" variant="outline" size="sm">
                <Download aria-hidden />
                {t("admin.privacy.downloadJson")}
              </Button>
            </form>
            <form method="post" action="/admin/privacy/export.html">
              <input type="hidden" name="email" value={found.email} />
              <Button type="submit" variant="outline" size="sm">
                <Download aria-hidden />
                {t("admin.privacy.downloadHtml")}
              </Button>
            </form>
            {!found.empty && (
              <Form method="post" id="privacy-erase">
                <input type="hidden" name="intent" value="erase" />
                <input type="hidden" name="email" value={found.email} />
                <ConfirmSubmit formId="privacy-erase" triggerProps={{ variant: "destructive", size: "sm" }} texts={confirmTexts}>
                  <Trash2 aria-hidden />
                  {t("admin.privacy.erase")}
                </ConfirmSubmit>
              </Form>
            )}
          </div>
        }
      >
        <p data-testid="privacy-summary">
          {found.empty
            ? t("admin.privacy.empty")
            : t("admin.privacy.summary", {
                registrations: doc.registrations.length,
                waitlist: doc.waitlist.length,
                interest: doc.interest.length,
                newsletter: doc.newsletter.length,
                emails: doc.emails.length,
                audit: doc.audit.length,
              })}
        </p>
      </AdminSection>

      {!found.empty && (
        <>
          <AdminSection title={`${t("admin.privacy.registrations")} (${doc.registrations.length})`} id="privacy-registrations">
            <AdminTable
              caption={t("admin.privacy.registrations")}
              columns={[t("admin.privacy.field.reference"), t("admin.privacy.field.event"), t("admin.privacy.field.person"), t("admin.privacy.field.status"), t("admin.privacy.payments"), t("admin.privacy.refunds")]}
              count={doc.registrations.length}
              emptyText={t("admin.privacy.export.none")}
            >
              {doc.registrations.map((r) => (
                <tr key={r.id} data-testid="privacy-registration">
                  <td className="font-mono">{r.reference}</td>
                  <td>{r.event ? `${r.event.name} (${formatDate(r.event.startDate, locale)})` : "–"}</td>
                  <td>
                    <span className="block font-semibold text-navy-900">{r.name}</span>
                    <span className="block">{r.email}</span>
                    {r.phone && <span className="block">{r.phone}</span>}
                    <span className="block">{[r.address.street, r.address.postalCode, r.address.city, r.address.country].filter(Boolean).join(", ")}</span>
                    {r.birthDate && <span className="block">{t("admin.privacy.field.birthDate")}: {r.birthDate}</span>}
                    {(r.emergencyContact.name || r.emergencyContact.phone) && (
                      <span className="block">
                        {t("admin.privacy.field.emergencyContact")}: {[r.emergencyContact.name, r.emergencyContact.phone].filter(Boolean).join(", ")}
                      </span>
                    )}
                    {r.comments && <span className="block whitespace-pre-line text-slate-600">{r.comments}</span>}
                    {r.participants.length > 0 && (
                      <span className="mt-1 block text-xs text-slate-600" data-testid="privacy-participants">
                        {t("admin.privacy.field.participants")}: {r.participants.filter((p) => !p.replacedAt).map((p) => `${p.number}. ${p.name}${p.email ? ` (${p.email})` : ""}`).join("; ")}
                      </span>
                    )}
                  </td>
                  <td>{valueLabel(t, "admin.events.regStatus", r.status)}</td>
                  <td>
                    {r.payments.map((p) => (
                      <span key={p.id} className="block whitespace-nowrap">
                        {formatPrice(p.amountCents, locale)} · {valueLabel(t, "admin.bookings.paymentStatus", p.status)} · {when(p.paidAt ?? p.createdAt)}
                      </span>
                    ))}
                  </td>
                  <td>
                    {r.refunds.map((f) => (
                      <span key={f.id} className="block whitespace-nowrap">
                        {formatPrice(f.amountCents, locale)} · {valueLabel(t, "admin.bookings.refundStatus", f.status)}
                      </span>
                    ))}
                  </td>
                </tr>
              ))}
            </AdminTable>
          </AdminSection>

          {doc.places.length > 0 && (
            <AdminSection title={`${t("admin.privacy.places")} (${doc.places.length})`} id="privacy-places">
              <AdminTable
                caption={t("admin.privacy.places")}
                columns={[t("admin.privacy.field.place"), t("admin.privacy.field.event"), t("admin.privacy.field.person"), t("admin.privacy.field.waiver"), t("admin.privacy.field.status")]}
                count={doc.places.length}
                emptyText={t("admin.privacy.export.none")}
              >
                {doc.places.map((p) => (
                  <tr key={p.id} data-testid="privacy-place">
                    <td className="font-mono">{p.reference}</td>
                    <td>{p.event ? `${p.event.name} (${formatDate(p.event.startDate, locale)})` : "–"}</td>
                    <td>
                      <span className="block font-semibold text-navy-900">{p.name}</span>
                      {p.email && <span className="block">{p.email}</span>}
                      <span className="block">{[p.address.street, p.address.postalCode, p.address.city, p.address.country].filter(Boolean).join(", ")}</span>
                      {p.birthDate && <span className="block">{t("admin.privacy.field.birthDate")}: {p.birthDate}</span>}
                      {(p.emergencyContact.name || p.emergencyContact.phone) && (
                        <span className="block">
                          {t("admin.privacy.field.emergencyContact")}: {[p.emergencyContact.name, p.emergencyContact.phone].filter(Boolean).join(", ")}
                        </span>
                      )}
                    </td>
                    <td>{p.waiverAcceptedAt ? `${when(p.waiverAcceptedAt)} (${p.waiverVersion ?? "–"})` : t("admin.privacy.place.notYet")}</td>
                    <td>
                      {[valueLabel(t, "admin.events.regStatus", p.bookingStatus), p.cancelledAt ? t("admin.privacy.place.cancelled") : null, p.replacedAt ? t("admin.privacy.place.replaced") : null].filter(Boolean).join(" · ")}
                    </td>
                  </tr>
                ))}
              </AdminTable>
            </AdminSection>
          )}

          <AdminSection title={`${t("admin.privacy.waitlist")} · ${t("admin.privacy.interest")} · ${t("admin.privacy.newsletter")}`} id="privacy-lists">
            <AdminTable
              caption={t("admin.privacy.listsCaption")}
              columns={[t("admin.privacy.field.kind"), t("admin.privacy.field.event"), t("admin.privacy.field.person"), t("admin.privacy.field.status"), t("admin.privacy.field.createdAt")]}
              count={doc.waitlist.length + doc.interest.length + doc.newsletter.length}
              emptyText={t("admin.privacy.export.none")}
            >
              {doc.waitlist.map((w) => (
                <tr key={w.id}>
                  <td>{t("admin.privacy.waitlist")}</td>
                  <td>{w.event?.name ?? "–"}</td>
                  <td>
                    {w.name} · {w.email}
                    {w.phone ? ` · ${w.phone}` : ""}
                  </td>
                  <td>{valueLabel(t, "admin.waitlist.status", w.status)}</td>
                  <td className="whitespace-nowrap">{when(w.createdAt)}</td>
                </tr>
              ))}
              {doc.interest.map((i) => (
                <tr key={i.id}>
                  <td>{t("admin.privacy.interest")}</td>
                  <td>{i.event?.name ?? "–"}</td>
                  <td>
                    {i.name} · {i.email}
                  </td>
                  <td>–</td>
                  <td className="whitespace-nowrap">{when(i.createdAt)}</td>
                </tr>
              ))}
              {doc.newsletter.map((s) => (
                <tr key={s.id}>
                  <td>{t("admin.privacy.newsletter")}</td>
                  <td>–</td>
                  <td>
                    {s.name} · {s.email}
                  </td>
                  <td>{valueLabel(t, "admin.newsletter.status", s.status)}</td>
                  <td className="whitespace-nowrap">{when(s.createdAt)}</td>
                </tr>
              ))}
            </AdminTable>
          </AdminSection>

          <AdminSection title={`${t("admin.privacy.emails")} (${doc.emails.length})`} id="privacy-emails">
            <AdminTable
              caption={t("admin.privacy.emails")}
              columns={[t("admin.privacy.field.createdAt"), t("admin.privacy.field.to"), t("admin.privacy.field.subject"), t("admin.privacy.field.status")]}
              count={doc.emails.length}
              emptyText={t("admin.privacy.export.none")}
            >
              {doc.emails.map((m) => (
                <tr key={m.id}>
                  <td className="whitespace-nowrap">{when(m.sentAt ?? m.createdAt)}</td>
                  <td>{m.to}</td>
                  <td>{m.subject}</td>
                  <td>{valueLabel(t, "admin.emails.status", m.status)}</td>
                </tr>
              ))}
            </AdminTable>
          </AdminSection>

          <AdminSection title={`${t("admin.privacy.audit")} (${doc.audit.length})`} id="privacy-audit">
            <AdminTable
              caption={t("admin.privacy.audit")}
              columns={[t("admin.privacy.field.createdAt"), t("admin.privacy.field.action")]}
              count={doc.audit.length}
              emptyText={t("admin.privacy.export.none")}
            >
              {doc.audit.map((a) => (
                <tr key={a.id} data-testid="privacy-audit-row">
                  <td className="whitespace-nowrap">{when(a.at)}</td>
                  <td className="max-w-2xl [overflow-wrap:anywhere]">{a.sentence}</td>
                </tr>
              ))}
            </AdminTable>
          </AdminSection>
        </>
      )}
    </>
  );
}

const KEPT: { count: keyof ErasureCounts; text: MessageKey }[] = [
  { count: "registrationsAnonymised", text: "admin.privacy.kept.registrations" },
  { count: "placesAnonymised", text: "admin.privacy.kept.places" },
  { count: "paymentsKept", text: "admin.privacy.kept.payments" },
  { count: "refundsKept", text: "admin.privacy.kept.refunds" },
  { count: "auditRowsKept", text: "admin.privacy.kept.audit" },
];

const REMOVED: { count: keyof ErasureCounts; text: MessageKey }[] = [
  { count: "registrationsAnonymised", text: "admin.privacy.removed.registrations" },
  { count: "placesAnonymised", text: "admin.privacy.removed.places" },
  { count: "refundReasonsScrubbed", text: "admin.privacy.removed.refundReasons" },
  { count: "waitlistEntriesDeleted", text: "admin.privacy.removed.waitlist" },
  { count: "waitlistOffersDeleted", text: "admin.privacy.removed.offers" },
  { count: "auditRowsDeleted", text: "admin.privacy.removed.audit" },
  { count: "interestDeleted", text: "admin.privacy.removed.interest" },
  { count: "newsletterDeleted", text: "admin.privacy.removed.newsletter" },
  { count: "emailsDeleted", text: "admin.privacy.removed.emails" },
  { count: "rateLimitRowsDeleted", text: "admin.privacy.removed.rateLimits" },
];

function ErasedReport({ counts, references }: { counts: ErasureCounts; references: string[] }) {
  const { t } = useI18n();
  return (
    <section role="status" aria-labelledby="privacy-erased" className="grid gap-4 rounded-xl border border-emerald-300 bg-emerald-50 p-5 text-emerald-950">
      <h2 id="privacy-erased" className="text-2xl font-bold uppercase">
        {t("admin.privacy.erased")}
      </h2>
      <div>
        <h3 className="font-semibold">{t("admin.privacy.removedTitle")}</h3>
        <ul className="list-disc pl-6" data-testid="privacy-removed">
          {REMOVED.filter((r) => counts[r.count] > 0).map((r) => (
            <li key={r.text}>{t(r.text, { count: counts[r.count] })}</li>
          ))}
        </ul>
      </div>
      <div>
        <h3 className="font-semibold">{t("admin.privacy.keptTitle")}</h3>
        <ul className="list-disc pl-6" data-testid="privacy-kept">
          {KEPT.filter((k) => counts[k.count] > 0).map((k) => (
            <li key={k.text}>{t(k.text, { count: counts[k.count] })}</li>
          ))}
          {KEPT.every((k) => counts[k.count] === 0) && <li>{t("admin.privacy.kept.nothing")}</li>}
        </ul>
        {references.length > 0 && <p className="mt-2">{t("admin.privacy.keptReferences", { references: references.join(", ") })}</p>}
        <p className="mt-2">{t("admin.privacy.keptWhy")}</p>
      </div>
      <p className="text-sm">{t("admin.privacy.recorded")}</p>
    </section>
  );
}
