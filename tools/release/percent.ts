// Percentages on the command line: whole numbers 0-100 written plainly, nothing else.
import { ReleaseError } from './errors';

const WHOLE = /^(?:0|[1-9][0-9]?|100)$/;

/**
 * "0" … "100" (or a number that is a whole 0-100). Refused: '', ' 10', '10%', '1e1',
 * '0x0a', '010', '10.5', '10.0', '-1', '+5', '101', NaN.
 */
export function parsePercent(input: unknown, what = 'percent'): number {
  if (typeof input === 'number') {
    if (Number.isInteger(input) && input >= 0 && input <= 100) return input;
  } else if (typeof input === 'string' && WHOLE.test(input)) {
    return Number(input);
  }
  throw new ReleaseError(`${what} must be a whole number from 0 to 100 (like 5 or 25), not "${String(input)}"`);
}

/** "1,5,25,50,100": increasing whole percentages that end at 100. */
export function parseSteps(input: string): number[] {
  const steps = input.split(',').map((s) => parsePercent(s, 'each step'));
  if (!steps.length || steps.some((s, i) => s === 0 || (i > 0 && s <= steps[i - 1]))) {
    throw new ReleaseError(`steps must increase and be above 0, like 1,5,25,50,100, not "${input}"`);
  }
  if (steps.at(-1) !== 100) throw new ReleaseError(`the last step must be 100 (everyone), not "${input}"`);
  return steps;
}
