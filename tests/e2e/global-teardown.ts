import fs from "node:fs";
import { runDir, stopSharedServers } from "./servers";

/** After the run: the shared servers stop (gracefully), and the run's folder goes. */
export default async function globalTeardown(): Promise<void> {
  await stopSharedServers();
  fs.rmSync(runDir(), { recursive: true, force: true });
}
