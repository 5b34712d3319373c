/**
 * How many people each kind of space holds over an open day: the expected share of capacity at each
 * wall-clock minute, before sample noise. Shapes are sums of bell curves and ramps, scaled by the
 * day's level (busy or quiet day) and the season; meeting rooms and the event hall book discrete
 * meetings and events instead. The model (model.ts) zeroes everything outside operating hours.
 */
import type { DayCode } from './local-time';
import type { ActivityKind, HourRange } from './location-definitions';
import { Stream } from './prng';

export interface DayContext {
  weekday: DayCode;
  isPublicHoliday: boolean;
  operatingHours: HourRange;
  capacity: number;
  /** The seasonal factor for this activity, hemisphere and day of year (about 0.85 to 1.15). */
  season: number;
  /** A deterministic uniform draw in [0, 1) for this location and day; each (stream, index) is independent. */
  draw(stream: number, index?: number): number;
}

/** Expected share of capacity present at a wall-clock minute of the day (0 = midnight). */
export type ShareCurve = (wallMinute: number) => number;

export interface ActivityProfile {
  /** Average visit length, which sets how many people enter (Little's law). */
  meanDwellMinutes: number;
  closesOnPublicHolidays: boolean;
  /** Relative seasonal swing and the day of year of its peak in the northern hemisphere. */
  seasonality: { amplitude: number; peakDayOfYear: number };
  /** Relative spread of each 5-minute sample around the curve. */
  sampleNoise: number;
  dayCurve(context: DayContext): ShareCurve;
}

// ---------------------------------------------------------------------------------------------------
// Shape helpers (t in fractional wall-clock hours)

function bell(t: number, centre: number, width: number): number {
  const z = (t - centre) / width;
  return Math.exp(-0.5 * z * z);
}

/** 0 before `from`, 1 after `to`, smooth in between. */
function rise(t: number, from: number, to: number): number {
  if (t <= from) return 0;
  if (t >= to) return 1;
  const x = (t - from) / (to - from);
  return x * x * (3 - 2 * x);
}

function fall(t: number, from: number, to: number): number {
  return 1 - rise(t, from, to);
}

/** The middle of the 5-minute sample starting at the wall minute, in hours. */
function hoursAt(wallMinute: number): number {
  return (wallMinute + 2.5) / 60;
}

const SATURDAY = 7;
const SUNDAY = 1;
const FRIDAY = 6;

function isWeekend(weekday: DayCode): boolean {
  return weekday === SATURDAY || weekday === SUNDAY;
}

/** A smooth daily shape scaled by the season and a per-day level of 1 ± `dayLevelSpread`. */
function continuousCurve(
  dayLevelSpread: number,
  shape: (t: number, context: DayContext) => number,
): (context: DayContext) => ShareCurve {
  return (context) => {
    const dayLevel = 1 + dayLevelSpread * (2 * context.draw(Stream.dayLevel) - 1);
    const level = dayLevel * context.season;
    return (wallMinute) => level * shape(hoursAt(wallMinute), context);
  };
}

// ---------------------------------------------------------------------------------------------------
// Continuous activities

const OFFICE_WEEKDAY_LEVEL: Readonly<Record<DayCode, number>> = { 1: 0.1, 2: 0.9, 3: 1, 4: 1, 5: 0.95, 6: 0.7, 7: 0.1 };

function officeShape(peakShare: number) {
  return (t: number, context: DayContext): number => {
    const { start, end } = context.operatingHours;
    const present = rise(t, start, start + 2.5) * fall(t, end - 3, end + 0.9);
    const lunchDip = 1 - 0.3 * bell(t, 12.75, 0.5);
    return peakShare * OFFICE_WEEKDAY_LEVEL[context.weekday] * present * lunchDip;
  };
}

function transitShape(t: number, context: DayContext): number {
  const night = 0.03;
  if (isWeekend(context.weekday) || context.isPublicHoliday) return night + 0.4 * bell(t, 14, 3.5);
  const fridayEvening = context.weekday === FRIDAY ? 0.15 * bell(t, 21, 1.5) : 0;
  return (
    night +
    0.7 * bell(t, 8.3, 0.9) +
    0.75 * bell(t, 17.6, 1.1) +
    0.25 * bell(t, 12.5, 2.5) +
    0.1 * bell(t, 20.5, 1.5) +
    fridayEvening
  );
}

function cafeShape(t: number, context: DayContext): number {
  const { start, end } = context.operatingHours;
  const open = rise(t, start, start + 1) * fall(t, end - 0.5, end + 0.9);
  const rush = isWeekend(context.weekday)
    ? 0.1 + 0.65 * bell(t, 11, 1.5) + 0.4 * bell(t, 14.5, 1.5)
    : 0.1 + 0.5 * bell(t, 8.2, 0.7) + 0.72 * bell(t, 12.6, 0.8) + 0.35 * bell(t, 15.5, 1.2);
  return open * rush;
}

function libraryShape(t: number, context: DayContext): number {
  const { start, end } = context.operatingHours;
  const open = rise(t, start, start + 2) * fall(t, end - 1.5, end + 0.9);
  const saturday = context.weekday === SATURDAY ? 0.55 : 1;
  return saturday * open * (0.25 + 0.55 * bell(t, 14.5, 2.6));
}

// ---------------------------------------------------------------------------------------------------
// Discrete activities

const SLOT_MINUTES = 30;

/** Meetings start on half hours, last 30 to 120 minutes and hold 2 to capacity people (rarely one more). */
function meetingRoomCurve(context: DayContext): ShareCurve {
  const { start, end } = context.operatingHours;
  const firstSlot = (start * 60) / SLOT_MINUTES;
  const slotCount = ((end + 1 - start) * 60) / SLOT_MINUTES;
  const attendeesPerSlot = new Array<number>(slotCount).fill(0);
  const busyness = (context.weekday === FRIDAY ? 0.6 : 1) * context.season;
  for (let slot = 0; slot < slotCount;) {
    const t = ((firstSlot + slot) * SLOT_MINUTES) / 60;
    const startProbability = busyness * 0.55 * (bell(t, 10.5, 1.5) + bell(t, 14.5, 1.5));
    if (context.draw(Stream.meetingStart, slot) >= startProbability) {
      slot += 1;
      continue;
    }
    const length = 1 + Math.floor(context.draw(Stream.meetingLength, slot) * 4);
    const attendees = meetingSize(context, slot);
    for (let offset = 0; offset < length && slot + offset < slotCount; offset++) {
      attendeesPerSlot[slot + offset] = attendees;
    }
    slot += length;
  }
  return (wallMinute) => {
    const attendees = attendeesPerSlot[Math.floor(wallMinute / SLOT_MINUTES) - firstSlot] ?? 0;
    return attendees / context.capacity;
  };
}

function meetingSize(context: DayContext, slot: number): number {
  const draw = context.draw(Stream.meetingSize, slot);
  const overbookedShare = 0.04;
  if (draw < overbookedShare) return context.capacity + 1;
  const fraction = (draw - overbookedShare) / (1 - overbookedShare);
  return 2 + Math.floor(fraction * (context.capacity - 1));
}

type EventPlan = { expo: number; evening: number };

/** Which events the hall holds on a day: attendance shares for a daytime expo and an evening show. */
function eventPlan(context: DayContext): EventPlan {
  const plan = context.draw(Stream.eventPlan);
  const expoAttendance = 0.25 + 0.35 * context.draw(Stream.eventAttendance, 0);
  const eveningAttendance = 0.55 + 0.4 * context.draw(Stream.eventAttendance, 1);
  const [expoChance, eveningChance] =
    context.weekday === SATURDAY ? [0.3, 0.7] : context.weekday === SUNDAY ? [0.5, 0.3] : [0.2, 0.5];
  return {
    expo: plan < expoChance ? expoAttendance : 0,
    evening: context.draw(Stream.eventPlan, 1) < eveningChance ? eveningAttendance : 0,
  };
}

function eventHallCurve(context: DayContext): ShareCurve {
  const { expo, evening } = eventPlan(context);
  const staff = 0.01;
  return (wallMinute) => {
    const t = hoursAt(wallMinute);
    const expoCrowd = expo * rise(t, 10, 11.5) * fall(t, 16.5, 18);
    const eveningCrowd = evening * rise(t, 17, 19) * fall(t, 21.5, 22.9);
    return context.season * (staff + expoCrowd + eveningCrowd);
  };
}

// ---------------------------------------------------------------------------------------------------

export const ACTIVITY_PROFILES: Readonly<Record<ActivityKind, ActivityProfile>> = {
  transit: {
    meanDwellMinutes: 9,
    closesOnPublicHolidays: false,
    seasonality: { amplitude: 0.06, peakDayOfYear: 290 },
    sampleNoise: 0.05,
    dayCurve: continuousCurve(0.08, transitShape),
  },
  office: {
    meanDwellMinutes: 210,
    closesOnPublicHolidays: true,
    seasonality: { amplitude: 0.12, peakDayOfYear: 60 },
    sampleNoise: 0.04,
    dayCurve: continuousCurve(0.12, officeShape(0.8)),
  },
  lab: {
    meanDwellMinutes: 180,
    closesOnPublicHolidays: true,
    seasonality: { amplitude: 0.1, peakDayOfYear: 60 },
    sampleNoise: 0.06,
    dayCurve: continuousCurve(0.15, officeShape(0.6)),
  },
  'meeting-room': {
    meanDwellMinutes: 600,
    closesOnPublicHolidays: true,
    seasonality: { amplitude: 0.1, peakDayOfYear: 60 },
    sampleNoise: 0,
    dayCurve: meetingRoomCurve,
  },
  cafe: {
    meanDwellMinutes: 25,
    closesOnPublicHolidays: true,
    seasonality: { amplitude: 0.12, peakDayOfYear: 190 },
    sampleNoise: 0.08,
    dayCurve: continuousCurve(0.12, cafeShape),
  },
  library: {
    meanDwellMinutes: 95,
    closesOnPublicHolidays: true,
    seasonality: { amplitude: 0.15, peakDayOfYear: 150 },
    sampleNoise: 0.05,
    dayCurve: continuousCurve(0.1, libraryShape),
  },
  'event-hall': {
    meanDwellMinutes: 150,
    closesOnPublicHolidays: true,
    seasonality: { amplitude: 0.08, peakDayOfYear: 280 },
    sampleNoise: 0.04,
    dayCurve: eventHallCurve,
  },
};
