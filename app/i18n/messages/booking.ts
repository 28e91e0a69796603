import { defineMessages } from "../define";

// Messages of the booking area. Owned by whoever builds that area; keep keys prefixed "booking.".
export default defineMessages({
  en: {},
  nl: {},
});
