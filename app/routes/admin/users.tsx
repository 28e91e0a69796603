import "~/i18n/admin";
import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { KeyRound, Loader2, ShieldCheck, ShieldOff, UserPlus } from "lucide-react";
import { useEffect } from "react";
import { data, useFetcher } from "react-router";
import { toast } from "~/components/toaster";
import { ADMIN_USER_PASSWORD_MAX, newUserSchema } from "~/schemas/admin-user";
import { AdminPage, AdminSection, AdminTable } from "~/components/admin/admin-page";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { translate, useI18n, type MessageKey } from "~/i18n";
import { formatDate } from "~/lib/dates";
import { requireAdmin } from "@server/auth/guard.server";
import { resetTwoFactor } from "@server/auth/two-factor.server";
import { listUsers, setAdminRole, upsertUser, userExists } from "@server/auth/users.server";
import { readForm } from "@server/http/form.server";
import type { Route } from "./+types/users";

export async function loader({ request }: Route.LoaderArgs) {
  const me = await requireAdmin(request);
  const users = await listUsers();
  return { me: me.id, users: users.map((u) => ({ ...u, createdAt: u.createdAt.toISOString() })) };
}

type UsersActionData =
  | { intent: "create"; ok: true; message: string; description: string; result: SubmissionResult<string[]> }
  | { intent: "create"; ok: false; result: SubmissionResult<string[]> }
  | { intent: "role"; ok: boolean; message: string }
  | { intent: "reset2fa"; ok: boolean; message: string };

/** Staff accounts are made here by an admin: there is no public sign-up. */
export async function action({ request }: Route.ActionArgs) {
  const me = await requireAdmin(request);
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
    const userId = String(form.get("userId") ?? "");
    const admin = form.get("admin") === "true";
    if (userId === me.id && !admin) {
      return data<UsersActionData>({ intent: "role", ok: false, message: translate("nl", "admin.users.notYourself") }, { status: 400 });
    }
    const changed = userId ? await setAdminRole(userId, admin) : false;
    return data<UsersActionData>(
      { intent: "role", ok: changed, message: translate("nl", changed ? "admin.users.roleChanged" : "admin.users.notFound") },
      { status: changed ? 200 : 404 },
    );
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
  const created = await upsertUser({ email: input.email, password: input.password, name: input.name, admin: input.admin });
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
      <div className="flex items-center gap-3 self-center">
        <input
          id={fields.admin.id}
          name={fields.admin.name}
          type="checkbox"
          key={fields.admin.key}
          defaultChecked={fields.admin.initialValue === "on"}
          className="size-5 rounded border-slate-300 accent-ocean-700"
        />
        <Label htmlFor={fields.admin.id}>{t("admin.users.isAdmin")}</Label>
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

function RoleButton({ userId, admin, label }: { userId: string; admin: boolean; label: string }) {
  const fetcher = useFetcher<UsersActionData>();
  const { t } = useI18n();
  useEffect(() => {
    if (fetcher.state !== "idle" || fetcher.data?.intent !== "role") return;
    if (fetcher.data.ok) toast.success(fetcher.data.message);
    else toast.error(t("admin.common.error"), { description: fetcher.data.message });
  }, [fetcher.state, fetcher.data, t]);
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="role" />
      <input type="hidden" name="userId" value={userId} />
      <input type="hidden" name="admin" value={String(admin)} />
      <Button type="submit" size="sm" variant="outline" disabled={fetcher.state !== "idle"}>
        {admin ? <ShieldCheck aria-hidden /> : <ShieldOff aria-hidden />}
        {label}
      </Button>
    </fetcher.Form>
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
  const { users, me } = loaderData;
  return (
    <AdminPage title={t("admin.users.title")} intro={<p>{t("admin.users.intro")}</p>}>
      {(actionData?.intent === "role" || actionData?.intent === "reset2fa") && (
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
            const isAdmin = u.role.split(",").includes("admin");
            return (
              <tr key={u.id}>
                <td className="font-semibold text-navy-900">
                  {u.name}
                  {u.id === me && <span className="ml-2 text-xs font-normal text-slate-500">({t("admin.users.you")})</span>}
                </td>
                <td>{u.email}</td>
                <td>
                  <Badge variant={isAdmin ? "default" : "secondary"}>{isAdmin ? t("admin.users.roleAdmin") : t("admin.users.roleUser")}</Badge>
                  {isAdmin && (
                    <Badge variant="secondary" className="ml-2">
                      {u.twoFactorEnabled ? t("admin.users.twoFactorOn") : t("admin.users.twoFactorOff")}
                    </Badge>
                  )}
                </td>
                <td className="whitespace-nowrap">{formatDate(u.createdAt, "nl")}</td>
                <td className="text-right">
                  {u.id !== me && (
                    <div className="flex flex-wrap justify-end gap-2">
                      {u.twoFactorEnabled && <ResetTwoFactorButton userId={u.id} email={u.email} />}
                      <RoleButton
                        userId={u.id}
                        admin={!isAdmin}
                        label={isAdmin ? t("admin.users.removeAdmin") : t("admin.users.makeAdmin")}
                      />
                    </div>
                  )}
                </td>
              </tr>
            );
          })}
        </AdminTable>
      </AdminSection>
    </AdminPage>
  );
}
