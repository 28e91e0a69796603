import { Link } from "react-router";
import { useI18n } from "~/i18n";
import type { CrewFileView } from "~/schemas/crew-file-view";
import { CrewAnswer, CrewState } from "./crew-answer";

/**
 * The crew file of an event as a table: one row per live participant (reference, name, role),
 * a column per item with its state (and the answer, short), and how many are complete.
 */
export function CrewFileTable({ view }: { view: CrewFileView }) {
  const { t } = useI18n();
  const { items, rows, event } = view;
  if (rows.length === 0) return <p className="text-slate-600">{t("admin.crew.file.noParticipants")}</p>;
  return (
    <div className="relative overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm" tabIndex={0} role="group" aria-label={t("admin.crew.file.title")}>
      <table className="w-full min-w-[960px] border-collapse text-left text-sm [&_td]:border-t [&_td]:border-slate-200 [&_td]:px-3 [&_td]:py-2.5 [&_td]:align-top [&_thead_th]:px-3 [&_thead_th]:py-2 [&_thead_th]:text-xs [&_thead_th]:font-semibold [&_thead_th]:text-slate-600">
        <caption className="sr-only">{`${t("admin.crew.file.title")}: ${event.name}`}</caption>
        <thead>
          <tr>
            <th scope="col">{t("admin.crew.file.reference")}</th>
            <th scope="col">{t("admin.crew.file.name")}</th>
            <th scope="col">{t("admin.crew.file.role")}</th>
            {items.map((item) => (
              <th scope="col" key={item.id} data-health={item.health ? "yes" : undefined}>
                {item.labelNl}
                {item.health && <span className="block font-normal text-destructive">{t("admin.crew.items.healthBadge")}</span>}
              </th>
            ))}
            <th scope="col" className="text-right">
              {t("admin.crew.file.complete")}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.placeId} data-testid="crew-row">
              <td className="whitespace-nowrap font-mono text-xs">
                <Link to={`/admin/registrations/${row.registrationId}`} className="text-ocean-600 hover:underline">
                  {row.reference}
                </Link>
              </td>
              {/* A row header, styled as the row's cells (the header row's small grey type is for the column names). */}
              <th scope="row" className="border-t border-slate-200 px-3 py-2.5 align-top font-semibold text-navy-900">
                <Link to={`?place=${row.placeId}#crew-place`} className="hover:underline">
                  {row.name}
                </Link>
              </th>
              <td>{t(`admin.crew.role.${row.role}` as const)}</td>
              {items.map((item) => {
                const cell = row.cells[item.id];
                return (
                  <td key={item.id} data-item={item.id}>
                    {cell && (
                      <span className="grid max-w-56 justify-items-start gap-1">
                        <CrewState state={cell.state} />
                        {cell.value && (
                          <span className="line-clamp-3 text-xs text-slate-700">
                            <CrewAnswer value={cell.value} options={item.options} eventId={event.id} />
                          </span>
                        )}
                      </span>
                    )}
                  </td>
                );
              })}
              <td className="whitespace-nowrap text-right tabular-nums" data-testid="crew-complete">
                {row.complete}/{row.total}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Per required item, who still lacks it: "Medische verklaring: 3 ontbreken: An, Bo, Cas". */
export function CrewMissingList({ missing }: { missing: CrewFileView["missing"] }) {
  const { t } = useI18n();
  if (missing.length === 0) return <p className="text-slate-600" data-testid="crew-missing-none">{t("admin.crew.file.nothingMissing")}</p>;
  return (
    <ul className="grid gap-1.5 text-sm" data-testid="crew-missing">
      {missing.map((m) => (
        <li key={m.itemId}>
          <span className="font-semibold text-navy-900">{m.label}</span>: {t("admin.crew.file.missingCount", { count: m.names.length })}: {m.names.join(", ")}
        </li>
      ))}
    </ul>
  );
}
