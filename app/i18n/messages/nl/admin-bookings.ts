import type { Messages } from "../../define";
import type en from "../en/admin-bookings";

// The Dutch counterpart of ../en/admin-bookings.ts: the same keys, checked by typecheck.
export default {
} satisfies Messages<typeof en>;
