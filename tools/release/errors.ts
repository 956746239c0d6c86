// Refusals (exit 1, the message says why) and usage errors (exit 2, the usage line).

/** A refusal: the CLI prints the message and exits 1. */
export class ReleaseError extends Error {
  readonly problems: string[];
  constructor(message: string, problems: string[] = []) {
    super(problems.length ? `${message}\n  - ${problems.join('\n  - ')}` : message);
    this.name = 'ReleaseError';
    this.problems = problems;
  }
}

/** A command line that does not parse: the CLI prints the usage and exits 2. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

export function refuseIfInvalid(what: string, problems: string[]): void {
  if (problems.length) throw new ReleaseError(`refused: ${what}`, problems);
}
