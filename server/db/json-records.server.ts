import { getTableColumns, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";

/**
 * Rows of a batch as ONE parameter: a JSON array read back as the table's row type with
 * `json_populate_recordset` (decision 035). A VALUES list has a parameter per field, so every
 * batch size is a new statement text (a 50-registration insert binds 1,200 parameters): the
 * driver parses and describes it first (an extra round trip, under the event's row lock for the
 * registration batch), PostgreSQL plans it anew, and building and binding it was the largest
 * part of a registration burst's CPU after the start (issue 13). One text for one row or a
 * hundred is prepared once per connection and then only bound and run.
 *
 * `columns` lists the table's columns given in the first row (a column given for one row must
 * be given for every row: a value missing from a row is an error, a `null` is NULL, never the
 * column's default); `records` is the `json_populate_recordset(…)` to select them from.
 * Values are what `JSON.stringify` makes of them: a Date its ISO instant, an object JSON (for
 * json/jsonb columns). Strings must be well-formed (PostgreSQL's JSON refuses a lone surrogate,
 * which UTF-8 decoding of a request never yields).
 */
export function jsonRecords<T extends PgTable>(table: T, rows: readonly Partial<T["$inferInsert"]>[]): { columns: SQL; records: SQL } {
  if (rows.length === 0) throw new Error("jsonRecords needs a row");
  const given = Object.entries(getTableColumns(table)).filter(([key]) => (rows[0] as Record<string, unknown>)[key] !== undefined);
  const records = rows.map((row) => {
    const record: Record<string, unknown> = {};
    for (const [key, column] of given) {
      const value = (row as Record<string, unknown>)[key];
      if (value === undefined) throw new Error(`jsonRecords: ${column.name} is given for the first row but not for every row`);
      record[column.name] = value;
    }
    return record;
  });
  return {
    columns: columnList(...given.map(([, column]) => column)),
    records: sql`json_populate_recordset(null::${table}, ${JSON.stringify(records)}::json)`,
  };
}

/** Raw rows of `table` (as a `returning *` answers them) in Drizzle's shape: its keys, a Date for a timestamp. */
export function rowsOf<T extends PgTable>(table: T, raw: readonly Record<string, unknown>[]): T["$inferSelect"][] {
  const columns = Object.entries(getTableColumns(table));
  return raw.map((row) => {
    const mapped: Record<string, unknown> = {};
    for (const [key, column] of columns) {
      const value = row[column.name];
      mapped[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
    }
    return mapped as T["$inferSelect"];
  });
}

/**
 * The insert of rows in one statement whose text depends only on the columns given
 * (`jsonRecords`). `then`: what follows the select (an `on conflict …` clause, `returning …`).
 */
export function insertRecordsSql<T extends PgTable>(table: T, rows: readonly T["$inferInsert"][], then: SQL = sql``): SQL {
  const { columns, records } = jsonRecords(table, rows);
  return sql`insert into ${table} (${columns}) select ${columns} from ${records} ${then}`;
}

/**
 * Columns by their bare names, comma-separated: what `on conflict (…)`, `do update set … =` and
 * an insert's column list take (Drizzle writes a column in raw SQL as "table"."column").
 */
export function columnList(...columns: PgColumn[]): SQL {
  return sql.join(
    columns.map((column) => sql.identifier(column.name)),
    sql`, `,
  );
}

/** `expression in (…values)` with the values as one JSON parameter: one statement text for any number. */
export function inJsonArray(expression: SQL | PgColumn, values: readonly string[]): SQL {
  return sql`${expression} in (select json_array_elements_text(${JSON.stringify(values)}::json))`;
}
