#!/usr/bin/env python3
"""Points imports at shared-ui's smallest entries that hold the imported names
(docs/frontend.md), so a page loads only the shared modules it uses:
  'shared-ui' and its design-system entries → 'shared-ui/core' | '/components' | '/display'
      (split per entry; left alone when a name lives only in the index);
  MUI barrels → the smallest barrel holding every name, or else a split over
      'shared-ui/mui-core' + '/mui-surfaces' + '/mui-icon-button' when
      those hold them all; otherwise left alone.
Usage (repository root): tools/codemods/shared-ui-subpaths.py FILE…"""
import re, sys

def exported(path):
    src = open(path).read()
    names = set()
    for group in re.findall(r"export (?:type )?\{([^}]+)\}", src):
        for part in group.split(','):
            part = part.strip()
            if not part: continue
            part = part[5:] if part.startswith('type ') else part
            names.add(part.split(' as ')[-1].strip())
    return names

E = {k: exported(f'shared-ui/src/{k.split("/")[1]}.ts') for k in [
    'shared-ui/core', 'shared-ui/components', 'shared-ui/display',
    'shared-ui/mui-core', 'shared-ui/mui-surfaces', 'shared-ui/mui-icon-button', 'shared-ui/mui-fields', 'shared-ui/mui-inputs', 'shared-ui/mui-pagination']}
DESIGN = ['shared-ui/core', 'shared-ui/components', 'shared-ui/display']
LIGHT = ['shared-ui/mui-core', 'shared-ui/mui-surfaces', 'shared-ui/mui-icon-button']
# Per MUI barrel: single smaller barrels (largest first), then the parts a split may use.
MUI = {
    'shared-ui/mui': (['shared-ui/mui-core', 'shared-ui/mui-surfaces', 'shared-ui/mui-icon-button'], LIGHT),
    'shared-ui/mui-core': ([], LIGHT),
    'shared-ui/mui-surfaces': ([], LIGHT),
    'shared-ui/mui-icon-button': ([], LIGHT),
    'shared-ui/mui-forms': (['shared-ui/mui-inputs', 'shared-ui/mui-fields'], []),
    'shared-ui/mui-inputs': (['shared-ui/mui-fields'], []),
    'shared-ui/mui-data': (['shared-ui/mui-pagination'], []),
}
imp = re.compile(r"^import (type )?\{([^}]*)\} from '(shared-ui(?:/[\w-]+)?)';\n", re.M)

def name_of(part):
    p = part[5:] if part.startswith('type ') else part
    return p.split(' as ')[0].strip()

def fmt(type_kw, ps, target):
    return f"import {type_kw or ''}{{ {', '.join(ps)} }} from '{target}';\n"

def split(type_kw, ps, entries):
    groups = {}
    for p in ps:
        target = next((e for e in entries if name_of(p) in E[e]), None)
        if target is None: return None
        groups.setdefault(target, []).append(p)
    return ''.join(fmt(type_kw, g, t) for t, g in groups.items())

for path in sys.argv[1:]:
    src = open(path).read()
    def repl(m):
        type_kw, clause, source = m.group(1), m.group(2), m.group(3)
        ps = [p.strip() for p in clause.split(',') if p.strip()]
        if source in MUI:
            singles, parts = MUI[source]
            fits = [n for n in singles if all(name_of(p) in E[n] for p in ps)]
            if fits: return fmt(type_kw, ps, fits[-1])
            return (split(type_kw, ps, parts) if parts else None) or m.group(0)
        if source == 'shared-ui' or source in DESIGN:
            return split(type_kw, ps, DESIGN) or m.group(0)
        return m.group(0)
    out = imp.sub(repl, src)
    # Imports of one entry that a split left on several lines merge back into one.
    seen = {}
    for mm in imp.finditer(out):
        if not mm.group(1): seen.setdefault(mm.group(3), []).append(mm)
    for source, ms in seen.items():
        if len(ms) < 2: continue
        names = []
        for mm in ms:
            for x in mm.group(2).split(','):
                x = x.strip()
                if x and x not in names: names.append(x)
        for mm in ms[1:]: out = out.replace(mm.group(0), '', 1)
        out = out.replace(ms[0].group(0), fmt(None, names, source), 1)
    if out != src:
        open(path, 'w').write(out)
        print('rewrote', path)
