/**
 * The portfolio's draws (portfolio.ts): one deterministic stream in generation order, and the names it gives
 * campuses and buildings, unique across the portfolio.
 */
import { Stream, uniformStream } from './prng';

/** The cities of each zone the campuses are in. */
const CITIES: Readonly<Record<string, readonly string[]>> = {
  'America/New_York': ['New York', 'Boston', 'Atlanta', 'Toronto', 'Miami', 'Philadelphia'],
  'America/Los_Angeles': ['Los Angeles', 'San Francisco', 'Seattle', 'Vancouver', 'Portland', 'San Diego'],
  'America/Sao_Paulo': ['São Paulo', 'Rio de Janeiro', 'Curitiba', 'Belo Horizonte', 'Porto Alegre', 'Campinas'],
  'Europe/London': ['London', 'Manchester', 'Edinburgh', 'Bristol', 'Birmingham', 'Leeds'],
  'Europe/Berlin': ['Berlin', 'Munich', 'Hamburg', 'Frankfurt', 'Cologne', 'Stuttgart'],
  'Asia/Tokyo': ['Tokyo', 'Osaka', 'Yokohama', 'Nagoya', 'Fukuoka', 'Sapporo'],
  'Asia/Singapore': ['Singapore'],
  'Australia/Sydney': ['Sydney', 'Canberra', 'Newcastle', 'Wollongong', 'Parramatta'],
  'Asia/Kolkata': ['Bengaluru', 'Mumbai', 'Pune', 'Hyderabad', 'Chennai', 'Delhi'],
};

/** The zones of generated campuses, at least one of each once there are nine campuses. */
export const PORTFOLIO_ZONES: readonly string[] = Object.keys(CITIES);

const DISTRICTS = [
  'Riverside',
  'Harbour',
  'Central',
  'Parkside',
  'Northgate',
  'Southbank',
  'Innovation',
  'Station',
  'Gardens',
  'Bayview',
  'Hillside',
  'Docklands',
  'Old Town',
  'Lakeside',
];

/** Singapore is one city: its campuses are named after its districts. */
const SINGAPORE_DISTRICTS = [
  'Marina Bay',
  'One-North',
  'Jurong',
  'Changi',
  'Tampines',
  'Paya Lebar',
  'Raffles Place',
  'Tanjong Pagar',
  'Kallang',
  'Woodlands',
  'Novena',
  'Buona Vista',
];

/** Deterministic draws in generation order from the seed's portfolio stream. */
export class Draws {
  readonly #stream: (index: number) => number;
  #index = 0;

  constructor(seed: number) {
    this.#stream = uniformStream(seed, Stream.portfolio);
  }

  unit(): number {
    return this.#stream(this.#index++);
  }

  /** An integer from min to max, both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.unit() * (max - min + 1));
  }

  between(min: number, max: number): number {
    return min + this.unit() * (max - min);
  }

  weighted<T extends { weight: number }>(items: readonly T[]): T {
    const total = items.reduce((sum, item) => sum + item.weight, 0);
    let left = this.unit() * total;
    for (const item of items) {
      left -= item.weight;
      if (left < 0) return item;
    }
    return items[items.length - 1]!;
  }

  shuffled<T>(items: readonly T[]): T[] {
    const copy = [...items];
    for (let index = copy.length - 1; index > 0; index--) {
      const other = this.int(0, index);
      [copy[index], copy[other]] = [copy[other]!, copy[index]!];
    }
    return copy;
  }
}

const ROMAN = ['', ' II', ' III', ' IV', ' V', ' VI', ' VII', ' VIII', ' IX', ' X'];

/** Unique campus names per zone: every city and district once, then again with II, III, ... */
export class CampusNames {
  readonly #names = new Map<string, string[]>();
  readonly #used = new Map<string, number>();

  constructor(draws: Draws) {
    for (const zone of PORTFOLIO_ZONES) {
      const cities = CITIES[zone] ?? [];
      const names =
        zone === 'Asia/Singapore'
          ? SINGAPORE_DISTRICTS.map((district) => `Singapore ${district}`)
          : cities.flatMap((city) => DISTRICTS.map((district) => `${city} ${district}`));
      this.#names.set(zone, draws.shuffled(names));
    }
  }

  /** The campus's short name ("Munich Riverside"), used in its spaces' names too. */
  next(zone: string): string {
    const names = this.#names.get(zone) ?? [];
    const used = this.#used.get(zone) ?? 0;
    this.#used.set(zone, used + 1);
    const round = Math.floor(used / names.length);
    return `${names[used % names.length]}${ROMAN[round] ?? ` ${round + 1}`}`;
  }
}

export function buildingLetter(index: number): string {
  return String.fromCharCode('A'.charCodeAt(0) + index);
}
