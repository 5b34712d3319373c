import { describe, expect, it } from 'vitest';

import { DEFAULT_JWT_SECRET, parseSimulatorArgs, parseTokenArgs, SimulatorArgsError } from './options';

describe('parseSimulatorArgs', () => {
  it('has documented defaults', () => {
    expect(parseSimulatorArgs([], {})).toEqual({
      port: 8787,
      host: '127.0.0.1',
      seed: 42,
      now: null,
      latencyMs: 0,
      failRate: 0,
      dwellUnit: 'minutes',
      utilizationScale: 'fraction',
      strictFilters: false,
      vendorRecords: false,
      hostileNames: false,
      portfolio: 0,
      rateLimit: 0,
      control: false,
      jwtSecret: DEFAULT_JWT_SECRET,
    });
  });

  it('reads every flag, as "--name value" or "--name=value"', () => {
    const options = parseSimulatorArgs(
      [
        '--port=9000',
        '--host',
        '0.0.0.0',
        '--seed',
        '-7',
        '--now',
        '2026-11-18T10:30:00-05:00',
        '--latency',
        '250',
        '--fail-rate=0.25',
        '--dwell-unit',
        'seconds',
        '--utilization-scale',
        'percent',
        '--strict-filters',
        '--vendor-records',
        '--hostile-names',
        '--portfolio',
        '1500',
        '--rate-limit',
        '20',
        '--control',
      ],
      { SIMULATOR_JWT_SECRET: 'shh' },
    );
    expect(options).toEqual({
      port: 9000,
      host: '0.0.0.0',
      seed: -7,
      now: Date.parse('2026-11-18T15:30:00Z'),
      latencyMs: 250,
      failRate: 0.25,
      dwellUnit: 'seconds',
      utilizationScale: 'percent',
      strictFilters: true,
      vendorRecords: true,
      hostileNames: true,
      portfolio: 1500,
      rateLimit: 20,
      control: true,
      jwtSecret: 'shh',
    });
  });

  it('reads --portfolio from 0 to 20000', () => {
    expect(parseSimulatorArgs(['--portfolio', '0'], {}).portfolio).toBe(0);
    expect(parseSimulatorArgs(['--portfolio=20000'], {}).portfolio).toBe(20_000);
  });

  it('reads --rate-limit as whole requests a second, 0 for none', () => {
    expect(parseSimulatorArgs(['--rate-limit', '0'], {}).rateLimit).toBe(0);
    expect(parseSimulatorArgs(['--rate-limit=1'], {}).rateLimit).toBe(1);
    expect(parseSimulatorArgs(['--rate-limit', '100000'], {}).rateLimit).toBe(100_000);
  });

  it.each([
    [['--port', '70000'], '--port'],
    [['--port', 'eighty'], '--port'],
    [['--seed', '1.5'], '--seed'],
    [['--now', '2026-11-18'], '--now'],
    [['--now', '2026-11-18T10:30:00'], '--now'],
    [['--now', '2026-13-18T10:30:00Z'], '--now'],
    [['--latency', '-1'], '--latency'],
    [['--fail-rate', '1.5'], '--fail-rate'],
    [['--fail-rate', ''], '--fail-rate'],
    [['--dwell-unit', 'hours'], '--dwell-unit'],
    [['--utilization-scale', 'ratio'], '--utilization-scale'],
    [['--strict-filters=yes'], '--strict-filters'],
    [['--vendor-records=1'], '--vendor-records takes no value'],
    [['--control=on'], '--control takes no value'],
    [['--hostile-names=1'], '--hostile-names takes no value'],
    [['--portfolio', '-1'], "--portfolio '-1' is not valid; expected an integer from 0 to 20000"],
    [['--portfolio', '20001'], "--portfolio '20001' is not valid; expected an integer from 0 to 20000"],
    [['--portfolio', '1.5'], '--portfolio'],
    [['--portfolio', 'many'], '--portfolio'],
    [['--portfolio='], '--portfolio'],
    [['--portfolio'], '--portfolio needs a value'],
    [['--rate-limit', '-1'], "--rate-limit '-1' is not valid; expected an integer from 0 to 100000"],
    [['--rate-limit', '2.5'], '--rate-limit'],
    [['--rate-limit', 'fast'], '--rate-limit'],
    [['--rate-limit'], '--rate-limit needs a value'],
    [['--seed'], '--seed needs a value'],
    [['--seed', '--port', '1'], '--seed needs a value'],
    [['--colour', 'blue'], 'unknown option --colour'],
    [['seed', '3'], "unexpected argument 'seed'"],
    [['--seed', '1', '--seed', '2'], 'given twice'],
  ])('rejects %j with a message naming %s', (argv, message) => {
    expect(() => parseSimulatorArgs(argv, {})).toThrow(SimulatorArgsError);
    expect(() => parseSimulatorArgs(argv, {})).toThrow(message);
  });
});

describe('parseTokenArgs', () => {
  it('reads --token, --locations and --expires-in', () => {
    expect(parseTokenArgs(['--token'], {})).toEqual({ secret: DEFAULT_JWT_SECRET });
    expect(
      parseTokenArgs(['--token', '--locations', '11,12', '--expires-in', '3600'], { SIMULATOR_JWT_SECRET: 's' }),
    ).toEqual({
      secret: 's',
      locations: [11, 12],
      expiresInSeconds: 3600,
    });
  });

  it.each([
    [['--token', '--locations', '11;12'], '--locations'],
    [['--token', '--expires-in', '0'], '--expires-in'],
    [['--token', '--seed', '1'], 'unknown option --seed'],
    [['--locations', '11'], '--token is required'],
  ])('rejects %j', (argv, message) => {
    expect(() => parseTokenArgs(argv, {})).toThrow(message);
  });
});
