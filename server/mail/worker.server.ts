import { log } from "../log.server";
import { retryDueEmails } from "./send.server";

const INTERVAL_MS = 30_000;
let timer: NodeJS.Timeout | undefined;
let running = false;

/** Retries failed e-mails in the background. Unref'd: it never keeps the process alive. */
export function startEmailRetryWorker(): void {
  if (timer) return;
  timer = setInterval(() => {
    // A slow SMTP server must not make ticks pile up.
    if (running) return;
    running = true;
    retryDueEmails()
      .then((sent) => {
        if (sent > 0) log.info(`Retried e-mails: ${sent} delivered`);
      })
      .catch((error: unknown) => log.error("E-mail retry worker failed", error))
      .finally(() => {
        running = false;
      });
  }, INTERVAL_MS);
  timer.unref();
}

export function stopEmailRetryWorker(): void {
  if (timer) clearInterval(timer);
  timer = undefined;
}
