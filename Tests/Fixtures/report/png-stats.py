#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
"""Pixel statistics of a PNG (8-bit RGB or RGBA, not interlaced: what Chromium writes),
with the standard library only, for the report's browser test.

Prints one JSON object: width, height, the fraction of pixels that are not near-white,
the number of distinct colours, and how many pixels are near each colour given as
#rrggbb arguments (within 12 per channel)."""
import json
import struct
import sys
import zlib


def read_png(path):
    with open(path, "rb") as handle:
        data = handle.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise SystemExit("not a PNG")
    offset, idat, header = 8, [], None
    while offset < len(data):
        length, kind = struct.unpack(">I4s", data[offset:offset + 8])
        body = data[offset + 8:offset + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat.append(body)
        offset += 12 + length
    width, height, depth, colour, _, _, interlace = header
    if depth != 8 or colour not in (2, 6) or interlace != 0:
        raise SystemExit(f"unsupported PNG: depth {depth}, colour type {colour}, interlace {interlace}")
    channels = 3 if colour == 2 else 4
    raw = zlib.decompress(b"".join(idat))
    stride = width * channels
    rows, previous, position = [], bytearray(stride), 0
    for _ in range(height):
        kind = raw[position]
        line = bytearray(raw[position + 1:position + 1 + stride])
        position += 1 + stride
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up = previous[i]
            upper_left = previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + left) & 0xFF
            elif kind == 2:
                line[i] = (line[i] + up) & 0xFF
            elif kind == 3:
                line[i] = (line[i] + ((left + up) >> 1)) & 0xFF
            elif kind == 4:
                estimate = left + up - upper_left
                pa, pb, pc = abs(estimate - left), abs(estimate - up), abs(estimate - upper_left)
                predictor = left if pa <= pb and pa <= pc else up if pb <= pc else upper_left
                line[i] = (line[i] + predictor) & 0xFF
        rows.append(bytes(line))
        previous = line
    return width, height, channels, rows


def main():
    path, wanted = sys.argv[1], sys.argv[2:]
    width, height, channels, rows = read_png(path)
    targets = [tuple(int(colour[i:i + 2], 16) for i in (1, 3, 5)) for colour in wanted]
    near = [0] * len(targets)
    colours, inked = set(), 0
    for row in rows:
        for x in range(0, len(row), channels):
            pixel = (row[x], row[x + 1], row[x + 2])
            colours.add(pixel)
            if min(pixel) < 240:
                inked += 1
            for index, target in enumerate(targets):
                if all(abs(pixel[c] - target[c]) <= 12 for c in range(3)):
                    near[index] += 1
    print(json.dumps({
        "width": width, "height": height, "inkedFraction": inked / (width * height),
        "distinctColours": len(colours), "near": dict(zip(wanted, near)),
    }))


main()
