#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
"""Trailcast live-stream benchmark (stdlib only): memory with a client that never reads.

Starts `trailcast replay WALK --loop 0 --speed 10000 --interval 1 --weather none
--serve 127.0.0.1:0 --format jsonl --output FILE`, connects one client to GET /events
with a 4 KB receive buffer that never reads, and prints the run's peak resident memory
(VmHWM from /proc) each time the timeline grows by another step of megabytes. The events
the client has not read stay in the server's on-disk journal, so the peak should stay
flat however far the client falls behind; memory held per unread event would rise with
every row.

    live-stalled-client.py [--trailcast BIN] [--file WALK] [--megabytes 60] [--step 10]

Linux only (/proc). A loaded machine can lift the peak by a few MB once: NIO queues
writes on its event loop until the loop sees the socket is full.
"""
import argparse
import os
import re
import socket
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def peak_kib(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    return None


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--trailcast", default=os.environ.get("TRAILCAST_BIN", os.path.join(ROOT, ".build-bench/release/trailcast")))
    parser.add_argument("--file", default=os.path.join(ROOT, "gpx/sf-waterfront-walk.gpx"))
    parser.add_argument("--megabytes", type=int, default=60)
    parser.add_argument("--step", type=int, default=10)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        timeline = os.path.join(scratch, "run.jsonl")
        process = subprocess.Popen(
            [args.trailcast, "replay", args.file, "--loop", "0", "--speed", "10000", "--interval", "1",
             "--weather", "none", "--serve", "127.0.0.1:0", "--format", "jsonl", "--output", timeline],
            stderr=subprocess.PIPE, text=True)
        port = None
        for line in process.stderr:
            match = re.search(r"serving the live run on http://127\.0\.0\.1:(\d+)", line)
            if match:
                port = int(match.group(1))
                break
        if port is None:
            sys.exit("trailcast did not say where it serves")
        client = socket.socket()
        client.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        client.connect(("127.0.0.1", port))
        client.sendall(b"GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        print(f"{'timeline MB':>12} {'peak RSS KiB':>13}")
        first = None
        try:
            for megabytes in range(args.step, args.megabytes + 1, args.step):
                while os.path.exists(timeline) is False or os.path.getsize(timeline) < megabytes * 1_000_000:
                    time.sleep(0.05)
                peak = peak_kib(process.pid)
                first = first or peak
                print(f"{megabytes:>12} {peak:>13}")
        finally:
            process.send_signal(2)
            process.wait(timeout=30)
            client.close()
        print(f"growth after the first {args.step} MB: {peak - first} KiB while the client read nothing")


if __name__ == "__main__":
    main()
