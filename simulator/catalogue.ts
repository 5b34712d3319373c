/**
 * A server's locations: the built-in ones (locations.ts) and, with `--portfolio N`, N generated spaces
 * in their buildings and campuses (portfolio.ts), ascending by id. The records are made once, when the
 * app is created; their series only on request, through the model's and the series' LRU caches.
 */
import { LOCATIONS, type Location } from './locations';
import { generatePortfolio } from './portfolio';

export interface Catalogue {
  /** Every location, ascending by id: the built-in ones (10 to 40), then the generated ones (from 1000). */
  readonly locations: readonly Location[];
  find(id: number): Location | undefined;
}

export function createCatalogue({ portfolio, seed }: { portfolio: number; seed: number }): Catalogue {
  const locations = [...LOCATIONS, ...generatePortfolio(portfolio, seed)];
  const byId = new Map(locations.map((location) => [location.id, location]));
  return { locations, find: (id) => byId.get(id) };
}
