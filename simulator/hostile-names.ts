/**
 * `--hostile-names`: a room and the floor that holds it carry HTML, script, template and spreadsheet-formula
 * payloads, very long text and bidirectional override characters in every string the API lets a server choose
 * for a location: its `name` (records, `children_data`, `/now` readings, metric envelopes) and its `status`.
 * The data, ids, capacities and hierarchy stay exactly as without the flag, so only what is shown changes.
 * Off by default: `npm start` and the children tables stay clean. A dashboard must show each of these strings
 * as literal text and write it into a CSV so that no spreadsheet runs it (e2e/hostile-data.spec.ts).
 */
import type { Location } from './locations';

/** Each payload, so tests can check each one arrives as text. `__pwned` is set only if one runs. */
export const HOSTILE_PAYLOADS = {
  img: '<img src=x onerror="window.__pwned=1">',
  script: '<script>window.__pwned=2</script>',
  svg: '"><svg onload=window.__pwned=3>',
  javascriptUrl: 'javascript:window.__pwned=4',
  hyperlink: '=HYPERLINK("http://x","y")',
  plus: '+1',
  minus: '-1',
  at: '@SUM(A1)',
  tab: '\t',
  template: '{{7*7}}',
  /** RIGHT-TO-LEFT OVERRIDE ... POP DIRECTIONAL FORMATTING: "exe.txt" reads as "txt.exe". */
  rtl: '\u202Etxt.exe\u202C',
  long: 'Very long name '.repeat(16).trim(),
} as const;

const P = HOSTILE_PAYLOADS;

/** The room (a leaf, "Meeting Room Spree" without the flag). Its name starts with a formula. */
export const HOSTILE_ROOM_ID = 23;
/** Its parent, a floor ("Berlin Office, Floor 2" without the flag), a child of site 20. Its name starts with a tab. */
export const HOSTILE_FLOOR_ID = 22;

interface HostileStrings {
  name: string;
  status: string;
}

export const HOSTILE_STRINGS: Readonly<Record<number, HostileStrings>> = {
  [HOSTILE_ROOM_ID]: {
    name: `${P.hyperlink} Room ${P.img} ${P.script} ${P.svg} ${P.template} ${P.rtl}`,
    status: `${P.minus} ${P.script} ${P.img}`,
  },
  [HOSTILE_FLOOR_ID]: {
    name: `${P.tab}${P.plus} Floor ${P.javascriptUrl} ${P.svg} ${P.template} ${P.long} ${P.rtl}`,
    status: `${P.at} ${P.svg}`,
  },
};

/** The location as the API shows it: renamed when it is one of the two hostile locations and the flag is on. */
export function presentLocation(location: Location, hostile: boolean): Location {
  const strings = hostile ? HOSTILE_STRINGS[location.id] : undefined;
  return strings === undefined ? location : { ...location, name: strings.name };
}

/** A record's `status` as the API shows it (the simulator's own statuses are the vendor's five words). */
export function presentStatus(location: Location, hostile: boolean): string {
  const strings = hostile ? HOSTILE_STRINGS[location.id] : undefined;
  return strings?.status ?? location.status;
}
