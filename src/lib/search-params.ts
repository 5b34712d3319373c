/**
 * What every address parser shares: a parameter given more than once. The first value is used (as
 * `URLSearchParams.get` does), and when the others differ from it the user is told, like any other value that
 * could not be used.
 */
import { plural, t } from '@lingui/core/macro';

/** The sentence for a parameter repeated with different values, or undefined when it is not. */
export function repeatedParam(params: URLSearchParams, name: string): string | undefined {
  const values = params.getAll(name);
  if (new Set(values).size <= 1) return undefined;
  const first = quoteValue(values[0]!);
  const count = values.length;
  return t`${name} is given ${plural(count, { other: '# times' })}; using the first, ${first}`;
}

/** A value quoted for a message, cut short so a pasted novel stays a sentence. */
export function quoteValue(value: string): string {
  return `“${value.length > 40 ? `${value.slice(0, 39)}…` : value}”`;
}
