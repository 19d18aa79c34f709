# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
"""One run of a command, timed: what the side-by-side benchmarks (route-formats.py,
export-vs-replay.py, inspect-floor.py) measure of each run."""
import os
import subprocess
import sys
import time
from dataclasses import dataclass


@dataclass
class Run:
    wall_seconds: float
    cpu_seconds: float  # user + system, from wait4
    peak_rss_kib: int


def timed(command):
    """Runs `command` (its standard output discarded) and measures it; exits the script if
    the command fails, naming it and its status."""
    started = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL)
    _, status, usage = os.wait4(process.pid, 0)
    elapsed = time.perf_counter() - started
    code = os.waitstatus_to_exitcode(status)
    if code != 0:
        sys.exit(f"failed ({code}): {' '.join(command)}")
    return Run(elapsed, usage.ru_utime + usage.ru_stime, usage.ru_maxrss)
