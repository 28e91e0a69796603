import type { StaffPlace } from "~/schemas/admin-registration";
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { useI18n } from "~/i18n";
import { formatDate } from "~/lib/dates";
import { formatPrice } from "~/lib/money-format";
import { cn } from "~/lib/utils";
import { AdminSection, AdminTable } from "./admin-page";
import { MailLink } from "./contact-cell";

/** One place as the booking page gets it, with the link to the participant's own page. */
export type BookingPlaceView = StaffPlace & { pageUrl?: string };

const WHEN: Intl.DateTimeFormatOptions = { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit" };
const BIRTH_DATE: Intl.DateTimeFormatOptions = { day: "2-digit", month: "2-digit", year: "numeric", timeZone: "UTC" };

/**
 * The places of a booking for the staff: each place's current participant, their details, waiver,
 * invitation and state, the participants they replaced greyed under them, and a mark when the
 * participant's address is in another live booking of the same event.
 */
export function BookingPlaces({ places, count, bookerSails, pricePerPlaceCents }: { places: BookingPlaceView[]; count: number; bookerSails: boolean; pricePerPlaceCents: number }) {
  const { t } = useI18n();
  const live = places.filter((p) => !p.cancelledAt);
  const complete = live.filter((p) => p.detailsComplete && (p.waiverAcceptedAt || p.erased)).length;
  return (
    <AdminSection title={t("admin.places.title", { count })} id="registration-places">
      <p className="mb-4 text-sm text-slate-700" data-testid="places-summary">
        {t("admin.places.summary", { places: count, price: formatPrice(pricePerPlaceCents, "nl"), complete, live: live.length })} ·{" "}
        {t(bookerSails ? "admin.places.bookerSails" : "admin.places.bookerAshore")}
      </p>
      <AdminTable
        caption={t("admin.places.title", { count })}
        columns={[
          t("admin.places.col.number"),
          t("admin.places.col.participant"),
          t("admin.places.col.birthDate"),
          t("admin.places.col.emergency"),
          t("admin.places.col.details"),
          t("admin.places.col.waiver"),
          t("admin.places.col.invited"),
          t("admin.places.col.state"),
        ]}
        count={places.length}
        emptyText={t("admin.places.empty")}
      >
        {places.flatMap((place) => [
          <PlaceRow key={place.id} place={place} />,
          ...place.replaced.map((old) => <PlaceRow key={old.id} place={old} replaced />),
        ])}
      </AdminTable>
    </AdminSection>
  );
}

function PlaceRow({ place, replaced = false }: { place: BookingPlaceView; replaced?: boolean }) {
  const { t } = useI18n();
  const missing = place.missing.map((field) => t(`admin.places.field.${field}` as "admin.places.field.name")).join(", ");
  return (
    <tr data-testid={replaced ? "place-replaced-row" : "place-row"} className={cn(replaced && "text-slate-400 [&_a]:text-slate-400", place.cancelledAt && !replaced && "text-slate-500")}>
      <td className="tabular-nums">
        {replaced ? "" : place.number}
        <span className="block font-mono text-xs">{place.reference}</span>
      </td>
      <td>
        <span className={cn("block font-semibold", !replaced && "text-navy-900")}>
          {place.name}
          {place.isBooker && <span className="ml-1 text-xs font-normal">({t("admin.places.booker")})</span>}
        </span>
        {place.email && <MailLink email={place.email} className="break-all text-ocean-600 hover:underline" />}
        {place.address && <span className="block text-xs">{place.address}</span>}
        {place.alsoBooked.length > 0 && (
          <span className="mt-1 block text-xs font-semibold text-signal-700" data-testid="also-booked">
            {t("admin.places.alsoBooked")}{" "}
            {place.alsoBooked.map((other, index) => (
              <span key={other.registrationId}>
                {index > 0 && ", "}
                <Link to={`/admin/registrations/${other.registrationId}`} className="font-mono underline">
                  {other.reference}
                </Link>
              </span>
            ))}
          </span>
        )}
        {!replaced && !place.cancelledAt && place.pageUrl && (
          <a href={place.pageUrl} className="block text-xs text-ocean-600 hover:underline">
            {t("admin.places.openPage")}
          </a>
        )}
      </td>
      <td className="whitespace-nowrap tabular-nums">{place.birthDate ? formatDate(`${place.birthDate}T00:00:00Z`, "nl", BIRTH_DATE) : "–"}</td>
      <td>{place.nextOfKinName ? `${place.nextOfKinName} (${place.nextOfKinPhone ?? "–"})` : "–"}</td>
      <td>
        {place.erased ? (
          t("admin.places.erased")
        ) : place.detailsComplete ? (
          t("admin.places.complete")
        ) : (
          <span className={cn(!replaced && "font-semibold text-destructive")}>{t("admin.places.missing", { fields: missing })}</span>
        )}
      </td>
      <td>
        {place.waiverAcceptedAt ? (
          t("admin.places.waiverAccepted", { version: place.waiverVersion ?? "–", date: formatDate(place.waiverAcceptedAt, "nl", WHEN) })
        ) : (
          <span className={cn(!replaced && "font-semibold text-destructive")}>{t("admin.places.waiverMissing")}</span>
        )}
      </td>
      <td className="whitespace-nowrap">{place.invitedAt ? formatDate(place.invitedAt, "nl", WHEN) : t("admin.places.notInvited")}</td>
      <td>
        {replaced && place.replacedAt ? (
          t("admin.places.replaced", { date: formatDate(place.replacedAt, "nl", WHEN) })
        ) : place.cancelledAt ? (
          <Badge variant="secondary">{t("admin.places.cancelled", { date: formatDate(place.cancelledAt, "nl", WHEN) })}</Badge>
        ) : (
          <Badge>{t("admin.places.live")}</Badge>
        )}
      </td>
    </tr>
  );
}

/** "12 plaatsen in 4 boekingen", in the singular where it is one. */
export function placesInBookingsText(t: ReturnType<typeof useI18n>["t"], places: number, bookings: number): string {
  if (bookings === 1) return places === 1 ? t("admin.dashboard.onePlace") : t("admin.dashboard.placesInOneBooking", { places });
  return t("admin.dashboard.placesInBookings", { places, bookings });
}
