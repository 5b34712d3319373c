/**
 * HS256 JWT bearer authentication. The secret comes from SIMULATOR_JWT_SECRET, or the documented
 * development default. An optional `locations` claim (an array of location ids) limits what the token
 * may see; other locations answer 404 exactly like non-existent ones. Expiry (`exp`) is checked
 * against the real clock, not the simulator's `--now`.
 */
import { sign, verify } from 'hono/jwt';
import { z } from 'zod';

import { ProblemError } from './problem';

/** For local development only; set SIMULATOR_JWT_SECRET anywhere else. */
export const DEFAULT_JWT_SECRET = 'location-metrics-simulator-dev-secret';

const REALM = 'location-metrics-simulator';

export interface AccessScope {
  /** Null when the token may see every location. */
  locationIds: ReadonlySet<number> | null;
}

export function canAccess(scope: AccessScope, locationId: number): boolean {
  return scope.locationIds === null || scope.locationIds.has(locationId);
}

export interface SignTokenOptions {
  /** Limits the token to these locations; omitted, it sees all. */
  locations?: readonly number[];
  /** Omitted, the token never expires. */
  expiresInSeconds?: number;
  secret: string;
}

export function signToken({ locations, expiresInSeconds, secret }: SignTokenOptions): Promise<string> {
  const issuedAt = Math.floor(Date.now() / 1000);
  return sign(
    {
      sub: 'simulator-user',
      iat: issuedAt,
      ...(expiresInSeconds === undefined ? {} : { exp: issuedAt + expiresInSeconds }),
      ...(locations === undefined ? {} : { locations: [...locations] }),
    },
    secret,
    'HS256',
  );
}

const locationsClaimSchema = z.array(z.number().int()).optional();

function challenge(error?: string, description?: string): Record<string, string> {
  const parameters = [`realm="${REALM}"`];
  if (error !== undefined) parameters.push(`error="${error}"`);
  if (description !== undefined) parameters.push(`error_description="${description}"`);
  return { 'WWW-Authenticate': `Bearer ${parameters.join(', ')}` };
}

function invalidToken(description: string): ProblemError {
  return new ProblemError(
    'unauthorized',
    `invalid bearer token: ${description}`,
    challenge('invalid_token', description),
  );
}

/**
 * Tokens refused from now on although valid, as if they had expired: `POST /__control/tokens` (with `--control`)
 * adds one, so a test can see a token stop working while a page is open, without waiting for a real `exp`.
 */
export interface TokenRevocations {
  revoke(token: string): void;
  isRevoked(token: string): boolean;
  clear(): void;
  readonly count: number;
}

export function createTokenRevocations(): TokenRevocations {
  const revoked = new Set<string>();
  return {
    revoke: (token) => void revoked.add(token),
    isRevoked: (token) => revoked.has(token),
    clear: () => revoked.clear(),
    get count() {
      return revoked.size;
    },
  };
}

/** `{ "revoke": "<JWT>" }` refuses that token from now on; `{ "clear": true }` accepts every valid token again. */
const tokenControlSchema = z.union([
  z.strictObject({ revoke: z.string().trim().min(1) }),
  z.strictObject({ clear: z.literal(true) }),
]);

/** Applies the body of `POST /__control/tokens`; a 400 `invalid-body` problem when it is neither shape. */
export function applyTokenControl(revocations: TokenRevocations, body: unknown): void {
  const parsed = tokenControlSchema.safeParse(body);
  if (!parsed.success) {
    throw new ProblemError('invalid-body', 'expected { "revoke": "<JWT>" } or { "clear": true }');
  }
  if ('revoke' in parsed.data) revocations.revoke(parsed.data.revoke);
  else revocations.clear();
}

/** The scope of the request's bearer token; throws a 401 problem when there is no valid one. */
export async function authenticate(
  authorization: string | undefined,
  secret: string,
  revocations?: TokenRevocations,
): Promise<AccessScope> {
  if (authorization === undefined || authorization.trim() === '') {
    throw new ProblemError(
      'unauthorized',
      'missing bearer token: send the header "Authorization: Bearer <JWT>"',
      challenge(),
    );
  }
  const match = /^Bearer +([^\s]+)\s*$/i.exec(authorization);
  if (match?.[1] === undefined) throw invalidToken('the Authorization header must be "Bearer <JWT>"');

  const payload = await verifyHs256(match[1], secret);
  if (revocations?.isRevoked(match[1])) throw invalidToken('the token has been revoked');
  const locations = locationsClaimSchema.safeParse(payload.locations);
  if (!locations.success) throw invalidToken('the "locations" claim must be an array of location ids');
  return { locationIds: locations.data === undefined ? null : new Set(locations.data) };
}

async function verifyHs256(token: string, secret: string): Promise<Record<string, unknown>> {
  try {
    return await verify(token, secret, 'HS256');
  } catch (error) {
    // hono's JWT error classes are not exported from a public entry point; their names are stable.
    const name = error instanceof Error ? error.name : '';
    if (name === 'JwtTokenExpired') throw invalidToken('the token has expired');
    if (name === 'JwtTokenSignatureMismatched') throw invalidToken('the token signature does not match');
    throw invalidToken('the token is not a valid HS256 JWT');
  }
}
