// autocannon ships no types (DefinitelyTyped's are for version 7): what api-bench.mjs uses.
declare module 'autocannon' {
  function autocannon(options: autocannon.Options, done: (err: Error | null, result: autocannon.Result) => void): unknown;
  namespace autocannon {
    interface Options {
      url: string;
      connections?: number;
      duration?: number;
      pipelining?: number;
      headers?: Record<string, string>;
    }
    interface Result {
      requests: { average: number; total: number };
      latency: { p50: number; p99: number };
      non2xx: number;
      errors: number;
      timeouts: number;
    }
  }
  export = autocannon;
}
