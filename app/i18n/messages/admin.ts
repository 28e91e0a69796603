import { defineMessages } from "../define";

// Messages of the admin area. Owned by whoever builds that area; keep keys prefixed "admin.".
export default defineMessages({
  en: {},
  nl: {},
});
