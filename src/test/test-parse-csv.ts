import type { ExportContext } from '../export/context';

/**
 * An RFC 4180 reader for the export tests (not used by the app), written from the RFC, apart from the writer:
 * records end with CRLF, a quoted field may hold commas, CR, LF and doubled quotes. Throws on anything else
 * (a bare quote inside an unquoted field, a lone CR or LF between records, text after a closing quote).
 */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let i = 0;
  if (text === '') return records;
  while (i < text.length) {
    let field = '';
    if (text[i] === '"') {
      i++;
      for (;;) {
        if (i >= text.length) throw new SyntaxError('unterminated quoted field');
        if (text[i] === '"') {
          if (text[i + 1] === '"') {
            field += '"';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        field += text[i++];
      }
    } else {
      while (i < text.length && text[i] !== ',' && text[i] !== '\r' && text[i] !== '\n') {
        if (text[i] === '"') throw new SyntaxError(`bare quote at ${i}`);
        field += text[i++];
      }
    }
    record.push(field);
    if (text[i] === ',') {
      i++;
      continue;
    }
    if (text.startsWith('\r\n', i)) {
      records.push(record);
      record = [];
      i += 2;
      continue;
    }
    if (i >= text.length) {
      records.push(record);
      break;
    }
    throw new SyntaxError(`unexpected ${JSON.stringify(text[i])} at ${i}`);
  }
  return records;
}

/** The metadata block (`# key,value` records) as a map, and the table under it. */
export function splitExport(text: string): { meta: Map<string, string>; header: string[]; rows: string[][] } {
  const records = parseCsv(text);
  const meta = new Map<string, string>();
  let index = 0;
  for (; index < records.length && records[index]![0]!.startsWith('# '); index++) {
    const record = records[index]!;
    if (record.length !== 2) throw new SyntaxError(`metadata record of ${record.length} fields`);
    meta.set(record[0]!.slice(2), record[1]!);
  }
  const [header, ...rows] = records.slice(index);
  if (!header) throw new SyntaxError('no header record');
  for (const row of rows) if (row.length !== header.length) throw new SyntaxError('ragged row');
  return { meta, header, rows };
}

/** What the export tests export: Main Concourse (11) over the autumn DST change in New York, every hour and day. */
export const TEST_EXPORT_CONTEXT: ExportContext = {
  locationId: 11,
  locationName: 'Main Concourse',
  capacity: 1500,
  view: 'occupancy',
  start: '2026-10-31',
  end: '2026-11-01',
  interval: '60min',
  applied: { hours: { start: 0, end: 23 }, days: [7, 1, 2, 3, 4, 5, 6] },
  timeZone: 'America/New_York',
  exportedAtMs: Date.UTC(2026, 10, 18, 15, 30),
};
