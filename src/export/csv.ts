/**
 * CSV that machines read the same whatever the display locale, and that spreadsheets cannot be tricked with.
 *
 * - RFC 4180: records end with CRLF (the last one too); a field holding a comma, a double quote, CR or LF is
 *   quoted, and its double quotes are doubled. UTF-8, no byte-order mark (a BOM becomes part of the first field
 *   for many parsers).
 * - Numbers: `.` as the decimal point, no digit grouping, never an exponent (`0.0000001`, not `1e-7`), as many
 *   digits as JavaScript needs to give the same number back. Null is an empty field.
 * - Formula neutralising (OWASP "CSV Injection"): a text cell that begins with `=`, `+`, `-`, `@`, tab, CR (or LF,
 *   or the full-width `＝＋－＠`) gets a leading `'`, whoever wrote it: the server's names included. A cell is text
 *   or a number by its type, not by how it looks: a number we write from a JavaScript number (`-0.05`, a change
 *   against a comparison period) is data and is written as it is, since it can only ever be `-?digits[.digits]`
 *   (checked); the same characters arriving as text (a location named `-1+2`) are neutralised like any other text.
 * - A metadata block first: one `# key,value` record per fact (location, view, range, interval, applied filters),
 *   then the column header record, then the rows. Readers that skip `#` lines (pandas `comment='#'`, R
 *   `comment.char`) see a plain table; the block's records have two fields, the table's all the same number.
 */

/** One field: text (neutralised), a number (written as data), or nothing (an empty field). */
export type Cell = string | number | null | undefined;

/** What a formula-capable reader could run if a text cell began with it. */
const FORMULA_START = /^[=+\-@\t\r\n\uFF1D\uFF0B\uFF0D\uFF20]/;
const NEEDS_QUOTES = /[",\r\n]/;
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/** A text cell made inert: a leading `'` when it starts like a formula. */
export function neutralise(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** A number as data: `.` decimals, no grouping, no exponent; empty for NaN and ±Infinity (never sent by us). */
export function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return '';
  if (Object.is(value, -0)) return '0';
  let text = String(value);
  if (/e/i.test(text)) text = expandExponent(value);
  if (!PLAIN_NUMBER.test(text)) throw new RangeError(`Not a plain number: ${text}`);
  return text;
}

/** 1e-7 → 0.0000001, 1.5e+21 → 1500000000000000000000, keeping the digits String() chose. */
function expandExponent(value: number): string {
  const [mantissa, exponentText] = Math.abs(value).toExponential().split('e') as [string, string];
  const exponent = Number(exponentText);
  const digits = mantissa.replace('.', '');
  const point = 1 + exponent; // position of the decimal point in `digits`
  let text: string;
  if (point <= 0) text = `0.${'0'.repeat(-point)}${digits}`;
  else if (point >= digits.length) text = digits + '0'.repeat(point - digits.length);
  else text = `${digits.slice(0, point)}.${digits.slice(point)}`;
  // toExponential() gives the shortest digits that round-trip, as String() does.
  text = text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
  return value < 0 ? `-${text}` : text;
}

/** One field as written: neutralised and quoted when it has to be. */
export function formatCell(cell: Cell): string {
  if (cell === null || cell === undefined) return '';
  const text = typeof cell === 'number' ? formatNumber(cell) : neutralise(cell);
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function formatRecord(cells: readonly Cell[]): string {
  return `${cells.map(formatCell).join(',')}\r\n`;
}

/** One fact of the metadata block: key and value. */
export type MetaEntry = readonly [key: string, value: Cell];

export interface CsvTable {
  /** The `# key,value` block. */
  meta: readonly MetaEntry[];
  /** Column names, with their unit in parentheses where they have one. */
  columns: readonly string[];
  rows: readonly (readonly Cell[])[];
}

export function writeCsv({ meta, columns, rows }: CsvTable): string {
  const parts: string[] = meta.map(([key, value]) => formatRecord([`# ${key}`, value]));
  parts.push(formatRecord(columns));
  for (const row of rows) {
    if (row.length !== columns.length) {
      throw new RangeError(`A row has ${row.length} fields for ${columns.length} columns.`);
    }
    parts.push(formatRecord(row));
  }
  return parts.join('');
}
