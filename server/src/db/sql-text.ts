// Reading SQL text without running it: the statements of a file and the functions, triggers
// and views it creates. Enough of the lexer to skip comments, quoted strings and dollar-quoted
// bodies (where "CREATE FUNCTION" may appear as text without creating anything).

/** The text with comments, string literals and dollar-quoted bodies blanked out (same length). */
export function codeOnly(text: string): string {
  let out = '';
  let i = 0;
  const n = text.length;
  const blank = (s: string) => s.replace(/[^\n]/g, ' ');
  while (i < n) {
    const c = text[i];
    let end = i + 1;
    if (c === '-' && text[i + 1] === '-') {
      const e = text.indexOf('\n', i);
      end = e < 0 ? n : e;
    } else if (c === '/' && text[i + 1] === '*') {
      const e = text.indexOf('*/', i + 2);
      end = e < 0 ? n : e + 2;
    } else if (c === "'") {
      end = i + 1;
      while (end < n) {
        if (text[end] === "'" && text[end + 1] === "'") end += 2;
        else if (text[end] === "'") {
          end++;
          break;
        } else end++;
      }
    } else if (c === '$') {
      const tag = /^\$[A-Za-z_]*\$/.exec(text.slice(i, i + 64));
      if (tag && !/[A-Za-z0-9_]/.test(text[i - 1] ?? '')) {
        const e = text.indexOf(tag[0], i + tag[0].length);
        end = e < 0 ? n : e + tag[0].length;
        // Keep the quotes themselves so the statement still reads as one.
        out += tag[0] + blank(text.slice(i + tag[0].length, end - tag[0].length)) + (e < 0 ? '' : tag[0]);
        i = end;
        continue;
      }
    } else {
      out += c;
      i++;
      continue;
    }
    out += blank(text.slice(i, end));
    i = end;
  }
  return out;
}

export interface Declared {
  kind: 'function' | 'trigger' | 'view';
  /** The function or view name; for a trigger, `name ON table`. */
  name: string;
}

/** The functions, triggers and views that a SQL text creates (or replaces). */
export function declaredObjects(text: string): Declared[] {
  const code = codeOnly(text).toLowerCase();
  const found: Declared[] = [];
  const ident = '"?([a-z_][a-z0-9_]*)"?';
  for (const m of code.matchAll(
    new RegExp(`\\bcreate\\s+(?:or\\s+replace\\s+)?function\\s+(?:${ident}\\s*\\.\\s*)?${ident}\\s*\\(`, 'g'),
  )) {
    found.push({ kind: 'function', name: m[2] });
  }
  for (const m of code.matchAll(
    new RegExp(
      `\\bcreate\\s+(?:or\\s+replace\\s+)?(?:constraint\\s+)?trigger\\s+${ident}\\s[^;]*?\\bon\\s+(?:${ident}\\s*\\.\\s*)?${ident}`,
      'g',
    ),
  )) {
    found.push({ kind: 'trigger', name: `${m[1]} on ${m[3]}` });
  }
  for (const m of code.matchAll(
    new RegExp(
      `\\bcreate\\s+(?:or\\s+replace\\s+)?(?:temp(?:orary)?\\s+)?(?:recursive\\s+)?(?:materialized\\s+)?view\\s+(?:if\\s+not\\s+exists\\s+)?(?:${ident}\\s*\\.\\s*)?${ident}`,
      'g',
    ),
  )) {
    found.push({ kind: 'view', name: m[2] });
  }
  return found;
}
