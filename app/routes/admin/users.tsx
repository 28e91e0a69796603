import "~/i18n/admin";
import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { CalendarCheck, KeyRound, Loader2, ShieldCheck, UserPlus } from "lucide-react";
import { useEffect } from "react";
import { data, useFetcher } from "react-router";
import { toast } from "~/components/toaster";
import { ADMIN_USER_PASSWORD_MAX, isStaffRoleChoice, newUserSchema, STAFF_ROLE_CHOICES, STAFF_ROLE_LABELS, type StaffRoleChoice } from "~/schemas/admin-user";
import { AdminPage, AdminSection, AdminTable } from "~/components/admin/admin-page";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { translate, useI18n, type MessageKey } from "~/i18n";
import { formatDate, formatDateRange } from "~/lib/dates";
import { requireStaff } from "@server/auth/guard.server";
import { staffRole } from "@server/auth/roles.server";
import { resetTwoFactor } from "@server/auth/two-factor.server";
import { listUsers, setStaffRole, upsertUser, userExists } from "@server/auth/users.server";
import { now } from "@server/clock.server";
import { db } from "@server/db/client.server";
import { assignableEvents, setSkipperEvents, skipperAssignments } from "@server/events/skippers.server";
import { readForm } from "@server/http/form.server";
import type { Route } from "./+types/users";

/** Staff accounts and their roles (decision 044): only an administrator manages them. */
export async function loader({ request }: Route.LoaderArgs) {
  const me = await requireStaff(request, "staff");
  const [users, assignments, events] = await Promise.all([listUsers(), skipperAssignments(db()), assignableEvents(db(), now())]);
  return {
    me: me.id,
    users: users.map((u) => ({
      ...u,
      createdAt: u.createdAt.toISOString(),
      roleChoice: roleChoiceOf(u.role),
      eventIds: assignments.get(u.id) ?? [],
    })),
    events: events.map((e) => ({ id: e.id, name: e.name, startDate: e.startDate.toISOString(), endDate: e.endDate.toISOString(), cancelled: e.cancelled })),
  };
}

function roleChoiceOf(role: string): StaffRoleChoice {
  return staffRole(role) ?? "none";
}

type UsersActionData =
  | { intent: "create"; ok: true; message: string; description: string; result: SubmissionResult<string[]> }
  | { intent: "create"; ok: false; result: SubmissionResult<string[]> }
  | { intent: "role"; ok: boolean; message: string }
  | { intent: "skipper-events"; ok: boolean; message: string }
  | { intent: "reset2fa"; ok: boolean; message: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Staff accounts are made here by an admin: there is no public sign-up. */
export async function action({ request }: Route.ActionArgs) {
  const me = await requireStaff(request, "staff");
  const form = await readForm(request);

  if (form.get("intent") === "reset2fa") {
    // Decision 017: the recovery path for a staff member who lost their phone and recovery codes.
    const userId = String(form.get("userId") ?? "");
    if (userId === me.id) {
      return data<UsersActionData>({ intent: "reset2fa", ok: false, message: translate("nl", "admin.users.reset2faSelf") }, { status: 400 });
    }
    const target = userId ? (await listUsers()).find((u) => u.id === userId) : undefined;
    if (!target) return data<UsersActionData>({ intent: "reset2fa", ok: false, message: translate("nl", "admin.users.notFound") }, { status: 404 });
    await resetTwoFactor(target.id);
    return data<UsersActionData>({ intent: "reset2fa", ok: true, message: translate("nl", "admin.users.reset2faDone", { email: target.email }) });
  }

  if (form.get("intent") === "role") {
    // Decision 044: one role per user; a change ends their sessions (setStaffRole).
    const userId = String(form.get("userId") ?? "");
    const choice = form.get("role");
    const reply = (ok: boolean, message: string, status = ok ? 200 : 400) => data<UsersActionData>({ intent: "role", ok, message }, { status });
    if (!isStaffRoleChoice(choice)) return reply(false, translate("nl", "admin.users.roleUnknown"));
    if (userId === me.id && choice !== "admin") return reply(false, translate("nl", "admin.users.notYourself"));
    const target = userId ? (await listUsers()).find((u) => u.id === userId) : undefined;
    if (!target) return reply(false, translate("nl", "admin.users.notFound"), 404);
    const result = await setStaffRole(target.id, choice === "none" ? null : choice, me.id);
    if (!result.changed) return reply(true, translate("nl", "admin.users.roleUnchanged"));
    const role = translate("nl", STAFF_ROLE_LABELS[choice]).toLowerCase();
    return reply(true, `${translate("nl", "admin.users.roleChanged")}: ${translate("nl", "admin.users.roleChangedText", { email: target.email, role })}`);
  }

  if (form.get("intent") === "skipper-events") {
    const userId = String(form.get("userId") ?? "");
    const reply = (ok: boolean, message: string, status = ok ? 200 : 400) => data<UsersActionData>({ intent: "skipper-events", ok, message }, { status });
    const target = userId ? (await listUsers()).find((u) => u.id === userId) : undefined;
    if (!target) return reply(false, translate("nl", "admin.users.notFound"), 404);
    if (staffRole(target.role) !== "skipper") return reply(false, translate("nl", "admin.users.eventsNotSkipper"), 409);
    const eventIds = form.getAll("eventId").map(String);
    if (eventIds.length > 500 || eventIds.some((id) => !UUID.test(id))) return reply(false, translate("nl", "admin.users.eventsUnknown"));
    const result = await setSkipperEvents(target.id, eventIds, { type: "staff", userId: me.id });
    if (!result.ok) return reply(false, translate("nl", "admin.users.eventsUnknown"), 409);
    return reply(true, translate("nl", "admin.users.eventsSaved"));
  }

  const submission = parseWithZod(form, { schema: newUserSchema });
  if (submission.status !== "success") {
    return data<UsersActionData>({ intent: "create", ok: false, result: translatedReply(submission.reply()) }, { status: 400 });
  }
  const input = submission.value;
  if (await userExists(input.email)) {
    return data<UsersActionData>(
      { intent: "create", ok: false, result: submission.reply({ fieldErrors: { email: [translate("nl", "admin.users.exists")] } }) },
      { status: 409 },
    );
  }
  const created = await upsertUser({ email: input.email, password: input.password, name: input.name, role: input.role === "none" ? null : input.role });
  return data<UsersActionData>({
    intent: "create",
    ok: true,
    message: translate("nl", "admin.users.created"),
    description: translate("nl", "admin.users.createdText", { email: created.email }),
    result: submission.reply({ resetForm: true }),
  });
}

/** The schema's messages are keys; the page is Dutch. */
function translatedReply(reply: SubmissionResult<string[]>): SubmissionResult<string[]> {
  const errors = reply.error
    ? Object.fromEntries(
        Object.entries(reply.error).map(([field, list]) => [field, list?.map((key) => translate("nl", key as MessageKey)) ?? null]),
      )
    : reply.error;
  return { ...reply, error: errors };
}

function FieldError({ id, errors }: { id: string; errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <p id={id} className="text-sm text-destructive">
      {errors[0]}
    </p>
  );
}

function NewUserForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const { t } = useI18n();
  const fetcher = useFetcher<UsersActionData>({ key: "admin-new-user" });
  const result = fetcher.data?.intent === "create" ? fetcher.data.result : lastResult;
  const [form, fields] = useForm({
    lastResult: result,
    constraint: getZodConstraint(newUserSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => {
      const submission = parseWithZod(formData, { schema: newUserSchema });
      if (submission.status === "success") return submission;
      return { ...submission, reply: () => translatedReply(submission.reply()) } as typeof submission;
    },
  });
  const busy = fetcher.state !== "idle";

  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.intent === "create" && fetcher.data.ok) {
      toast.success(fetcher.data.message, { description: fetcher.data.description });
    }
  }, [fetcher.state, fetcher.data]);

  const translatedErrors = (errors?: string[]) => errors?.map((e) => (e.startsWith("admin.") ? t(e as MessageKey) : e));
  const nameProps = getInputProps(fields.name, { type: "text" });
  const emailProps = getInputProps(fields.email, { type: "email" });
  const passwordProps = getInputProps(fields.password, { type: "password" });

  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="grid gap-5 md:grid-cols-2">
      <input type="hidden" name="intent" value="create" />
      <div className="flex flex-col gap-2">
        <Label htmlFor={fields.name.id}>{t("admin.users.name")}</Label>
        <Input {...nameProps} key={nameProps.key} autoComplete="off" aria-describedby={fields.name.errors ? fields.name.errorId : undefined} />
        <FieldError id={fields.name.errorId} errors={translatedErrors(fields.name.errors)} />
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={fields.email.id}>{t("admin.users.email")}</Label>
        <Input {...emailProps} key={emailProps.key} autoComplete="off" aria-describedby={fields.email.errors ? fields.email.errorId : undefined} />
        <FieldError id={fields.email.errorId} errors={translatedErrors(fields.email.errors)} />
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={fields.password.id}>{t("admin.users.password")}</Label>
        <Input
          {...passwordProps}
          key={passwordProps.key}
          autoComplete="new-password"
          maxLength={ADMIN_USER_PASSWORD_MAX}
          aria-describedby={`${fields.password.id}-hint${fields.password.errors ? ` ${fields.password.errorId}` : ""}`}
        />
        <p id={`${fields.password.id}-hint`} className="text-xs text-slate-500">
          {t("admin.users.passwordHint")}
        </p>
        <FieldError id={fields.password.errorId} errors={translatedErrors(fields.password.errors)} />
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={fields.role.id}>{t("admin.users.role")}</Label>
        <select
          id={fields.role.id}
          name={fields.role.name}
          key={fields.role.key}
          defaultValue={(fields.role.initialValue as string | undefined) ?? "none"}
          aria-describedby={`${fields.role.id}-hint`}
          className={SELECT_CLASS}
        >
          {STAFF_ROLE_CHOICES.map((choice) => (
            <option key={choice} value={choice}>
              {t(STAFF_ROLE_LABELS[choice])}
            </option>
          ))}
        </select>
        <p id={`${fields.role.id}-hint`} className="text-xs text-slate-500">
          {t("admin.users.roleHelp")}
        </p>
        <FieldError id={fields.role.errorId} errors={translatedErrors(fields.role.errors)} />
      </div>
      <div className="md:col-span-2">
        <Button type="submit" variant="accent" disabled={busy}>
          {busy ? <Loader2 aria-hidden className="animate-spin" /> : <UserPlus aria-hidden />}
          {busy ? t("admin.users.creating") : t("admin.users.create")}
        </Button>
      </div>
    </fetcher.Form>
  );
}

const SELECT_CLASS =
  "h-10 rounded-md border border-input bg-white px-3 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring";

/** Toasts a row form's answer once it is back. */
function useResultToast(fetcher: ReturnType<typeof useFetcher<UsersActionData>>, intent: UsersActionData["intent"]) {
  const { t } = useI18n();
  useEffect(() => {
    if (fetcher.state !== "idle" || fetcher.data?.intent !== intent || !("message" in fetcher.data)) return;
    if (fetcher.data.ok) toast.success(fetcher.data.message);
    else toast.error(t("admin.common.error"), { description: fetcher.data.message });
  }, [fetcher.state, fetcher.data, intent, t]);
}

/** The role of one user (not one's own): a select and its button. */
function RoleForm({ userId, name, role }: { userId: string; name: string; role: StaffRoleChoice }) {
  const fetcher = useFetcher<UsersActionData>();
  const { t } = useI18n();
  useResultToast(fetcher, "role");
  return (
    <fetcher.Form method="post" className="flex items-center gap-2">
      <input type="hidden" name="intent" value="role" />
      <input type="hidden" name="userId" value={userId} />
      <select name="role" defaultValue={role} aria-label={t("admin.users.roleOf", { name })} className={SELECT_CLASS}>
        {STAFF_ROLE_CHOICES.map((choice) => (
          <option key={choice} value={choice}>
            {t(STAFF_ROLE_LABELS[choice])}
          </option>
        ))}
      </select>
      <Button type="submit" size="sm" variant="outline" disabled={fetcher.state !== "idle"}>
        <ShieldCheck aria-hidden />
        {t("admin.users.saveRole")}
      </Button>
    </fetcher.Form>
  );
}

type EventOption = Route.ComponentProps["loaderData"]["events"][number];

/** A skipper's events: a checkbox per upcoming (or already assigned) event. */
function SkipperEventsForm({ userId, name, assigned, events }: { userId: string; name: string; assigned: string[]; events: EventOption[] }) {
  const fetcher = useFetcher<UsersActionData>();
  const { t } = useI18n();
  useResultToast(fetcher, "skipper-events");
  const legendId = `skipper-events-${userId}`;
  return (
    <details className="mt-2 text-left">
      <summary className="cursor-pointer text-sm font-semibold text-ocean-700">
        <CalendarCheck aria-hidden className="mr-1 inline size-4" />
        {t("admin.users.events")} · {t("admin.users.eventsCount", { count: assigned.length })}
      </summary>
      <fetcher.Form method="post" className="mt-2 flex flex-col gap-2">
        <input type="hidden" name="intent" value="skipper-events" />
        <input type="hidden" name="userId" value={userId} />
        <fieldset aria-describedby={`${legendId}-help`} className="flex max-h-64 flex-col gap-1 overflow-y-auto rounded-md border border-slate-200 p-3">
          <legend className="px-1 text-sm font-semibold">{t("admin.users.eventsOf", { name })}</legend>
          <p id={`${legendId}-help`} className="text-xs text-slate-500">
            {t("admin.users.eventsHelp")}
          </p>
          {events.length === 0 && <p className="text-sm text-slate-600">{t("admin.users.eventsNone")}</p>}
          {events.map((event) => (
            <label key={event.id} className="flex items-start gap-2 text-sm">
              <input type="checkbox" name="eventId" value={event.id} defaultChecked={assigned.includes(event.id)} className="mt-0.5 size-4 accent-ocean-700" />
              <span>
                {event.name} <span className="text-slate-500">({formatDateRange(event.startDate, event.endDate, "nl")})</span>
                {event.cancelled && <span className="ml-1 text-destructive">· {t("admin.roles.cancelled")}</span>}
              </span>
            </label>
          ))}
        </fieldset>
        <div>
          <Button type="submit" size="sm" variant="outline" disabled={fetcher.state !== "idle"}>
            {t("admin.users.saveEvents")}
          </Button>
        </div>
      </fetcher.Form>
    </details>
  );
}

function ResetTwoFactorButton({ userId, email }: { userId: string; email: string }) {
  const fetcher = useFetcher<UsersActionData>();
  const { t } = useI18n();
  useEffect(() => {
    if (fetcher.state !== "idle" || fetcher.data?.intent !== "reset2fa") return;
    if (fetcher.data.ok) toast.success(fetcher.data.message);
    else toast.error(t("admin.common.error"), { description: fetcher.data.message });
  }, [fetcher.state, fetcher.data, t]);
  return (
    <fetcher.Form
      method="post"
      onSubmit={(event) => {
        if (!window.confirm(t("admin.users.reset2faConfirm", { email }))) event.preventDefault();
      }}
    >
      <input type="hidden" name="intent" value="reset2fa" />
      <input type="hidden" name="userId" value={userId} />
      <Button type="submit" size="sm" variant="outline" disabled={fetcher.state !== "idle"}>
        <KeyRound aria-hidden />
        {t("admin.users.reset2fa")}
      </Button>
    </fetcher.Form>
  );
}

export default function AdminUsers({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { users, me, events } = loaderData;
  return (
    <AdminPage title={t("admin.users.title")} intro={<p>{t("admin.users.intro")}</p>}>
      {(actionData?.intent === "role" || actionData?.intent === "skipper-events" || actionData?.intent === "reset2fa") && (
        <p role="status" className={actionData.ok ? "rounded-md bg-emerald-50 p-3 text-emerald-800" : "rounded-md bg-destructive/10 p-3 text-destructive"}>
          {actionData.message}
        </p>
      )}
      <AdminSection title={t("admin.users.newTitle")} id="users-new">
        <NewUserForm lastResult={actionData?.intent === "create" ? actionData.result : undefined} />
      </AdminSection>
      <AdminSection title={t("admin.users.title")} id="users-list">
        <AdminTable
          caption={t("admin.users.title")}
          columns={[t("admin.users.name"), t("admin.users.email"), t("admin.users.role"), t("admin.users.createdAt"), { label: t("admin.users.role"), hidden: true }]}
          count={users.length}
          emptyText={t("admin.users.empty")}
        >
          {users.map((u) => {
            const staff = u.roleChoice !== "none";
            return (
              <tr key={u.id}>
                <td className="font-semibold text-navy-900">
                  {u.name}
                  {u.id === me && <span className="ml-2 text-xs font-normal text-slate-500">({t("admin.users.you")})</span>}
                </td>
                <td>{u.email}</td>
                <td>
                  <Badge variant={staff ? "default" : "secondary"} data-testid="user-role">
                    {t(STAFF_ROLE_LABELS[u.roleChoice])}
                  </Badge>
                  {staff && (
                    <Badge variant="secondary" className="ml-2">
                      {u.twoFactorEnabled ? t("admin.users.twoFactorOn") : t("admin.users.twoFactorOff")}
                    </Badge>
                  )}
                </td>
                <td className="whitespace-nowrap">{formatDate(u.createdAt, "nl")}</td>
                <td className="text-right">
                  {u.id === me ? (
                    <p className="text-xs text-slate-500">{t("admin.users.ownRole")}</p>
                  ) : (
                    <div className="flex flex-wrap justify-end gap-2">
                      {u.twoFactorEnabled && <ResetTwoFactorButton userId={u.id} email={u.email} />}
                      <RoleForm userId={u.id} name={u.name} role={u.roleChoice} />
                    </div>
                  )}
                  {u.roleChoice === "skipper" && <SkipperEventsForm userId={u.id} name={u.name} assigned={u.eventIds} events={events} />}
                </td>
              </tr>
            );
          })}
        </AdminTable>
      </AdminSection>
    </AdminPage>
  );
}
