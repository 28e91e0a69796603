import type { Messages } from "../../define";
import type en from "../en/admin-waitlist";

// The Dutch counterpart of ../en/admin-waitlist.ts: the same keys, checked by typecheck.
export default {
} satisfies Messages<typeof en>;
