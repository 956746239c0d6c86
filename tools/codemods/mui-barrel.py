#!/usr/bin/env python3
"""Rewrites `import X from '@mui/material/X'` and `import {a} from '@mui/material/styles'`
into one `import { … } from 'shared-ui/mui'` per file. Usage: mui-barrel.py FILE…"""
import re, sys

BARREL = open('shared-ui/src/mui.ts').read()
exported = set(re.findall(r"export (?:type )?\{ ?(?:default as )?([^}]+?) ?\}", BARREL))
names = set()
for group in exported:
    for part in group.split(','):
        part = part.strip()
        if ' as ' in part:
            part = part.split(' as ')[1]
        names.add(part.strip())

imp = re.compile(r"^import (type )?(.+?) from '@mui/material(?:/([\w/]+))?';\n", re.M)
for path in sys.argv[1:]:
    src = open(path).read()
    values, types, missing = [], [], []
    def repl(m):
        is_type, clause, sub = m.group(1), m.group(2).strip(), m.group(3)
        if clause.startswith('{'):
            for part in clause.strip('{} ').split(','):
                part = part.strip()
                if not part: continue
                t = part.startswith('type ')
                part = part[5:] if t else part
                orig, _, alias = part.partition(' as ')
                target = orig.strip()
                if target not in names: missing.append(target)
                spec = f"{target} as {alias.strip()}" if alias else target
                (types if (is_type or t) else values).append(spec)
        else:
            default = clause.split(',')[0].strip()
            target = sub.split('/')[-1] if sub else default
            if target not in names: missing.append(target)
            values.append(target if default == target else f"{target} as {default}")
        return ''
    out = imp.sub(repl, src)
    if not values and not types:
        continue
    if missing:
        print(f"{path}: not in the barrel: {sorted(set(missing))}", file=sys.stderr)
    lines = []
    if values: lines.append("import { " + ", ".join(sorted(set(values), key=str.lower)) + " } from 'shared-ui/mui';\n")
    if types: lines.append("import type { " + ", ".join(sorted(set(types), key=str.lower)) + " } from 'shared-ui/mui';\n")
    # Insert where the first removed import stood (top import block).
    first = imp.search(src).start()
    out = out[:first] + ''.join(lines) + out[first:]
    open(path, 'w').write(out)
    print(f"rewrote {path}")
