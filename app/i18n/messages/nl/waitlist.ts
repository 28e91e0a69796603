import type { Messages } from "../../define";
import type en from "../en/waitlist";

// The Dutch counterpart of ../en/waitlist.ts: the same keys, checked by typecheck.
export default {
} satisfies Messages<typeof en>;
