import { tokenLinkLocale, TOKEN_LINK_HEADERS } from "@server/http/token-link.server";
import { placeIcs, requirePlace } from "./my-place.server";
import type { Route } from "./+types/calendar-ics";

/**
 * /my-place/<token>/calendar.ics: the participant's own calendar entry for their place. The same
 * token check, rate limit and private headers as the page (a gone place answers 410, anything
 * else wrong 404).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const booking = await requirePlace(params.token, context.clientAddress);
  const locale = await tokenLinkLocale(request, booking.place.locale);
  return new Response(placeIcs(booking, locale), {
    headers: {
      ...TOKEN_LINK_HEADERS,
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="${booking.event.slug}.ics"`,
    },
  });
}
