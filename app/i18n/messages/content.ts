import { defineMessages } from "../define";

// Messages of the content area. Owned by whoever builds that area; keep keys prefixed "content.".
export default defineMessages({
  en: {},
  nl: {},
});
