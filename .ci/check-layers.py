#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
"""Checks Package.swift against the sources and against ARCHITECTURE.md's layer table.

- Every target declares exactly the modules of this package its files import (no declared
  dependency unused, none imported without being declared), and every package product it
  declares is imported somewhere in it.
- Every package product a target's files import is declared for that target (imports
  declared both ways), not only found through another target's dependencies.
- Every dependency of a module in the layer table points to its own layer or one above it
  in the table (down the stack); the layer table and the module table name exactly the
  targets Package.swift declares and the folders of Sources/.

Run from anywhere: python3 .ci/check-layers.py. Exit 1 and a line per problem.
"""
import os
import re
import sys

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))


def targets(manifest):
    """(kind, name, local dependencies, product dependencies) of each target, in order."""
    found = []
    # A conditional dependency on a target (`.target(name: "X", condition: ...)`) is "X".
    manifest = re.sub(r"\.target\(name:\s*\"(\w+)\",\s*condition:\s*\.when\([^)]*\)\)", r'"\1"', manifest)
    for match in re.finditer(r"\.(target|testTarget|executableTarget)\(\s*name:\s*\"(\w+)\"", manifest):
        kind, name = match.group(1), match.group(2)
        rest = manifest[match.end():]
        # The target's arguments end at the next target (or the end of the list).
        following = re.search(r"\n\s*\.(target|testTarget|executableTarget|systemLibrary)\(|\n    \],", rest)
        body = rest[: following.start()] if following else rest
        # A dependency's condition (`.when(traits: ["Tool"])`) names no module.
        body = re.sub(r",\s*condition:\s*\.when\([^)]*\)", "", body)
        deps = re.search(r"dependencies:\s*\[(.*?)\]", body, re.S)
        local, products = [], []
        if deps:
            text = deps.group(1)
            # `.product(name: "X", ...)`, or `tool("X", "package")` for one only `Tool` brings.
            products = re.findall(r"(?:\.product\(name:|\btool\()\s*\"(\w+)\"", text)
            text = re.sub(r"(?:\.product|\btool)\([^)]*\)", "", text)
            local = re.findall(r"\"(\w+)\"", text)
        path = re.search(r"path:\s*\"([^\"]+)\"", body)
        folder = path.group(1) if path else os.path.join("Tests" if kind == "testTarget" else "Sources", name)
        found.append((kind, name, folder, local, products))
    return found


IMPORT = re.compile(
    r"^\s*(?:@_exported\s+|@preconcurrency\s+|@testable\s+|public\s+|package\s+|internal\s+)*import\s+"
    r"(?:struct\s+|enum\s+|class\s+|protocol\s+|func\s+|typealias\s+|var\s+|let\s+)?(\w+)")


def imports(folder):
    modules = set()
    for directory, _, files in os.walk(os.path.join(ROOT, folder)):
        for file in files:
            if file.endswith(".swift"):
                with open(os.path.join(directory, file), encoding="utf-8") as source:
                    for line in source:
                        match = IMPORT.match(line)
                        if match:
                            modules.add(match.group(1))
    return modules


def layers(architecture):
    """Each module's row in the layer table: 0 for the bottom row (basics)."""
    section = architecture.split("## Layers", 1)[1].split("\n## ", 1)[0]
    ranks = {}
    rows = [line for line in section.splitlines() if line.startswith("| ") and "`" in line]
    for rank, row in enumerate(rows):
        for module in re.findall(r"`(\w+)`", row.split("|")[2]):
            ranks[module] = rank
    return ranks


# The stand-in named after Apple's module (Sources/CoreLocationStandIn, declared off Apple
# platforms only): `import CoreLocation` elsewhere in the sources is Apple's.
STAND_IN_FOR_APPLE = "CoreLocation"


def table_problems(architecture, targets, target_folders):
    """The layer table and the module table name exactly the modules Package.swift declares
    (and that Sources/ holds), each once."""
    problems = []
    layered = set(layers(architecture))
    for module in sorted(layered - targets):
        problems.append(f"{module}: in ARCHITECTURE.md's layer table but not a target in Package.swift")
    section = architecture.split("## Module table", 1)[1].split("\n## ", 1)[0]
    listed = re.findall(r"^\| `Sources/(\w+)`", section, re.M)
    for module in sorted({m for m in listed if listed.count(m) > 1}):
        problems.append(f"{module}: twice in ARCHITECTURE.md's module table")
    folders = {entry for entry in os.listdir(os.path.join(ROOT, "Sources"))
               if os.path.isdir(os.path.join(ROOT, "Sources", entry))}
    for module in sorted(folders - set(listed)):
        problems.append(f"Sources/{module}: not in ARCHITECTURE.md's module table")
    for module in sorted(set(listed) - folders):
        problems.append(f"Sources/{module}: in ARCHITECTURE.md's module table but not in Sources/")
    for module in sorted(folders - target_folders):
        problems.append(f"Sources/{module}: a folder Package.swift declares no target for")
    return problems


# What an app and its tests link (Package.swift declares them for iOS 17, watchOS 10 and
# visionOS 1): none may use Synchronization (iOS 18), nor a package but swift-http-types (the
# `Tool` trait keeps the others out of a light dependency).
LIGHT_PRODUCTS = ["CoreLocationSeam", "LocationSimulation", "LocationSimulationTesting"]
LIGHT_PACKAGE_PRODUCTS = {"HTTPTypes"}
NEWER_THAN_THE_LIGHT_PLATFORMS = {"Synchronization"}


def light_product_problems(all_targets):
    by_name = {name: (folder, local, products) for _, name, folder, local, products in all_targets}
    closure, pending = set(), list(LIGHT_PRODUCTS)
    while pending:
        name = pending.pop()
        if name in closure or name not in by_name:
            continue
        closure.add(name)
        pending.extend(by_name[name][1])
    problems = []
    for name in sorted(closure):
        folder, _, products = by_name[name]
        for module in sorted(imports(folder) & NEWER_THAN_THE_LIGHT_PLATFORMS):
            problems.append(f"{name}: imports {module}, newer than the light products' iOS 17 (Package.swift)")
        for product in sorted(set(products) - LIGHT_PACKAGE_PRODUCTS):
            problems.append(f"{name}: a light product's module uses the package product {product}")
    return problems


def main():
    with open(os.path.join(ROOT, "Package.swift"), encoding="utf-8") as file:
        manifest = file.read()
    with open(os.path.join(ROOT, "ARCHITECTURE.md"), encoding="utf-8") as file:
        architecture = file.read()
    ranks = layers(architecture)
    all_targets = targets(manifest)
    local_names = {name for _, name, _, _, _ in all_targets} | set(
        re.findall(r"\.systemLibrary\(\s*name:\s*\"(\w+)\"", manifest))
    all_products = {product for _, _, _, _, products in all_targets for product in products}
    target_folders = {os.path.basename(folder) for _, _, folder, _, _ in all_targets if folder.startswith("Sources")} | (
        local_names - {name for _, name, _, _, _ in all_targets})
    problems = table_problems(architecture, local_names, target_folders)
    local_names -= {STAND_IN_FOR_APPLE}
    for kind, name, folder, local, products in all_targets:
        imported = imports(folder)
        for dependency in local:
            if dependency not in imported:
                problems.append(f"{name}: declares {dependency} but no file imports it")
        for module in sorted(imported & local_names - set(local) - {name}):
            problems.append(f"{name}: imports {module} without declaring it")
        for product in products:
            if product not in imported:
                problems.append(f"{name}: declares the product {product} but no file imports it")
        for module in sorted(imported & all_products - set(products)):
            problems.append(f"{name}: imports {module} without declaring the product")
        if kind == "testTarget":
            continue
        if name not in ranks:
            problems.append(f"{name}: not in ARCHITECTURE.md's layer table")
            continue
        for dependency in local:
            if dependency in ranks and ranks[dependency] > ranks[name]:
                problems.append(
                    f"{name}: depends on {dependency}, a layer above it in ARCHITECTURE.md's table")
    problems += light_product_problems(all_targets)
    for problem in problems:
        print(problem)
    if problems:
        return 1
    print(f"layers: {len(all_targets)} targets, each declaring exactly what it imports, every dependency pointing down;"
          f" the light products use no Synchronization and no package but {', '.join(sorted(LIGHT_PACKAGE_PRODUCTS))}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
