#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
"""Writes the KMZ fixtures of Tests/RouteReaderTests/KMZReaderTests.swift with Python's own
zipfile module (an independent zip writer): run it from this folder."""
import io
import zipfile

KML = b"""<?xml version="1.0" encoding="UTF-8"?>
<kml xmlns="http://www.opengis.net/kml/2.2" xmlns:gx="http://www.google.com/kml/ext/2.2">
<Document><Placemark><name>Ride</name><gx:Track>
<when>2026-06-13T16:00:00Z</when><when>2026-06-13T16:00:01Z</when><when>2026-06-13T16:00:02Z</when>
<gx:coord>8.5 47.3 400</gx:coord><gx:coord>8.5001 47.3001 401</gx:coord><gx:coord>8.5002 47.3002 402</gx:coord>
</gx:Track></Placemark></Document></kml>
"""


class Unseekable(io.RawIOBase):
    """A stream zipfile cannot seek back in: it writes data descriptors (general bit 3)."""

    def __init__(self):
        self.data = bytearray()

    def writable(self):
        return True

    def write(self, chunk):
        self.data += chunk
        return len(chunk)


def entry(name, method=zipfile.ZIP_DEFLATED):
    """An entry dated 2026-11-26, so that the files are the same on every run."""
    info = zipfile.ZipInfo(name, date_time=(2026, 11, 26, 0, 0, 0))
    info.compress_type = method
    return info


def archive(path, entries, method=zipfile.ZIP_DEFLATED):
    with zipfile.ZipFile(path, "w", method) as z:
        for name, data in entries:
            z.writestr(entry(name, method), data)


archive("deflated.kmz", [("files/icon.png", b"\x89PNG" + bytes(3000)), ("doc.kml", KML)])
archive("stored.kmz", [("doc.kml", KML)], zipfile.ZIP_STORED)
# A KML entry named in capitals, as some exporters on Windows write it.
archive("upper-case-name.kmz", [("DOC.KML", KML)])
stream = Unseekable()
with zipfile.ZipFile(stream, "w", zipfile.ZIP_DEFLATED) as z:
    for name, data in [("icon.png", bytes(5000)), ("doc.kml", KML)]:
        with z.open(entry(name), "w") as opened:
            opened.write(data)
open("data-descriptors.kmz", "wb").write(bytes(stream.data))
archive("no-kml.kmz", [("readme.txt", b"no KML here")])
# A photo compressed with bzip2 (a method Trailcast does not inflate) before a KML whose path
# is longer than any message quotes: the photo is passed over by its size, the KML found.
with zipfile.ZipFile("long-name-after-bzip2.kmz", "w") as z:
    z.writestr(entry("images/photo.jpg", zipfile.ZIP_BZIP2), bytes(range(256)) * 8)
    z.writestr(entry("exports/" + "a-very-long-folder-name/" * 5 + "doc.kml"), KML)
# 4 MiB of white space inside the root element: well-formed, and over 200 times smaller zipped.
archive("bomb.kmz", [("doc.kml", b"<kml>" + b" " * (4 << 20) + b"</kml>")])
damaged = bytearray(open("stored.kmz", "rb").read())
damaged[14] ^= 0xFF  # the local header's CRC-32
open("wrong-crc.kmz", "wb").write(bytes(damaged))
open("truncated.kmz", "wb").write(open("deflated.kmz", "rb").read()[:200])
