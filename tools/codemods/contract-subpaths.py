#!/usr/bin/env python3
"""Points value imports of the contract's domain parts at their own subpaths
(docs/frontend.md, "Shared packages"; docs/performance.md): 'shared-api/contract' is eager
in the shell's main.js, the domain parts are shared lazily, loaded by the pages that use
them: 'shared-api/contract/dashboard' (returns, statements, revisions, status rules,
notifications, payout destinations) and 'shared-api/contract/market'. Their types stay
importable from 'shared-api/contract' (`export type *`), so `import type` lines and
`type X` specifiers are left alone; any other specifier naming a domain export moves.
Usage (repository root): tools/codemods/contract-subpaths.py FILE…"""
import re, sys

# Each domain file and the subpath that shares it (shared-api/package.json "exports").
SUBPATH = {
    'returns': 'dashboard', 'statements': 'dashboard', 'revisions': 'dashboard', 'status-rules': 'dashboard',
    'notifications': 'dashboard', 'payout-destinations': 'dashboard', 'payout-ops': 'admin', 'kyc': 'admin',
    'approvals': 'admin', 'admin-team': 'admin', 'admin-roles': 'dashboard', 'market': 'market',
}
PARTS = list(SUBPATH)

def exported(part):
    src = open(f'shared-api/src/contract/{part}.ts').read()
    return set(re.findall(r"^export (?:declare )?(?:const|let|function|interface|type|class|enum) (\w+)", src, re.M))

OWNER = {}
for part in PARTS:
    for name in exported(part):
        OWNER[name] = SUBPATH[part]

imp = re.compile(r"^(import|export) (type )?\{([^}]*)\} from 'shared-api/contract';\n", re.M)

def name_of(spec):
    return spec.split(' as ')[0].strip()

def fmt(kw, type_kw, specs, target):
    return f"{kw} {type_kw or ''}{{ {', '.join(specs)} }} from '{target}';\n"

for path in sys.argv[1:]:
    src = open(path).read()
    def repl(m):
        kw, type_kw, clause = m.group(1), m.group(2), m.group(3)
        if type_kw:
            return m.group(0)
        specs = [s.strip() for s in clause.split(',') if s.strip()]
        stay, moved = [], {}
        for s in specs:
            sub = None if s.startswith('type ') else OWNER.get(name_of(s))
            if sub: moved.setdefault(sub, []).append(s)
            else: stay.append(s)
        if not moved:
            return m.group(0)
        if stay and all(s.startswith('type ') for s in stay):
            out = fmt(kw, 'type ', [s[5:] for s in stay], 'shared-api/contract')
        else:
            out = fmt(kw, None, stay, 'shared-api/contract') if stay else ''
        for sub in dict.fromkeys(SUBPATH.values()):
            if sub in moved: out += fmt(kw, None, moved[sub], f'shared-api/contract/{sub}')
        return out
    out = imp.sub(repl, src)
    if out != src:
        open(path, 'w').write(out)
        print('rewrote', path)
