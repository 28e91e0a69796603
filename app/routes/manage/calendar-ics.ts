import { data } from "react-router";
import { tokenLinkLocale, TOKEN_LINK_HEADERS } from "@server/http/token-link.server";
import { bookingIcs, requireBooking } from "./my-booking.server";
import type { Route } from "./+types/calendar-ics";

/**
 * /my-booking/<token>/calendar.ics: the booking's calendar file, for a booking that is on
 * (confirmed or awaiting payment). The same token check, rate limit and private headers as the
 * page; anything else is a plain 404.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const booking = await requireBooking(params.token, context.clientAddress);
  const { status } = booking.registration;
  if (status !== "confirmed" && status !== "pending_payment") throw data(null, { status: 404, headers: TOKEN_LINK_HEADERS });
  const locale = await tokenLinkLocale(request, booking.registration.locale);
  return new Response(bookingIcs(booking, locale), {
    headers: {
      ...TOKEN_LINK_HEADERS,
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="${booking.event.slug}.ics"`,
    },
  });
}
