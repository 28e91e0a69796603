import { sendDuePracticalInfo } from "../access/practical-info.server";
import { expireLapsedHolds } from "../booking/holds.server";
import { sendParticipantReminders } from "../booking/participant-reminders.server";
import { sendBalanceReminders } from "../booking/reminders.server";
import { sendCrewReminders } from "../crew/reminders.server";
import { now } from "../clock.server";
import { db } from "../db/client.server";
import { runDisruptionFollowUps } from "../disruptions/disruptions.server";
import { retryDueEmails } from "../mail/send.server";
import { applyRetention } from "../privacy/retention.server";
import { runWaitlistOffers } from "../waitlist/offers.server";
import type { JobDefinition } from "./queue.server";
import { TEAM_TIME_ZONE } from "~/lib/dates";

/** The recurring jobs' names (also their queues' and schedules'). */
export const JOB_NAMES = ["mail-retry", "hold-expiry", "practical-info", "retention", "balance-reminders", "waitlist-offers", "disruption-follow-ups"] as const;
export type JobName = (typeof JOB_NAMES)[number];

/**
 * Every recurring job of the site, with its schedule. The work itself stays in its domain
 * module; this says when it runs and how it is retried. pg-boss schedules have minute
 * granularity, and each tick becomes one job that one instance runs. Every run is retried with
 * backoff (pg-boss doubles `retryDelaySeconds`, with jitter) up to `retryLimit` more times.
 */
export function scheduledJobs(): (JobDefinition & { name: JobName })[] {
  return [
    {
      // Failed e-mails come due again after 1, 5, 30… minutes (the outbox's own backoff), so a
      // check every minute delivers them on time. 40 a run keeps up with the old 20 per 30 s.
      name: "mail-retry",
      cron: "* * * * *",
      retryLimit: 2,
      retryDelaySeconds: 15,
      // A slow SMTP server: as long as the delivery lease of the messages it holds (10 minutes).
      expireInSeconds: 10 * 60,
      run: async () => ({ delivered: await retryDueEmails(40) }),
    },
    {
      // Holds last 30 minutes and capacity already ignores lapsed ones: marking them expired
      // within a minute closes their checkouts in good time.
      name: "hold-expiry",
      cron: "* * * * *",
      retryLimit: 2,
      retryDelaySeconds: 10,
      expireInSeconds: 2 * 60,
      run: async () => ({ expired: await expireLapsedHolds() }),
    },
    {
      // The e-mail goes about five days before the evening: a quarter of an hour late is
      // nothing, and checking more often would only query for nothing.
      name: "practical-info",
      cron: "*/15 * * * *",
      retryLimit: 3,
      retryDelaySeconds: 60,
      expireInSeconds: 10 * 60,
      runAtStart: true,
      run: async () => ({ queued: await sendDuePracticalInfo() }),
    },
    {
      // The privacy policy's periods are months: once a day is enough, at a quiet hour. Also at
      // start, since a demo on a laptop may never be running at 03:17.
      name: "retention",
      cron: "17 3 * * *",
      timezone: TEAM_TIME_ZONE,
      retryLimit: 5,
      retryDelaySeconds: 5 * 60,
      expireInSeconds: 30 * 60,
      runAtStart: true,
      run: async () => applyRetention(db(), now()),
    },
    {
      // Reminders go from the start of the day a week before the balance is due, and once its day
      // has ended unpaid (decision 038): an hour late is nothing.
      // Each is claimed once in the database, so runs on two instances or after a restart never
      // send one twice. Also at start, for a server that was down across the hour.
      name: "balance-reminders",
      cron: "23 * * * *",
      retryLimit: 3,
      retryDelaySeconds: 60,
      expireInSeconds: 15 * 60,
      runAtStart: true,
      // The participants' reminders of group bookings (3 days before their deadline) go on the
      // same hourly run: the same claim-once rule, no schedule of their own needed.
      // The crew file's reminders (21, 14 and 7 days before each item's deadline, issue 27) too.
      run: async () => ({ ...(await sendBalanceReminders(now())), ...(await sendParticipantReminders(now())), ...(await sendCrewReminders(now())) }),
    },
    {
      // Offers hold places for 48 hours; lapsing them within a minute passes the places to the
      // next in line in good time, and a paid booking through an offer completes it. Two
      // instances running it at once still offer each place once (event row lock + status moves).
      name: "waitlist-offers",
      cron: "* * * * *",
      retryLimit: 2,
      retryDelaySeconds: 15,
      expireInSeconds: 5 * 60,
      run: async () => runWaitlistOffers(),
    },
    {
      // A cancelled or moved sailing day (decision 015): the reminder 3 days after the notice and
      // the automatic move or refund after 7. Each is claimed in the database (a conditional
      // update in the transaction of its e-mail, move or refund), so two instances or a retry
      // never act twice. Also at start, for a server that was down across the hour.
      name: "disruption-follow-ups",
      cron: "41 * * * *",
      retryLimit: 3,
      retryDelaySeconds: 60,
      expireInSeconds: 15 * 60,
      runAtStart: true,
      run: async () => runDisruptionFollowUps(now()),
    },
  ];
}
