import type { Messages } from "../../define";
import type en from "../en/manage";

// The Dutch counterpart of ../en/manage.ts: the same keys, checked by typecheck.
export default {
} satisfies Messages<typeof en>;
