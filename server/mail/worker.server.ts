import { log } from "../log.server";
import { retryDueEmails } from "./send.server";

const INTERVAL_MS = 30_000;
let timer: NodeJS.Timeout | undefined;
let running: Promise<void> | undefined;

/** Retries failed e-mails in the background. Unref'd: it never keeps the process alive. */
export function startEmailRetryWorker(): void {
  if (timer) return;
  timer = setInterval(() => {
    // A slow SMTP server must not make ticks pile up.
    if (running) return;
    running = retryDueEmails()
      .then((sent) => {
        if (sent > 0) log.info(`Retried e-mails: ${sent} delivered`);
      })
      .catch((error: unknown) => log.error("E-mail retry worker failed", error))
      .finally(() => {
        running = undefined;
      });
  }, INTERVAL_MS);
  timer.unref();
}

/** Stops the ticks and resolves once a run in progress has finished (graceful stop). */
export async function stopEmailRetryWorker(): Promise<void> {
  if (timer) clearInterval(timer);
  timer = undefined;
  await running;
}
