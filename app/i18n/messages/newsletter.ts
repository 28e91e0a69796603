import { defineMessages } from "../define";

// Messages of the newsletter area. Owned by whoever builds that area; keep keys prefixed "newsletter.".
export default defineMessages({
  en: {},
  nl: {},
});
