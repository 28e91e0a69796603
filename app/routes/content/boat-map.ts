/**
 * The boat as the vessel-tracking service knows her. The MMSI is the number her AIS transponder
 * broadcasts (244–246 are the Dutch prefixes); keep it in this one place.
 */
export const BOAT_MMSI = "244690517";

/** Scheveningen, 3rd harbour: where the map opens when the boat's position is not known. */
export const HOME_PORT = { lat: 52.0966, lon: 4.2652 } as const;

/**
 * VesselFinder's embeddable AIS map, centred on the home port with the boat's track drawn.
 * (The CSP allows www.vesselfinder.com as a frame source.)
 */
export function vesselMapUrl(options: { mmsi?: string; zoom?: number } = {}): string {
  const params = new URLSearchParams({
    zoom: String(options.zoom ?? 11),
    lat: String(HOME_PORT.lat),
    lon: String(HOME_PORT.lon),
    width: "100%",
    height: "100%",
    names: "true",
    mmsi: options.mmsi ?? BOAT_MMSI,
    track: "true",
    fleet: "false",
    fleet_name: "false",
    fleet_hide_old_positions: "false",
    clicktoact: "false",
    store_pos: "false",
  });
  return `https://www.vesselfinder.com/aismap?${params.toString()}`;
}
