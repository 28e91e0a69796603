import { defineMessages } from "../define";

// Messages of the private area. Owned by whoever builds that area; keep keys prefixed "private.".
export default defineMessages({
  en: {},
  nl: {},
});
