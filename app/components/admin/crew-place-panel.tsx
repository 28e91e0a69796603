import { LockOpen, Save } from "lucide-react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { useI18n } from "~/i18n";
import { formatDate } from "~/lib/dates";
import { CREW_ROLES } from "~/schemas/crew";
import type { CrewPlaceView } from "~/schemas/crew-file-view";
import { selectClasses } from "./article-fields";
import { CrewAnswer, CrewState, dutchDay } from "./crew-answer";

/**
 * One participant's crew file for staff: every answer (health ones only for the health
 * permission; that view is recorded), the role aboard, and unlocking a locked item for a few days.
 */
export function CrewPlacePanel({ place, eventId, maxUnlockDays }: { place: CrewPlaceView; eventId: string; maxUnlockDays: number }) {
  const { t } = useI18n();
  const when = (iso: string) => formatDate(iso, "nl", { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit" });
  return (
    <div className="grid gap-5" data-testid="crew-place">
      <Form method="post" className="flex flex-wrap items-end gap-3">
        <input type="hidden" name="intent" value="role" />
        <input type="hidden" name="placeId" value={place.placeId} />
        <label className="grid gap-1.5 text-sm font-semibold text-navy-900">
          {t("admin.crew.file.role")}
          <select name="role" defaultValue={place.role} className={selectClasses}>
            {CREW_ROLES.map((role) => (
              <option key={role} value={role}>
                {t(`admin.crew.role.${role}` as const)}
              </option>
            ))}
          </select>
        </label>
        <Button type="submit" variant="light">
          <Save aria-hidden />
          {t("admin.crew.file.saveRole")}
        </Button>
      </Form>
      {place.answers.length === 0 ? (
        <p className="text-slate-600">{t("admin.crew.items.empty")}</p>
      ) : (
        <dl className="grid gap-3">
          {place.answers.map(({ item, cell }) => (
            <div key={item.id} className="grid gap-1 rounded-lg border border-slate-200 p-3 md:grid-cols-[16rem_1fr_auto] md:items-start md:gap-4" data-testid="crew-answer" data-item={item.id}>
              <dt className="font-semibold text-navy-900">
                {item.labelNl}
                {item.health && <span className="block text-xs font-normal text-destructive">{t("admin.crew.items.healthBadge")}</span>}
                {item.archived && <span className="block text-xs font-normal text-slate-500">{t("admin.crew.items.archivedBadge")}</span>}
              </dt>
              <dd className="grid gap-1 text-sm">
                <span className="flex flex-wrap items-center gap-2">
                  <CrewState state={cell.state} />
                  <span className="text-xs text-slate-600">
                    {t("admin.crew.file.due", { date: dutchDay(item.lastDay) })}
                    {cell.answeredAt && ` · ${t("admin.crew.file.answeredAt", { date: when(cell.answeredAt) })}`}
                    {cell.unlockedUntil && ` · ${t("admin.crew.file.unlockedUntil", { date: when(cell.unlockedUntil) })}`}
                    {cell.locked && ` · ${t("admin.crew.file.locked")}`}
                    {cell.erased && ` · ${t("admin.crew.file.erased")}`}
                  </span>
                </span>
                <span data-testid="crew-answer-value">
                  <CrewAnswer value={cell.value} options={item.options} eventId={eventId} />
                </span>
              </dd>
              {cell.locked && !item.archived && (
                <Form method="post" className="flex items-end gap-2">
                  <input type="hidden" name="intent" value="unlock" />
                  <input type="hidden" name="placeId" value={place.placeId} />
                  <input type="hidden" name="itemId" value={item.id} />
                  <label className="grid gap-1 text-xs font-semibold text-navy-900">
                    {t("admin.crew.file.unlockDays")}
                    <Input type="number" name="days" defaultValue={3} min={1} max={maxUnlockDays} className="w-20" />
                  </label>
                  <Button type="submit" variant="outline" size="sm">
                    <LockOpen aria-hidden />
                    {t("admin.crew.file.unlock")}
                    <span className="sr-only"> {item.labelNl}</span>
                  </Button>
                </Form>
              )}
            </div>
          ))}
        </dl>
      )}
    </div>
  );
}
