import type { Messages } from "../../define";
import type en from "../en/lifecycle";

// The Dutch counterpart of ../en/lifecycle.ts: the same keys, checked by typecheck.
export default {
} satisfies Messages<typeof en>;
