// RFC 4180 CSV, safe to open in a spreadsheet: text cells that a spreadsheet would run as a
// formula (=, +, -, @, tab, CR) get a leading apostrophe; numeric cells are left as numbers.
export interface CsvColumn<T> {
  title: string;
  value: (row: T) => string;
  numeric?: boolean;
}

export function csvCell(value: string, numeric = false): string {
  const safe = !numeric && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function csvDocument<T>(columns: CsvColumn<T>[], rows: T[]): string {
  const lines = [columns.map((c) => csvCell(c.title)).join(',')];
  for (const r of rows) lines.push(columns.map((c) => csvCell(c.value(r), c.numeric)).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** The same document a batch of rows at a time (exports streamed from a cursor). */
export async function* csvStream<T>(
  columns: CsvColumn<T>[],
  batches: AsyncIterable<T[]>,
  counter: { rows: number } = { rows: 0 },
): AsyncGenerator<string> {
  yield `${columns.map((c) => csvCell(c.title)).join(',')}\r\n`;
  for await (const rows of batches) {
    counter.rows += rows.length;
    let text = '';
    for (const r of rows) text += `${columns.map((c) => csvCell(c.value(r), c.numeric)).join(',')}\r\n`;
    yield text;
  }
}
