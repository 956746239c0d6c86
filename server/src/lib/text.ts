// PostgreSQL text cannot hold the NUL character: a request carrying one anywhere (body,
// query, path) is refused up front instead of failing inside the database.

/** Whether any string (or object key) in `value` contains U+0000. Iterative: deep nesting cannot overflow the stack. */
export function containsNul(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return true;
    } else if (Array.isArray(v)) {
      for (const item of v) stack.push(item);
    } else if (v !== null && typeof v === 'object' && !Buffer.isBuffer(v)) {
      for (const [k, item] of Object.entries(v)) {
        if (k.includes('\u0000')) return true;
        stack.push(item);
      }
    }
  }
  return false;
}

export const NUL_MESSAGE = 'Text may not contain the NUL character (\\u0000)';
