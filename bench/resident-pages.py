#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
"""Which parts of the trailcast binary a command has resident, by ELF section (issue 15's
leaner binary). Starts `BINARY ARGS... FIFO`, which blocks opening the FIFO after start-up,
reads /proc/PID/pagemap (needs root) for the binary's mappings, then lets it finish.

    python3 bench/resident-pages.py .build-static/release/trailcast inspect

Use an unstripped binary (strip keeps the layout, but names the sections the same
either way). Prints KiB resident per section, largest first.
"""
import collections
import os
import re
import struct
import subprocess
import sys
import tempfile
import time


def main():
    binary = os.path.realpath(sys.argv[1])
    directory = tempfile.mkdtemp(prefix="trailcast-pages-")
    fifo = os.path.join(directory, "wait.gpx")
    os.mkfifo(fifo)
    process = subprocess.Popen([binary] + sys.argv[2:] + [fifo], stdout=subprocess.DEVNULL)
    time.sleep(0.7)  # start-up done; it now blocks opening the FIFO
    resident = []
    with open("/proc/%d/maps" % process.pid) as maps, open("/proc/%d/pagemap" % process.pid, "rb") as pagemap:
        for line in maps:
            parts = line.split()
            if len(parts) < 6 or parts[5] != binary:
                continue
            start, end = (int(x, 16) for x in parts[0].split("-"))
            offset = int(parts[2], 16)
            for address in range(start, end, 4096):
                pagemap.seek(address // 4096 * 8)
                if struct.unpack("Q", pagemap.read(8))[0] >> 63:
                    resident.append(address - start + offset)
    with open(fifo, "w") as writer:
        writer.write("<gpx/>")
    process.wait()
    os.remove(fifo)
    os.rmdir(directory)
    sections = []
    headers = subprocess.run(["readelf", "-SW", binary], capture_output=True, text=True, check=True).stdout
    for line in headers.splitlines():
        match = re.match(r"\s*\[\s*\d+\]\s+(\S+)\s+\S+\s+[0-9a-f]+\s+([0-9a-f]+)\s+([0-9a-f]+)", line)
        if match:
            sections.append((int(match.group(2), 16), int(match.group(3), 16), match.group(1)))
    pages = collections.Counter()
    for page in resident:
        name = next((n for o, size, n in sections if o < page + 4096 and page < o + size), "(none)")
        pages[name] += 1
    sizes = {n: size for o, size, n in sections}
    print("%d KiB of %s resident" % (len(resident) * 4, os.path.basename(binary)))
    for name, count in pages.most_common():
        print("%8d KiB  %-28s of %d KiB" % (count * 4, name, sizes.get(name, 0) // 1024))


if __name__ == "__main__":
    main()
