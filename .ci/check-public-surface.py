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

Every public declaration reached must have a doc comment (a requirement's implementation
shows the requirement's): one without is a problem too, which --apply leaves alone.

Run after a build: python3 .ci/check-public-surface.py [SYMBOLGRAPH_DIR] [--apply]
"""
import glob, json, os, re, sys, collections
ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), '..'))
PRODUCT_MODULES = {'LocationSimulation', 'LocationSimulationTesting', 'LocationSimulationWeather', 'CoreLocationSeam',
                   'TrailcastScenario',
                   # A product only for the fuzz package (TRAILCAST_FUZZ_CHECKS=1, Package.swift),
                   # which imports it from outside: its API must stay public.
                   'TrailcastFuzzChecks'}
# A product module whose API is some of its types, not all: TrailcastRun holds the command's
# own plumbing (its streams, paths, passwords, the fleet) beside the plans and runners
# docs/library.md shows, and only these are promised.
CURATED_PRODUCT_TYPES = {'TrailcastRun': {'ReplayRunner', 'ReplayRunPlan', 'TimelineOutput', 'FeedPlan', 'RunFailure',
                                          'RunExitStatus', 'RunMessages', 'LiveStreamRequest', 'ScenarioRunner'}}
# Files that re-export chosen types of modules that are not products:
# `@_exported import struct Module.Name`.
REEXPORT_FILES = ['Sources/LocationSimulation/Exports.swift', 'Sources/TrailcastRun/Exports.swift']
arguments = [a for a in sys.argv[1:] if not a.startswith('--')]
directory = arguments[0] if arguments else glob.glob(ROOT + '/.build/*/symbolgraph')[0]
graphs = glob.glob(directory + '/*.symbols.json')
symbols = {}
members = collections.defaultdict(set)      # a type's members: reached with the type's values
witnesses = collections.defaultdict(set)    # the members that implement a protocol's requirement
edges = collections.defaultdict(set)        # what a declaration names: reached whole
namespaces = collections.defaultdict(set)   # what it names only as a prefix (`Outer.Inner`), or its parent
inherits_documentation = set()              # a requirement's implementation: DocC shows the requirement's
for path in graphs:
    name = os.path.basename(path).split('.symbols.json')[0]
    module = name.split('@')[0]
    data = json.load(open(path))
    for s in data['symbols']:
        usr = s['identifier']['precise']
        symbols.setdefault(usr, []).append((module, s))
        refs, prefixes = set(), set()
        def frags(fs):
            fs = fs or []
            for index, f in enumerate(fs):
                if not f.get('preciseIdentifier'): continue
                # `LocationService.Configuration` names the outer type only as a namespace:
                # it stays public, its members need not
                qualifies = (index + 2 < len(fs) and fs[index + 1].get('spelling') == '.'
                             and fs[index + 2].get('kind') == 'typeIdentifier')
                (prefixes if qualifies else refs).add(f['preciseIdentifier'])
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
        namespaces[usr] |= prefixes
    for r in data['relationships']:
        if r['kind'] in ('memberOf', 'optionalRequirementOf', 'requirementOf'):
            members[r['target']].add(r['source'])
            if r.get('sourceOrigin') or r['kind'] != 'memberOf':
                witnesses[r['target']].add(r['source'])
            if r.get('sourceOrigin'):
                inherits_documentation.add(r['source'])
            # a member keeps its type public, not the type's other members
            namespaces[r['source']].add(r['target'])
        if r['kind'] in ('conformsTo', 'inheritsFrom', 'overrides', 'defaultImplementationOf'):
            edges[r['source']].add(r['target'])
        # a public protocol's default implementation is a conforming type's witness
        if r['kind'] == 'defaultImplementationOf':
            edges[r['target']].add(r['source'])
        if r['kind'] == 'extensionTo':
            members[r['target']].add(r['source'])

# The roots: every symbol of a product module, the chosen types of a curated one, and each
# re-exported type with its members, all found by (module, outermost type).
chosen = {(module, name) for module, names in CURATED_PRODUCT_TYPES.items() for name in names}
for file in REEXPORT_FILES:
    for line in open(os.path.join(ROOT, file)):
        m = re.match(r'\s*@_exported\s+(?:public\s+)?import\s+\w+\s+(\w+)\.(\w+)', line)
        if m: chosen.add((m.group(1), m.group(2)))
roots = {usr for usr, entries in symbols.items() for module, s in entries
         if module in PRODUCT_MODULES or (module, s['pathComponents'][0]) in chosen}
# A symbol reached whole brings its members (a value's API); one reached only as a
# namespace or as a member's parent brings the members that witness a protocol's
# requirement, which must be as public as the type.
reached, whole = set(), set()
pending = [(usr, True) for usr in roots]
while pending:
    usr, entire = pending.pop()
    entire = entire or any(s['kind']['identifier'] == 'swift.protocol' for _, s in symbols.get(usr, []))
    if usr in whole or (not entire and usr in reached): continue
    reached.add(usr)
    pending += [(nxt, True) for nxt in edges.get(usr, set()) | witnesses.get(usr, set())]
    pending += [(nxt, False) for nxt in namespaces.get(usr, set())]
    if entire:
        whole.add(usr)
        pending += [(nxt, True) for nxt in members.get(usr, set())]

apply = '--apply' in sys.argv
problems = []
edits = collections.defaultdict(set)
for usr, entries in symbols.items():
    for module, s in entries:
        if module in PRODUCT_MODULES or s.get('accessLevel') != 'public' or usr in reached: continue
        # a protocol extension's member as a conforming type shows it: its line is the
        # extension's, which is public when the protocol's users reach it
        if '::SYNTHESIZED::' in usr: continue
        if s['kind']['identifier'] == 'swift.enum.case': continue
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
# Every public declaration a product shows says what it is (DocC shows nothing else).
for usr in reached & symbols.keys():
    module, s = symbols[usr][0]
    loc = s.get('location')
    if (s.get('accessLevel') != 'public' or not loc or s.get('docComment') or '::SYNTHESIZED::' in usr
            or usr in inherits_documentation):
        continue
    path = loc['uri'].replace('file://', '')
    if not path.startswith(ROOT + '/Sources/'): continue
    problems.append(f"{os.path.relpath(path, ROOT)}:{loc['position']['line'] + 1}: public and undocumented: "
        f"{module}.{'.'.join(s['pathComponents'])}: say what it is in a /// comment")
for problem in sorted(set(problems)):
    print(problem)
if problems and not apply:
    sys.exit(1)
print(f"public surface: {len(reached)} symbols reached from the products; every other public declaration is package")
