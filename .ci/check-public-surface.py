#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
"""Keeps the public surface to what the products need: every `public` declaration of a
module that is not a product's must be reachable from a product's public API; the rest
is `package` (visible to this package's modules and tests, not to users).

Reads the symbol graphs (`swift package dump-symbol-graph --minimum-access-level public`,
written under .build/), starts from every symbol of the product modules (and the types
LocationSimulation re-exports on purpose), and follows what each reachable symbol's
declaration names (the types in its fragments and signature, generic constraints,
conformances) and, for a type, every member. Each public symbol of another module that is
not reached is a problem, printed as FILE:LINE; exit 1. With --apply, `public` becomes
`package` on those lines (then build: the compiler names the imports to narrow, and a
default argument that names a declaration keeps it public).

Run after a build: python3 .ci/check-public-surface.py [SYMBOLGRAPH_DIR] [--apply]
"""
import glob, json, os, re, sys, collections
ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), '..'))
PRODUCT_MODULES = {'LocationSimulation', 'LocationSimulationTesting', 'LocationSimulationWeather', 'CoreLocationSeam',
                   'TrailcastRun', 'TrailcastScenario', 'TrailcastFeeds',
                   # A product only for the fuzz package (TRAILCAST_FUZZ_CHECKS=1, Package.swift),
                   # which imports it from outside: its API must stay public.
                   'TrailcastFuzzChecks'}
arguments = [a for a in sys.argv[1:] if not a.startswith('--')]
directory = arguments[0] if arguments else glob.glob(ROOT + '/.build/*/symbolgraph')[0]
graphs = glob.glob(directory + '/*.symbols.json')
symbols = {}
owner = {}
members = collections.defaultdict(set)
edges = collections.defaultdict(set)
for path in graphs:
    name = os.path.basename(path).split('.symbols.json')[0]
    module = name.split('@')[0]
    data = json.load(open(path))
    for s in data['symbols']:
        usr = s['identifier']['precise']
        symbols.setdefault(usr, []).append((module, s))
        refs = set()
        def frags(fs):
            for f in fs or []:
                if f.get('preciseIdentifier'): refs.add(f['preciseIdentifier'])
        frags(s.get('declarationFragments'))
        sig = s.get('functionSignature') or {}
        for p in sig.get('parameters', []): frags(p.get('declarationFragments'))
        frags(sig.get('returns'))
        for c in (s.get('swiftGenerics') or {}).get('constraints', []):
            if c.get('rhsPrecise'): refs.add(c['rhsPrecise'])
        ext = s.get('swiftExtension') or {}
        for c in ext.get('constraints', []):
            if c.get('rhsPrecise'): refs.add(c['rhsPrecise'])
        edges[usr] |= refs
    for r in data['relationships']:
        if r['kind'] in ('memberOf', 'optionalRequirementOf', 'requirementOf'):
            members[r['target']].add(r['source'])
            # an extension's member names its type too
            edges[r['source']].add(r['target'])
        if r['kind'] in ('conformsTo', 'inheritsFrom', 'overrides', 'defaultImplementationOf'):
            edges[r['source']].add(r['target'])
        if r['kind'] == 'extensionTo':
            members[r['target']].add(r['source'])

roots = set()
for usr, entries in symbols.items():
    for module, s in entries:
        if module in PRODUCT_MODULES: roots.add(usr)
# LocationSimulation's re-exports: `@_exported public import struct Module.Name`
for line in open(ROOT + '/Sources/LocationSimulation/Exports.swift'):
    m = re.match(r'\s*@_exported\s+public\s+import\s+\w+\s+(\w+)\.(\w+)', line)
    if m:
        for usr, entries in symbols.items():
            for module, s in entries:
                if module == m.group(1) and s['pathComponents'] == [m.group(2)]: roots.add(usr)
reached = set()
pending = list(roots)
while pending:
    usr = pending.pop()
    if usr in reached: continue
    reached.add(usr)
    for nxt in edges.get(usr, set()) | members.get(usr, set()):
        if nxt not in reached: pending.append(nxt)

apply = '--apply' in sys.argv
problems = []
edits = collections.defaultdict(set)
for usr, entries in symbols.items():
    for module, s in entries:
        if module in PRODUCT_MODULES or s.get('accessLevel') != 'public' or usr in reached: continue
        loc = s.get('location')
        if not loc: continue
        path = loc['uri'].replace('file://', '')
        if not path.startswith(ROOT + '/Sources/'): continue
        edits[path].add(loc['position']['line'])
        problems.append(f"{os.path.relpath(path, ROOT)}:{loc['position']['line'] + 1}: public, but no product's API reaches "
                        f"{module}.{'.'.join(s['pathComponents'])}: make it package")
if apply:
    for path, lines in edits.items():
        text = open(path).read().split('\n')
        for index in lines:
            if not re.match(r'\s*(@\w+\s+)*public\s+import\b', text[index]):
                text[index] = re.sub(r'\bpublic\b', 'package', text[index], count=1)
        open(path, 'w').write('\n'.join(text))
for problem in sorted(set(problems)):
    print(problem)
if problems and not apply:
    sys.exit(1)
print(f"public surface: {len(reached)} symbols reached from the products; every other public declaration is package")
