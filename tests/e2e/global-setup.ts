import fs from "node:fs";
import path from "node:path";

/** Before the run: the shared servers' logs of an earlier run go (tests/e2e/servers.ts writes them). */
export default function globalSetup(): void {
  fs.rmSync(path.join(process.env.E2E_REPORT_DIR ?? "test-results/report", "servers"), { recursive: true, force: true });
}
