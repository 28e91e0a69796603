import "~/i18n/admin";
import { AdminPage, AdminSection, AdminTable } from "~/components/admin/admin-page";
import { Badge } from "~/components/ui/badge";
import { useI18n, type MessageKey } from "~/i18n";
import { formatDate } from "~/lib/dates";
import { requireStaff } from "@server/auth/guard.server";
import { db } from "@server/db/client.server";
import { jobsOverview } from "@server/jobs/overview.server";
import { jobQueueState, type QueueState } from "@server/jobs/queue.server";
import { scheduledJobs } from "@server/jobs/schedule.server";
import type { Route } from "./+types/jobs";

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request, "staff");
  // Real time, not the app clock: pg-boss schedules and stamps jobs by the database's clock.
  const overview = await jobsOverview(db(), scheduledJobs(), new Date());
  return { ...overview, queue: jobQueueState() };
}

const QUEUE_STATE: Record<QueueState, { label: MessageKey; variant: "default" | "secondary" | "destructive" }> = {
  running: { label: "admin.jobs.queue.running", variant: "default" },
  starting: { label: "admin.jobs.queue.starting", variant: "secondary" },
  stopping: { label: "admin.jobs.queue.stopping", variant: "secondary" },
  stopped: { label: "admin.jobs.queue.stopped", variant: "destructive" },
  "not started": { label: "admin.jobs.queue.notStarted", variant: "secondary" },
};

const RUN_STATE: Record<string, { label: MessageKey; variant: "default" | "secondary" | "destructive" }> = {
  completed: { label: "admin.jobs.state.completed", variant: "default" },
  failed: { label: "admin.jobs.state.failed", variant: "destructive" },
  retry: { label: "admin.jobs.state.retry", variant: "secondary" },
};

/** The jobs' names and schedules in words; a job not listed here shows its queue name. */
const JOB_LABEL: Record<string, { name: MessageKey; every: MessageKey }> = {
  "mail-retry": { name: "admin.jobs.name.mail-retry", every: "admin.jobs.every.mail-retry" },
  "hold-expiry": { name: "admin.jobs.name.hold-expiry", every: "admin.jobs.every.hold-expiry" },
  "practical-info": { name: "admin.jobs.name.practical-info", every: "admin.jobs.every.practical-info" },
  retention: { name: "admin.jobs.name.retention", every: "admin.jobs.every.retention" },
  "balance-reminders": { name: "admin.jobs.name.balance-reminders", every: "admin.jobs.every.balance-reminders" },
  "waitlist-offers": { name: "admin.jobs.name.waitlist-offers", every: "admin.jobs.every.waitlist-offers" },
  "disruption-follow-ups": { name: "admin.jobs.name.disruption-follow-ups", every: "admin.jobs.every.disruption-follow-ups" },
};

/** What the jobs answer (counts), in words. */
const OUTPUT_LABEL: Record<string, MessageKey> = {
  delivered: "admin.jobs.output.delivered",
  expired: "admin.jobs.output.expired",
  queued: "admin.jobs.output.queued",
  erasedRegistrations: "admin.jobs.output.erasedRegistrations",
  erasedClientKeys: "admin.jobs.output.erasedClientKeys",
  deletedInterest: "admin.jobs.output.deletedInterest",
  deletedEmails: "admin.jobs.output.deletedEmails",
  deletedSubscribers: "admin.jobs.output.deletedSubscribers",
  deletedRateLimits: "admin.jobs.output.deletedRateLimits",
  deletedWaitlistEntries: "admin.jobs.output.deletedWaitlistEntries",
  sent: "admin.jobs.output.sent",
  lapsed: "admin.jobs.output.lapsed",
  offered: "admin.jobs.output.offered",
  reminded: "admin.jobs.output.reminded",
  moved: "admin.jobs.output.moved",
  refunded: "admin.jobs.output.refunded",
};

const DATE_TIME: Intl.DateTimeFormatOptions = { day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" };

export default function AdminJobs({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { jobs, failures, installed, queue } = loaderData;
  const queueState = QUEUE_STATE[queue];
  const jobName = (name: string) => (JOB_LABEL[name] ? t(JOB_LABEL[name].name) : name);
  const summary = (output: Record<string, unknown> | null) =>
    Object.entries(output ?? {})
      .filter(([key, value]) => key in OUTPUT_LABEL && typeof value === "number")
      .map(([key, value]) => `${String(value)} ${t(OUTPUT_LABEL[key])}`)
      .join(", ");
  return (
    <AdminPage
      title={t("admin.jobs.title")}
      intro={
        <>
          <p>{t("admin.jobs.intro")}</p>
          <p className="mt-2 flex items-center gap-2 text-sm">
            {t("admin.jobs.queue")}: <Badge variant={queueState.variant}>{t(queueState.label)}</Badge>
          </p>
        </>
      }
    >
      {!installed && <p className="rounded-md bg-slate-100 p-3 text-slate-700">{t("admin.jobs.notInstalled")}</p>}
      <AdminSection title={t("admin.jobs.list")} id="jobs-list">
        <AdminTable
          caption={t("admin.jobs.list")}
          count={jobs.length}
          emptyText={t("admin.jobs.never")}
          columns={[
            t("admin.jobs.job"),
            t("admin.jobs.schedule"),
            t("admin.jobs.lastRun"),
            t("admin.jobs.nextRun"),
            { label: t("admin.jobs.queued"), align: "right" },
            { label: t("admin.jobs.active"), align: "right" },
            { label: t("admin.jobs.failed"), align: "right" },
          ]}
        >
          {jobs.map((job) => {
            const state = job.lastRun ? RUN_STATE[job.lastRun.state] : undefined;
            const result = job.lastRun?.state === "completed" ? summary(job.lastRun.output) : "";
            return (
              <tr key={job.name}>
                <td>
                  <span className="font-semibold text-navy-900">{jobName(job.name)}</span>
                  <span className="block text-xs text-slate-500">{job.name}</span>
                </td>
                <td>
                  {JOB_LABEL[job.name] ? t(JOB_LABEL[job.name].every) : (job.cron ?? t("admin.jobs.onlySent"))}
                  <span className="block text-xs text-slate-500">{t("admin.jobs.retries", { count: job.retryLimit })}</span>
                </td>
                <td>
                  {job.lastRun ? (
                    <>
                      <span className="whitespace-nowrap">{formatDate(job.lastRun.at, "nl", DATE_TIME)}</span>{" "}
                      {state && <Badge variant={state.variant}>{t(state.label)}</Badge>}
                      {result && <span className="mt-1 block text-xs text-slate-600">{result}</span>}
                    </>
                  ) : (
                    <span className="text-slate-500">{t("admin.jobs.never")}</span>
                  )}
                </td>
                <td className="whitespace-nowrap">{job.nextRunAt ? formatDate(job.nextRunAt, "nl", DATE_TIME) : t("admin.jobs.onlySent")}</td>
                <td className="text-right tabular-nums">{job.queued}</td>
                <td className="text-right tabular-nums">{job.active}</td>
                <td className="text-right tabular-nums">{job.failed}</td>
              </tr>
            );
          })}
        </AdminTable>
      </AdminSection>
      <AdminSection title={t("admin.jobs.failures")} id="jobs-failures">
        <AdminTable
          caption={t("admin.jobs.failures")}
          count={failures.length}
          emptyText={t("admin.jobs.failuresEmpty")}
          columns={[t("admin.jobs.failedAt"), t("admin.jobs.job"), t("admin.emails.status"), { label: t("admin.jobs.attempt"), align: "right" }, t("admin.jobs.error")]}
        >
          {failures.map((failure) => {
            const state = RUN_STATE[failure.state];
            return (
              <tr key={`${failure.id}-${failure.attempt}`}>
                <td className="whitespace-nowrap">{formatDate(failure.at, "nl", DATE_TIME)}</td>
                <td>{jobName(failure.name)}</td>
                <td>{state && <Badge variant={state.variant}>{t(state.label)}</Badge>}</td>
                <td className="text-right tabular-nums">{failure.attempt}</td>
                <td className="max-w-md break-words text-xs text-slate-600">{failure.message || "–"}</td>
              </tr>
            );
          })}
        </AdminTable>
      </AdminSection>
    </AdminPage>
  );
}
