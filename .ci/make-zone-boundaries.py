#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
"""Writes Sources/CTrailcastZoneBoundaries/zone-boundaries.bin: the (lat, lon) -> IANA
time zone table ("TZQ1") that serve-weather's `timezone=auto` reads (ZoneBoundaries.swift).

    python3 -m venv /tmp/zones && /tmp/zones/bin/pip install timezonefinder==9.0.0 \
        timezonefinder-data==3.2026.3.post1 numpy
    /tmp/zones/bin/python .ci/make-zone-boundaries.py --eval \
        -o Sources/CTrailcastZoneBoundaries/zone-boundaries.bin

(about 30 s and 1.2 GB on a 2-core machine; the same bytes every run). A new
timezone-boundary-builder release is a new timezonefinder-data: pin it above and in NOTICE.

Source data: the ``timezonefinder-data`` wheel (timezone-boundary-builder
"timezones-with-oceans" release, full dataset, ODbL-1.0), read through the
``timezonefinder`` package (MIT).  Nothing is fetched from anywhere else.
The table is a Derivative Database under the ODbL (NOTICE).

Idea
----
The world is cut into a root grid of 48 x 24 square cells of 7.5 degrees
(7.5 deg = the edge between two 15-degree nautical Etc/GMT+-N bands, so no
cell ever straddles two ocean bands).  Each root cell is the root of a
quadtree.  A cell is subdivided only while a zone boundary runs through it:

* "hard" boundary = rings of >= 2 different non-ocean zones cross the cell
  (a land border, or two countries' territorial waters): subdivided down to
  ``--max-depth`` (K).
* "soft" boundary = only one non-ocean zone's ring crosses the cell (its
  coast / territorial-water line against the open sea Etc/GMT+-N): only
  subdivided down to ``--sea-depth`` (S <= K); a soft leaf gets the land zone
  (so open-sea points within one soft cell of territorial waters get the
  land zone - harmless, and keeps coastal land always right).
* A cell crossed by no ring lies entirely inside one zone: its zone is the
  zone at its centre (exact lookup with timezonefinder).
* A hard leaf at depth K gets the zone at its centre (if that is an ocean
  zone, the majority non-ocean zone of the 4 quarter centres, if any).

Ocean zones (Etc/GMT+-N, 15-degree bands centred on multiples of 15 degrees,
sign inverted: lon 30E -> Etc/GMT-2) are stored like any other zone, so the
reader needs no special case.  (A reader may also compute them itself:
n = round(lon/15); name = n == 0 ? "Etc/GMT" : "Etc/GMT" + (n > 0 ? "-" : "+") + |n|.)
"Etc/UTC" in this dataset is a land zone (an Antarctic sector).

Binary format "TZQ1" (all integers little-endian)
-------------------------------------------------
offset size  field
0      4     magic  b"TZQ1"
4      2     u16 version = 1
6      1     u8  K = max depth below the root grid (finest cell edge = 7.5 / 2^K deg)
7      1     u8  B = log2(nodes per rank block) (block = 2^B nodes)
8      2     u16 NX = 48  (root columns, longitude)
10     2     u16 NY = 24  (root rows, latitude)
12     2     u16 zoneCount Z
14     1     u8  W = bits per node slot: 10 (node = 5 bytes) or 16 (node = 8 bytes)
15     1     u8  reserved = 0
16     4     u32 nodeCount N
20     4     u32 root cell edge in micro-degrees = 7_500_000 (informational)
24     4     u32 offset of zone name table
28     4     u32 offset of root array
32     4     u32 offset of node array
36     4     u32 offset of rank array
40     4     u32 total file size
44     4     4 ASCII bytes: timezone-boundary-builder release, e.g. "2026" ("2026c"
             truncated; informational)
48     ...   zone name table: Z entries, each u8 length + ASCII bytes
             (zone id = index in this table; same order as timezonefinder's
             timezone_names.txt)
root array (4-byte aligned): NX*NY u32, row-major, row 0 = lat [-90, -82.5),
             column 0 = lon [-180, -172.5).  Entry e:
             e & 0x8000_0000 != 0 -> leaf, zone id = e & 0x7FFF_FFFF
             otherwise             -> internal, node index = e
node array (8-byte aligned): N nodes of 4 slots of W bits = W/2 bytes each,
             node i at byte offset i*W/2, followed by 8 zero bytes of padding
             (so a reader may always do an unaligned 8-byte little-endian load
             of node i and use its low 4*W bits).  Slot c occupies bits
             [c*W, c*W+W) of the node value; c = (ybit << 1) | xbit
             (0 = SW, 1 = SE, 2 = NW, 3 = NE quadrant).  Slot value s:
             s >> (W-1) == 0 -> leaf, zone id = s
             s >> (W-1) == 1 -> internal child; its node index is
                 rank[i >> B]
               + number of internal slots in nodes (i >> B) << B ..< i
               + number of internal slots in node i before slot c
             (with M = sum over c of 1 << (c*W + W-1), "number of internal
             slots" of a node value v is popcount(v & M)).
             Nodes are in BFS order (level by level; within a level in the
             order of their parents' internal slots), which makes the rank
             rule valid: node j is the child of the j-th internal slot, counting
             internal root entries first (row-major) and then node slots.
rank array (4-byte aligned): ceil(N / 2^B) u32: rank[b] = number of internal
             root entries + number of internal slots in nodes 0 ..< b * 2^B.

Lookup(lat, lon):
    X = floor((lon + 180) / 7.5 * 2^K), clamp to [0, NX*2^K - 1]
    Y = floor((lat +  90) / 7.5 * 2^K), clamp to [0, NY*2^K - 1]
    e = root[(Y >> K) * NX + (X >> K)]
    if e is a leaf: return zone(e & 0x7FFFFFFF)
    i = e
    for level in 1...K:
        bit = K - level
        c = (((Y >> bit) & 1) << 1) | ((X >> bit) & 1)
        s = slot c of node i
        if s is a leaf: return zone(s)
        i = rank rule(i, c)
    (unreachable: nodes at the deepest level only hold leaves)

Usage: see REPORT.md.  ``--eval`` runs the accuracy evaluation.
"""

from __future__ import annotations

import argparse
import gzip
import json
import math
import struct
import sys
import time
from collections import Counter
from datetime import datetime, timezone
from zoneinfo import ZoneInfo

import numpy as np

ROOT_DEG = 7.5
NX, NY = 48, 24
MAGIC = b"TZQ1"
LEAF_U32 = 0x8000_0000
INTERNAL_U16 = 0x8000


def log(*a):
    print(f"[{time.strftime('%H:%M:%S')}]", *a, file=sys.stderr, flush=True)


def is_ocean(name: str) -> bool:
    return name.startswith("Etc/GMT")


def etc_for_lon(lon: float) -> str:
    n = int(round(lon / 15.0))
    return "Etc/GMT" if n == 0 else f"Etc/GMT{'-' if n > 0 else '+'}{abs(n)}"


# --------------------------------------------------------------------------
# 1. rasterise all non-ocean rings (outer rings and holes) at depth K
# --------------------------------------------------------------------------
def rasterize(tf, K: int, step: float = 0.5):
    """Return (keys int64, zone int16) unique pairs of depth-K cells crossed by rings."""
    names = tf.timezone_names
    scale = (1 << K) / (ROOT_DEG * 1e7)  # int32 coords (deg * 1e7) -> depth-K cell units
    W, H = NX << K, NY << K
    chunks_k, chunks_z = [], []
    nseg = 0
    nsamp = 0

    def rings():
        for pid in range(tf.nr_of_polygons):
            z = int(tf.zone_id_of(pid))
            if is_ocean(names[z]):
                continue
            yield z, tf.coords_of(pid)
            for hid in tf._hole_ids_of(pid):
                yield z, tf.holes.coords_of(hid)

    buf_k, buf_z, buf_n = [], [], 0
    for z, c in rings():
        x = (c[0].astype(np.float64) + 1.8e9) * scale
        y = (c[1].astype(np.float64) + 0.9e9) * scale
        if x[0] != x[-1] or y[0] != y[-1]:
            x = np.append(x, x[0])
            y = np.append(y, y[0])
        x0, x1, y0, y1 = x[:-1], x[1:], y[:-1], y[1:]
        n = np.ceil(np.maximum(np.abs(x1 - x0), np.abs(y1 - y0)) / step).astype(np.int64) + 1
        nseg += len(n)
        tot = int(n.sum())
        nsamp += tot
        seg = np.repeat(np.arange(len(n)), n)
        start = np.cumsum(n) - n
        t = (np.arange(tot) - start[seg]) / np.maximum(n[seg] - 1, 1)
        px = x0[seg] + (x1[seg] - x0[seg]) * t
        py = y0[seg] + (y1[seg] - y0[seg]) * t
        ix = np.clip(np.floor(px).astype(np.int64), 0, W - 1)
        iy = np.clip(np.floor(py).astype(np.int64), 0, H - 1)
        k = np.unique((iy << 32) | ix)
        buf_k.append(k)
        buf_z.append(np.full(len(k), z, np.int16))
        buf_n += len(k)
        if buf_n > 20_000_000:
            chunks_k.append(np.concatenate(buf_k))
            chunks_z.append(np.concatenate(buf_z))
            buf_k, buf_z, buf_n = [], [], 0
    chunks_k.append(np.concatenate(buf_k))
    chunks_z.append(np.concatenate(buf_z))
    keys = np.concatenate(chunks_k)
    zs = np.concatenate(chunks_z)
    # unique (key, zone) pairs, sorted by key
    comb = (keys << 10) | zs.astype(np.int64)
    comb = np.unique(comb)
    log(f"rasterised {nseg} segments, {nsamp} samples, {len(comb)} (cell, zone) pairs")
    return comb >> 10, (comb & 1023).astype(np.int16)


def aggregate(keys, zs):
    """Per unique cell: hard flag (>= 2 zones) and the single zone (or -1)."""
    uk, idx = np.unique(keys, return_index=True)
    zmin = np.minimum.reduceat(zs, idx)
    zmax = np.maximum.reduceat(zs, idx)
    hard = zmin != zmax
    return uk, hard, zmin


def parent_level(uk, hard, zone):
    """Aggregate a level to its parent level."""
    y = uk >> 32
    x = uk & 0xFFFF_FFFF
    pk = ((y >> 1) << 32) | (x >> 1)
    order = np.argsort(pk, kind="stable")
    pk, hard, zone = pk[order], hard[order], zone[order]
    upk, idx = np.unique(pk, return_index=True)
    anyhard = np.maximum.reduceat(hard.astype(np.int8), idx).astype(bool)
    zmin = np.minimum.reduceat(zone, idx)
    zmax = np.maximum.reduceat(zone, idx)
    return upk, anyhard | (zmin != zmax), zmin


# --------------------------------------------------------------------------
# 2. build the tree
# --------------------------------------------------------------------------
def build(tf, K: int, S: int, step: float = 0.5):
    names = tf.timezone_names
    ocean = np.array([is_ocean(n) for n in names])
    t0 = time.time()
    keys, zs = rasterize(tf, K, step)
    log(f"rasterise: {time.time() - t0:.1f}s")
    # levels[k] = (sorted keys, hard, single-zone) for depth k (0 = root cells)
    levels = [None] * (K + 1)
    levels[K] = aggregate(keys, zs)
    del keys, zs
    for k in range(K - 1, -1, -1):
        levels[k] = parent_level(*levels[k + 1])
    for k in range(K + 1):
        uk, hard, _ = levels[k]
        log(f"depth {k}: {len(uk)} boundary cells, {int(hard.sum())} hard")

    def classify(k, cx, cy):
        """For cells at depth k: returns (internal bool[], leafzone int[] or -1 = needs lookup)."""
        uk, hard, zone = levels[k]
        q = (cy << 32) | cx
        pos = np.searchsorted(uk, q)
        pos = np.minimum(pos, len(uk) - 1)
        inb = uk[pos] == q
        h = inb & hard[pos]
        soft = inb & ~h
        if k < S:
            internal = inb
        elif k < K:
            internal = h
        else:
            internal = np.zeros_like(inb)
        leafzone = np.full(len(cx), -1, np.int64)
        # soft leaf -> its single land zone, but only if a 3x3 sample of the
        # cell finds nothing but that zone and ocean (otherwise the "other
        # side" of the ring is not sea: overlapping zones such as Asia/Urumqi
        # over Asia/Shanghai) -> treat as hard.
        sl = np.nonzero(soft & ~internal)[0]
        if len(sl):
            z1 = zone[pos[sl]].astype(np.int64)
            ok = soft_cell_ok(k, cx[sl], cy[sl], z1)
            leafzone[sl[ok]] = z1[ok]
            bad = sl[~ok]
            if k < K:
                internal[bad] = True  # children are classified (and checked) again
            else:
                leafzone[bad] = -2
        # hard leaf at depth K -> centre with land preference (-2 marker)
        hl = h & ~internal
        leafzone[hl] = -2
        return internal, leafzone

    frac = np.array([0.02, 0.5, 0.98])
    offs = [(a, b) for a in frac for b in frac]

    def soft_cell_ok(k, cx, cy, z1):
        size = ROOT_DEG / (1 << k)
        ok = np.ones(len(cx), bool)
        for a, b in offs:
            ids = tf.timezone_ids_at(lngs=-180 + (cx + a) * size, lats=-90 + (cy + b) * size).astype(np.int64)
            ok &= (ids == z1) | ocean[ids]
        return ok

    def lookup_centres(k, cx, cy, marker):
        size = ROOT_DEG / (1 << k)
        lon = -180 + (cx + 0.5) * size
        lat = -90 + (cy + 0.5) * size
        ids = tf.timezone_ids_at(lngs=lon, lats=lat).astype(np.int64)
        # hard leaves: prefer land if the centre is ocean
        m = (marker == -2) & ocean[ids]
        if m.any():
            sel = np.nonzero(m)[0]
            q = size / 4
            subs = []
            for dx, dy in ((-q, -q), (q, -q), (-q, q), (q, q)):
                subs.append(tf.timezone_ids_at(lngs=lon[sel] + dx, lats=lat[sel] + dy).astype(np.int64))
            subs = np.stack(subs, 1)
            for j, r in zip(sel, subs):
                land = [int(v) for v in r if not ocean[v]]
                if land:
                    ids[j] = Counter(land).most_common(1)[0][0]
        return ids

    def resolve(k, cx, cy):
        internal, leafzone = classify(k, cx, cy)
        need = (~internal) & (leafzone < 0)
        if need.any():
            leafzone[need] = lookup_centres(k, cx[need], cy[need], leafzone[need])
        return internal, leafzone

    t1 = time.time()
    ry, rx = np.divmod(np.arange(NX * NY, dtype=np.int64), NX)
    internal, leafzone = resolve(0, rx, ry)
    # per level: slot value (zone id, or -1 = internal child)
    root_vals = np.where(internal, -1, leafzone)
    cur_x, cur_y = rx[internal], ry[internal]
    levels_vals = []
    for k in range(1, K + 1):
        if len(cur_x) == 0:
            break
        # children in node order, slot order c = ybit<<1 | xbit
        cx = (np.repeat(cur_x, 4) << 1) | np.tile([0, 1, 0, 1], len(cur_x))
        cy = (np.repeat(cur_y, 4) << 1) | np.tile([0, 0, 1, 1], len(cur_y))
        internal, leafzone = resolve(k, cx, cy)
        levels_vals.append(np.where(internal, -1, leafzone).reshape(-1, 4))
        cur_x, cur_y = cx[internal], cy[internal]
        log(f"level {k}: {len(cx) // 4} nodes, {int(internal.sum())} internal children")
    log(f"tree build: {time.time() - t1:.1f}s, nodes={sum(len(v) for v in levels_vals)}")
    # prune bottom-up: a node whose 4 children are leaves of one zone becomes a leaf
    # (lossless: the table answers exactly the same).
    for li in range(len(levels_vals) - 1, -1, -1):
        v = levels_vals[li]
        collapse = (v[:, 0] >= 0) & (v == v[:, :1]).all(1)
        parent = root_vals if li == 0 else levels_vals[li - 1].reshape(-1)
        pidx = np.nonzero(parent < 0)[0]          # internal slots of the parent level, in order
        assert len(pidx) == len(v)
        parent[pidx[collapse]] = v[collapse, 0]
        levels_vals[li] = v[~collapse]
    levels_vals = [v for v in levels_vals if len(v)]
    log(f"after pruning: nodes={sum(len(v) for v in levels_vals)}")
    nint = int((root_vals < 0).sum())
    root = np.where(root_vals < 0, 0, LEAF_U32 | np.maximum(root_vals, 0)).astype(np.uint32)
    root[root_vals < 0] = np.arange(nint, dtype=np.uint32)
    allv = np.concatenate([v.reshape(-1) for v in levels_vals]) if levels_vals else np.zeros(0, np.int64)
    slots = np.where(allv < 0, INTERNAL_U16, allv).astype(np.uint16)
    return root, slots, nint


def encode(names, K, B, root, slots, nint, data_version, slot_bits=16):
    """slots: uint16 array, 4 per node, INTERNAL_U16 flag or zone id (BFS order)."""
    N = len(slots) // 4
    internal = (slots & INTERNAL_U16) != 0
    per_node = internal.reshape(-1, 4).sum(1) if N else np.zeros(0, np.int64)
    nblocks = (N + (1 << B) - 1) >> B
    cum = np.concatenate([[0], np.cumsum(per_node)]).astype(np.int64) + nint
    rank = cum[np.arange(nblocks) << B].astype(np.uint32) if N else np.zeros(0, np.uint32)
    if len(names) >= (1 << (slot_bits - 1)):
        raise SystemExit(f"{len(names)} zones do not fit in {slot_bits}-bit slots")

    # pack nodes: node = 4 slots of slot_bits bits, slot c at bits [c*w, c*w+w),
    # internal flag = top bit of the slot; node i occupies bytes [i*w/2, i*w/2 + w/2)
    w = slot_bits
    assert w in (10, 16)
    vals = slots.astype(np.uint64)
    vals = np.where(internal, np.uint64(1 << (w - 1)), vals).reshape(-1, 4) if N else np.zeros((0, 4), np.uint64)
    packed = np.zeros(N, np.uint64)
    for c in range(4):
        packed |= vals[:, c] << np.uint64(w * c)
    node_bytes = w // 2  # 4*w bits = w/2 bytes
    nb = packed.astype("<u8").view(np.uint8).reshape(-1, 8)[:, :node_bytes].reshape(-1).tobytes()
    nb += b"\0" * 8  # padding so a reader may always load 8 bytes per node

    name_tbl = b"".join(bytes([len(n)]) + n.encode("ascii") for n in names)
    hdr_len = 48
    off_names = hdr_len
    off_root = (off_names + len(name_tbl) + 3) & ~3
    off_nodes = (off_root + 4 * len(root) + 7) & ~7
    off_rank = (off_nodes + len(nb) + 3) & ~3
    total = off_rank + 4 * len(rank)
    dv = data_version.encode("ascii")[:4].ljust(4, b"\0")
    hdr = struct.pack("<4sHBBHHHBBIIIIIII4s", MAGIC, 1, K, B, NX, NY, len(names), w, 0, N,
                      int(ROOT_DEG * 1e6), off_names, off_root, off_nodes, off_rank, total, dv)
    assert len(hdr) == hdr_len, len(hdr)
    out = bytearray(total)
    out[0:hdr_len] = hdr
    out[off_names:off_names + len(name_tbl)] = name_tbl
    out[off_root:off_root + 4 * len(root)] = root.astype("<u4").tobytes()
    out[off_nodes:off_nodes + len(nb)] = nb
    out[off_rank:off_rank + 4 * len(rank)] = rank.astype("<u4").tobytes()
    return bytes(out)


# --------------------------------------------------------------------------
# 3. reader (reference implementation of the lookup, used by the evaluation)
# --------------------------------------------------------------------------
class Table:
    def __init__(self, data: bytes):
        (magic, ver, K, B, nx, ny, Z, w, _r, N, _deg, o_names, o_root, o_nodes, o_rank, total,
         dv) = struct.unpack_from("<4sHBBHHHBBIIIIIII4s", data, 0)
        assert magic == MAGIC and ver == 1 and total == len(data) and w in (10, 16)
        self.K, self.B, self.nx, self.ny, self.w = K, B, nx, ny, w
        p = o_names
        self.names = []
        for _ in range(Z):
            ln = data[p]
            self.names.append(data[p + 1:p + 1 + ln].decode("ascii"))
            p += 1 + ln
        self.root = np.frombuffer(data, "<u4", nx * ny, o_root)
        nbytes = w // 2
        raw = np.frombuffer(data, np.uint8, N * nbytes, o_nodes).reshape(N, nbytes)
        v = np.zeros(N, np.uint64)
        for j in range(nbytes):
            v |= raw[:, j].astype(np.uint64) << np.uint64(8 * j)
        slots = np.stack([(v >> np.uint64(w * c)) & np.uint64((1 << w) - 1) for c in range(4)], 1).astype(np.int64)
        self.inflag = (slots >> (w - 1)) != 0
        self.slots = np.where(self.inflag, INTERNAL_U16, slots).astype(np.uint16)  # normalised to 16-bit form
        self.rank = np.frombuffer(data, "<u4", (N + (1 << B) - 1) >> B, o_rank)
        self.data_version = dv.rstrip(b"\0").decode()

    def lookup_id(self, lat: float, lon: float) -> int:
        K = self.K
        X = min(max(int(math.floor((lon + 180.0) / ROOT_DEG * (1 << K))), 0), (self.nx << K) - 1)
        Y = min(max(int(math.floor((lat + 90.0) / ROOT_DEG * (1 << K))), 0), (self.ny << K) - 1)
        e = int(self.root[(Y >> K) * self.nx + (X >> K)])
        if e & LEAF_U32:
            return e & 0x7FFF_FFFF
        i = e
        for level in range(1, K + 1):
            bit = K - level
            c = (((Y >> bit) & 1) << 1) | ((X >> bit) & 1)
            s = int(self.slots[i, c])
            if not s & INTERNAL_U16:
                return s
            b0 = (i >> self.B) << self.B
            i = int(self.rank[i >> self.B]) + int(self.inflag[b0:i].sum()) + int(self.inflag[i, :c].sum())
        raise AssertionError("corrupt table")

    def lookup_ids(self, lats, lons):
        """Vectorised version of lookup_id (same algorithm)."""
        K = self.K
        lats = np.asarray(lats, np.float64)
        lons = np.asarray(lons, np.float64)
        X = np.clip(np.floor((lons + 180.0) / ROOT_DEG * (1 << K)).astype(np.int64), 0, (self.nx << K) - 1)
        Y = np.clip(np.floor((lats + 90.0) / ROOT_DEG * (1 << K)).astype(np.int64), 0, (self.ny << K) - 1)
        e = self.root[(Y >> K) * self.nx + (X >> K)].astype(np.int64)
        out = np.where(e & LEAF_U32, e & 0x7FFF_FFFF, -1)
        node = np.where(e & LEAF_U32, -1, e)
        # prefix sums of internal flags over the whole node array -> rank rule
        if not hasattr(self, "_cum"):
            per = self.inflag.sum(1)
            self._cum = np.concatenate([[0], np.cumsum(per)])
        for level in range(1, K + 1):
            act = node >= 0
            if not act.any():
                break
            bit = K - level
            i = node[act]
            c = (((Y[act] >> bit) & 1) << 1) | ((X[act] >> bit) & 1)
            s = self.slots[i, c].astype(np.int64)
            leaf = (s & INTERNAL_U16) == 0
            idx = np.nonzero(act)[0]
            out[idx[leaf]] = s[leaf]
            b0 = (i >> self.B) << self.B
            before = self._cum[i] - self._cum[b0]
            within = np.array([self.inflag[a, :b].sum() for a, b in zip(i, c)]) if len(i) else np.zeros(0, int)
            nxt = self.rank[i >> self.B].astype(np.int64) + before + within
            node[idx] = np.where(leaf, -1, nxt)
        return out


# --------------------------------------------------------------------------
# 4. evaluation
# --------------------------------------------------------------------------
BORDER_TOWNS = [
    # name, lat, lon, expected
    ("Gdansk", 54.352, 18.646, "Europe/Warsaw"),
    ("Frankfurt", 50.11, 8.68, "Europe/Berlin"),
    ("Badajoz", 38.88, -6.97, "Europe/Madrid"),
    ("Elvas (PT, 10 km from Badajoz)", 38.881, -7.163, "Europe/Lisbon"),
    ("Haparanda", 65.84, 24.14, "Europe/Stockholm"),
    ("Tornio", 65.848, 24.167, "Europe/Helsinki"),
    ("Suwalki", 54.10, 22.93, "Europe/Warsaw"),
    ("Evansville", 37.97, -87.57, "America/Chicago"),
    ("Ivangorod", 59.37, 28.21, "Europe/Moscow"),
    ("Narva", 59.377, 28.19, "Europe/Tallinn"),
    ("Valga (EE)", 57.776, 26.047, "Europe/Tallinn"),
    ("Valka (LV)", 57.773, 26.015, "Europe/Riga"),
    ("Goerlitz", 51.152, 14.987, "Europe/Berlin"),
    ("Zgorzelec", 51.150, 15.008, "Europe/Warsaw"),
    ("Kehl", 48.573, 7.816, "Europe/Berlin"),
    ("Strasbourg", 48.583, 7.746, "Europe/Paris"),
    ("El Paso", 31.759, -106.487, "America/Denver"),
    ("Ciudad Juarez", 31.690, -106.424, "America/Ciudad_Juarez"),
    ("San Diego", 32.716, -117.161, "America/Los_Angeles"),
    ("Tijuana", 32.514, -117.038, "America/Tijuana"),
    ("Detroit", 42.331, -83.046, "America/Detroit"),
    ("Windsor ON", 42.302, -83.030, "America/Toronto"),
    ("Kolkata", 22.573, 88.364, "Asia/Kolkata"),
    ("Kathmandu", 27.717, 85.324, "Asia/Kathmandu"),
    ("St John's NL", 47.561, -52.713, "America/St_Johns"),
    ("Chatham Islands (Waitangi)", -43.954, -176.559, "Pacific/Chatham"),
    ("Eucla", -31.677, 128.883, "Australia/Eucla"),
    ("Lord Howe Island", -31.553, 159.082, "Australia/Lord_Howe"),
    ("Basel", 47.560, 7.588, "Europe/Zurich"),
    ("Weil am Rhein", 47.594, 7.620, "Europe/Berlin"),
    ("Saint-Louis (FR)", 47.590, 7.560, "Europe/Paris"),
    ("Geneva", 46.204, 6.143, "Europe/Zurich"),
    ("Baarle-Nassau (NL)", 51.4447, 4.9292, "Europe/Amsterdam"),
    ("Blagoveshchensk", 50.273, 127.540, "Asia/Yakutsk"),
    ("Heihe", 50.245, 127.489, "Asia/Shanghai"),
    ("Kaliningrad", 54.710, 20.511, "Europe/Kaliningrad"),
    ("Tabatinga (BR)", -4.252, -69.938, "America/Manaus"),
    ("Leticia (CO)", -4.215, -69.940, "America/Bogota"),
    ("Nogales AZ", 31.340, -110.934, "America/Phoenix"),
    ("Nogales Sonora", 31.308, -110.943, "America/Hermosillo"),
    ("Tecate", 32.573, -116.627, "America/Tijuana"),
    ("Calexico", 32.679, -115.499, "America/Los_Angeles"),
    ("Mexicali", 32.624, -115.452, "America/Tijuana"),
    ("Sault Ste Marie MI", 46.495, -84.345, "America/Detroit"),
    ("Broken Hill", -31.956, 141.467, "Australia/Broken_Hill"),
    ("Tweed Heads (NSW)", -28.176, 153.541, "Australia/Sydney"),
    ("Coolangatta (QLD)", -28.169, 153.536, "Australia/Brisbane"),
    ("Indianapolis", 39.768, -86.158, "America/Indiana/Indianapolis"),
    ("Open Atlantic 30N 30W", 30.0, -30.0, "Etc/GMT+2"),
    ("Open Pacific 0N 170E", 0.0, 170.0, "Etc/GMT-11"),
    ("North Sea 55N 3E", 55.5, 3.0, "Etc/GMT"),
]


def offsets(name, instants):
    z = ZoneInfo(name)
    return tuple(int(t.astimezone(z).utcoffset().total_seconds()) for t in instants)


def sample_sphere(rng, n):
    lon = rng.uniform(-180, 180, n)
    lat = np.degrees(np.arcsin(rng.uniform(-1, 1, n)))
    return lat, lon


def evaluate(tf, table: Table, n_land: int, n_sea: int, seed: int = 12345):
    names = tf.timezone_names
    assert table.names == list(names)
    ocean = np.array([is_ocean(n) for n in names])
    etcutc = names.index("Etc/UTC") if "Etc/UTC" in names else -1
    instants = [datetime(2024, 1, 15, 12, tzinfo=timezone.utc), datetime(2024, 7, 15, 12, tzinfo=timezone.utc)]
    off = {}

    def off_of(z):
        if z not in off:
            off[z] = offsets(names[z], instants)
        return off[z]

    rng = np.random.default_rng(seed)
    res = {}
    # land points (area-uniform on the sphere; land = exact answer is not an Etc/* zone)
    lats, lons = [], []
    while sum(map(len, lats)) < n_land:
        la, lo = sample_sphere(rng, 200_000)
        ids = tf.timezone_ids_at(lngs=lo, lats=la)
        keep = ~ocean[ids] & (ids != etcutc)
        lats.append(la[keep])
        lons.append(lo[keep])
    la = np.concatenate(lats)[:n_land]
    lo = np.concatenate(lons)[:n_land]
    # sea points
    sla, slo = sample_sphere(rng, n_sea * 3)
    sid = tf.timezone_ids_at(lngs=slo, lats=sla)
    keep = ocean[sid]
    sla, slo = sla[keep][:n_sea], slo[keep][:n_sea]

    for label, a, b in (("land", la, lo), ("sea", sla, slo)):
        exact = tf.timezone_ids_at(lngs=b, lats=a).astype(np.int64)
        t = time.time()
        got = table.lookup_ids(a, b)
        dt = time.time() - t
        name_ok = got == exact
        off_ok = np.array([off_of(int(g)) == off_of(int(e)) for g, e in zip(got, exact)])
        res[label] = dict(n=int(len(a)), name_match=float(name_ok.mean()), offset_match=float(off_ok.mean()),
                          name_mismatches=int((~name_ok).sum()), offset_mismatches=int((~off_ok).sum()),
                          py_vectorised_lookup_s=round(dt, 3))
        bad = np.nonzero(~off_ok)[0][:15]
        res[label]["offset_mismatch_examples"] = [
            (round(float(a[j]), 4), round(float(b[j]), 4), names[exact[j]], names[got[j]]) for j in bad]
    if len(sla):
        formula_ok = np.array([etc_for_lon(float(x)) == names[int(z)] for x, z in zip(slo, tf.timezone_ids_at(lngs=slo, lats=sla))])
        res["sea"]["exact_equals_lon_formula"] = float(formula_ok.mean())

    # towns
    towns = []
    for (nm, lat, lon, expect) in BORDER_TOWNS:
        ex = tf.timezone_at(lng=lon, lat=lat)
        z = table.lookup_id(lat, lon)
        got = names[z]
        towns.append(dict(town=nm, lat=lat, lon=lon, expected=expect, exact=ex, table=got,
                          ok_vs_exact=got == ex, offset_ok_vs_exact=offsets(got, instants) == offsets(ex, instants)))
    res["towns"] = towns
    return res


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--max-depth", "-K", type=int, default=11, help="depth for land borders (cell = 7.5/2^K deg)")
    ap.add_argument("--sea-depth", "-S", type=int, default=8, help="depth for coast/sea-only borders")
    ap.add_argument("--block-bits", type=int, default=4, help="log2 nodes per rank block")
    ap.add_argument("--step", type=float, default=0.5, help="ring sampling step in depth-K cells")
    ap.add_argument("--slot-bits", type=int, default=10, choices=(10, 16),
                    help="bits per node slot (10: 5-byte nodes, zone ids < 512; 16: 8-byte nodes)")
    ap.add_argument("--out", "-o", default="Sources/CTrailcastZoneBoundaries/zone-boundaries.bin")
    ap.add_argument("--eval", action="store_true")
    ap.add_argument("--n-land", type=int, default=20000)
    ap.add_argument("--n-sea", type=int, default=5000)
    ap.add_argument("--json", help="write stats/eval json here")
    args = ap.parse_args()

    from timezonefinder import TimezoneFinder
    import timezonefinder
    import timezonefinder_data

    tf = TimezoneFinder(in_memory=True)
    t0 = time.time()
    root, slots, nint = build(tf, args.max_depth, min(args.sea_depth, args.max_depth), args.step)
    data = encode(list(tf.timezone_names), args.max_depth, args.block_bits, root, slots, nint, tf.data_version,
                  args.slot_bits)
    gen_s = time.time() - t0
    with open(args.out, "wb") as f:
        f.write(data)
    gz = len(gzip.compress(data, 9))
    try:
        import lzma
        xz = len(lzma.compress(data, preset=9 | lzma.PRESET_EXTREME))
    except Exception:
        xz = None
    stats = dict(K=args.max_depth, S=args.sea_depth, slot_bits=args.slot_bits, cell_deg=ROOT_DEG / (1 << args.max_depth),
                 sea_cell_deg=ROOT_DEG / (1 << args.sea_depth), nodes=len(slots) // 4, bytes=len(data),
                 gzip9=gz, xz=xz, generation_s=round(gen_s, 1),
                 timezonefinder=timezonefinder.__version__ if hasattr(timezonefinder, "__version__") else None,
                 timezonefinder_data=timezonefinder_data.__version__, boundary_release=tf.data_version)
    log(json.dumps(stats))
    out = dict(stats=stats)
    if args.eval:
        t = Table(data)
        out["eval"] = evaluate(tf, t, args.n_land, args.n_sea)
        ev = out["eval"]
        log("land", {k: v for k, v in ev["land"].items() if k != "offset_mismatch_examples"})
        log("sea", {k: v for k, v in ev["sea"].items() if k != "offset_mismatch_examples"})
        for tw in ev["towns"]:
            if not tw["ok_vs_exact"] or tw["exact"] != tw["expected"]:
                log("town", tw)
        log("towns ok vs exact:", sum(t["ok_vs_exact"] for t in ev["towns"]), "/", len(ev["towns"]))
    if args.json:
        with open(args.json, "w") as f:
            json.dump(out, f, indent=1)
    print(json.dumps(stats))


if __name__ == "__main__":
    main()
