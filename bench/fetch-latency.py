#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
"""Trailcast weather fetch latency (stdlib only): p50/p99 of trailcast's own
Open-Meteo fetches against a local `trailcast serve-weather`, next to a plain
Python client sending the same requests to the same kind of server.

One run:

1. Start `TRAILCAST serve-weather --port 0` and read the port from its first
   standard output line (`serve-weather: listening on http://127.0.0.1:PORT`).
2. Run `TRAILCAST replay TRACK --weather-url http://127.0.0.1:PORT
   --weather-cell CELL --format jsonl` (virtual time: each fetch is awaited in
   order, so fetches never overlap) and take `fetchMs` from every `weather`
   event whose source is `network`: trailcast's wall time per fetch, from
   building the request through the server's answer to decoding its JSON.
3. Stop the server with SIGINT (it must exit 0) and take the request targets
   (path and query) from its log, one line per request on standard error:
   `... GET /v1/archive?latitude=... 200 1 ms`.
4. Reference: start a second, fresh server and send exactly those targets, in
   order, from Python over one persistent http.client.HTTPConnection, timing
   each request from sending it to having read and json.loads()-ed the body.
   Stop that server too.

Both clients pay the same server time (the server's own per-request time is
in its log and reported too) and the first request of each pays for the TCP
connection, so the difference between the rows is the client: trailcast's HTTP
stack, its hop between the replay and the event loop, and its decoding.

    fetch-latency.py [--trailcast BIN] [--track FILE] [--cell DEG] [--runs N]
                     [--json OUT] [--only PATTERN] [--source-id TEXT]

TRAILCAST defaults to $TRAILCAST_BIN; TRACK to gpx/zurich-lake-ride.gpx (a
64-minute, 27 km ride: ~720 fetches with --cell 0.0005). With --runs N the
table shows the median over runs of each run's p50 and p99, and the maximum
over runs. Normally run by bench/run after bench/measure.py. Exits 1 when a
measurement could not be made (server did not start or stop cleanly, replay
failed, a request did not answer 200).
"""
import argparse
import atexit
import fnmatch
import http.client
import json
import os
import re
import selectors
import signal
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from pacing import cpu_times, percentile  # noqa: E402  (as in the pacing table)

NAME = "trailcast weather fetch latency"
TRAILCAST_ROW = "trailcast replay (fetchMs)"
REFERENCE_ROW = "python http.client (reference)"
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_TRACK = os.path.join(ROOT, "gpx", "zurich-lake-ride.gpx")
DEFAULT_CELL = 0.0005

LISTENING_RE = re.compile(rb"listening on http://(\S+?):(\d+)\s*$")
# `2026-11-22T04:12:55+0000 info trailcast.serve-weather: [WeatherServer] GET /v1/archive?... 200 7 ms`
REQUEST_RE = re.compile(r"\] ([A-Z]+) (/\S*) (\S+) (\d+) ms(?: fault=(\S+))?\s*$")


class MeasurementError(Exception):
    """A measurement that could not be made: a one-line message, and details for stderr."""

    def __init__(self, message, detail=""):
        super().__init__(message)
        self.detail = detail


# --- child processes ----------------------------------------------------------
# Every child is registered here and killed on any exit (normal, exception,
# SIGTERM/SIGHUP, Ctrl-C), so no server outlives the script.
_children = []


def _kill_children():
    for p in _children:
        if p.poll() is None:
            try:
                p.kill()
                p.wait(timeout=5)
            except (OSError, subprocess.TimeoutExpired):
                pass


def _exit_on_signal(signum, _frame):
    raise SystemExit(128 + signum)


def spawn(argv, **kwargs):
    try:
        p = subprocess.Popen(argv, stdin=subprocess.DEVNULL, **kwargs)
    except OSError as e:
        raise MeasurementError("cannot start %s: %s" % (argv[0], e))
    _children.append(p)
    return p


def reap(p):
    if p in _children:
        _children.remove(p)


class Server:
    """`trailcast serve-weather --port 0`, its log in a temporary file."""

    def __init__(self, trailcast, start_timeout):
        self.log = tempfile.TemporaryFile("w+b", prefix="serve-weather-", suffix=".log")
        self.argv = [trailcast, "serve-weather", "--port", "0"]
        self.proc = spawn(self.argv, stdout=subprocess.PIPE, stderr=self.log)
        self.host, self.port = self._read_port(start_timeout)

    def _log_tail(self, n=2000):
        self.log.flush()
        self.log.seek(0)
        return self.log.read().decode(errors="replace")[-n:].strip()

    def _read_port(self, timeout):
        """Polls stdout for the first line until the deadline (no fixed sleeps)."""
        fd = self.proc.stdout.fileno()
        deadline = time.monotonic() + timeout
        buf = b""
        with selectors.DefaultSelector() as sel:
            sel.register(fd, selectors.EVENT_READ)
            while b"\n" not in buf:
                left = deadline - time.monotonic()
                if left <= 0:
                    self.kill()
                    raise MeasurementError(
                        "`%s` did not print its listening line within %g s"
                        % (" ".join(self.argv), timeout), self._stderr_note())
                if not sel.select(left):
                    continue
                chunk = os.read(fd, 4096)
                if not chunk:  # EOF: the server exited (or closed stdout) before listening
                    rc = self.proc.wait(timeout=5)
                    reap(self.proc)
                    raise MeasurementError("`%s` exited with %s before listening"
                                           % (" ".join(self.argv), rc), self._stderr_note())
                buf += chunk
        first = buf.split(b"\n", 1)[0]
        m = LISTENING_RE.search(first)
        if not m:
            self.kill()
            raise MeasurementError("unexpected first line from serve-weather: %r" % first)
        return m.group(1).decode().strip("[]"), int(m.group(2))

    def _stderr_note(self):
        tail = self._log_tail()
        return "its stderr:\n" + tail if tail else "(nothing on its stderr)"

    @property
    def url(self):
        host = "[%s]" % self.host if ":" in self.host else self.host
        return "http://%s:%d" % (host, self.port)

    def stop(self, timeout):
        """SIGINT, then wait; the server must exit 0. Returns its log lines."""
        self.proc.send_signal(signal.SIGINT)
        try:
            rc = self.proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.kill()
            raise MeasurementError("serve-weather did not exit within %g s of SIGINT" % timeout)
        reap(self.proc)
        self.proc.stdout.close()
        if rc != 0:
            raise MeasurementError("serve-weather exited %d after SIGINT (want 0)" % rc,
                                   self._stderr_note())
        self.log.seek(0)
        lines = self.log.read().decode(errors="replace").splitlines()
        self.log.close()
        return lines

    def kill(self):
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
        reap(self.proc)


def weather_requests(log_lines):
    """(method, target, status, server ms, faults) of every weather request in a server log."""
    out = []
    for line in log_lines:
        m = REQUEST_RE.search(line)
        if m and m.group(2).startswith("/v1/"):
            out.append((m.group(1), m.group(2), m.group(3), int(m.group(4)), m.group(5)))
    return out


# --- one run ------------------------------------------------------------------
def run_trailcast(trailcast, track, cell, start_timeout, timeout):
    server = Server(trailcast, start_timeout)
    argv = [trailcast, "replay", track, "--weather-url", server.url,
            "--weather-cell", "%g" % cell, "--format", "jsonl"]
    p = spawn(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    t0 = time.perf_counter()
    try:
        out, err = p.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        p.kill()
        p.communicate()
        reap(p)
        server.kill()
        raise MeasurementError("replay did not finish within %g s: %s" % (timeout, " ".join(argv)))
    wall = time.perf_counter() - t0
    reap(p)
    log_lines = server.stop(timeout=15)
    if p.returncode != 0:
        raise MeasurementError("exit %d: %s" % (p.returncode, " ".join(argv)),
                               err.decode(errors="replace")[-2000:].strip())
    fetch_ms, attempts, errors, end = [], [], [], None
    for line in out.splitlines():
        try:
            e = json.loads(line)
        except ValueError:
            continue
        kind = e.get("type")
        if kind == "weather" and e.get("source") == "network":
            fetch_ms.append(float(e["fetchMs"]))
            attempts.append(int(e.get("attempts", 1)))
        elif kind == "weatherError":
            errors.append(e)
        elif kind == "end":
            end = e
    requests = weather_requests(log_lines)
    if errors:
        raise MeasurementError("%d weatherError event(s), first: %s"
                               % (len(errors), json.dumps(errors[0])[:300]))
    bad = [r for r in requests if r[2] != "200" or r[4]]
    if bad:
        raise MeasurementError("%d request(s) not answered 200, first: %s %s -> %s"
                               % (len(bad), bad[0][0], bad[0][1][:120], bad[0][2]))
    if not fetch_ms:
        raise MeasurementError("no weather events with source network in the timeline of: %s"
                               % " ".join(argv))
    if len(requests) != sum(attempts):
        raise MeasurementError("the server logged %d weather requests but the timeline has %d "
                               "network fetches (%d attempts)"
                               % (len(requests), len(fetch_ms), sum(attempts)))
    return {
        "argv": argv,
        "fetch_ms": fetch_ms,
        "server_ms": [r[3] for r in requests],
        "targets": [r[1] for r in requests],
        "retries": sum(attempts) - len(attempts),
        "replay_wall_s": wall,
        "end": end,
    }


def run_reference(trailcast, targets, start_timeout, timeout):
    server = Server(trailcast, start_timeout)
    fetch_ms = []
    try:
        conn = http.client.HTTPConnection(server.host, server.port, timeout=timeout)
        try:
            for target in targets:
                t0 = time.perf_counter()
                conn.request("GET", target, headers={"Accept": "application/json"})
                resp = conn.getresponse()
                body = resp.read()
                json.loads(body)
                fetch_ms.append((time.perf_counter() - t0) * 1e3)
                if resp.status != 200:
                    raise MeasurementError("reference: HTTP %d for %s" % (resp.status, target[:120]))
                if resp.will_close:
                    raise MeasurementError("reference: the server closed the connection after "
                                           "a request; timings would include reconnecting")
        finally:
            conn.close()
    except (OSError, http.client.HTTPException, ValueError) as e:
        server.kill()
        raise MeasurementError("reference client: %s: %s" % (type(e).__name__, e))
    except BaseException:
        server.kill()
        raise
    log_lines = server.stop(timeout=15)
    return {"fetch_ms": fetch_ms, "server_ms": [r[3] for r in weather_requests(log_lines)]}


def busy_since(cpu0):
    """Share of all CPUs busy (any process) since cpu0 = cpu_times(), or None."""
    cpu1 = cpu_times()
    if cpu0 and cpu1 and cpu1[1] > cpu0[1]:
        return (cpu1[0] - cpu0[0]) / (cpu1[1] - cpu0[1])
    return None


def summarize(values):
    s = sorted(values)
    return {"count": len(s), "p50_ms": percentile(s, 50), "p99_ms": percentile(s, 99),
            "max_ms": s[-1]}


# --- report -----------------------------------------------------------------
def fmt_ms(x):
    return "%.2f" % x if x < 100 else "%.0f" % x


def table(runs):
    """Markdown lines for the rows over all completed runs."""
    lines = ["| client | fetches | p50 ms | p99 ms | max ms | server p50 / p99 ms | "
             "replay wall s | load before | CPUs busy |",
             "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"]
    agg = {}
    for key, row in (("trailcast", TRAILCAST_ROW), ("reference", REFERENCE_ROW)):
        sums = [r[key]["summary"] for r in runs]
        server = [summarize(r[key]["server_ms"]) for r in runs]
        counts = sorted({s["count"] for s in sums})
        a = {"p50_ms": statistics.median(s["p50_ms"] for s in sums),
             "p99_ms": statistics.median(s["p99_ms"] for s in sums),
             "max_ms": max(s["max_ms"] for s in sums)}
        agg[key] = a
        lines.append("| %s | %s | %s | %s | %s | %g / %g | %s | %s | %s |" % (
            row, "/".join(str(c) for c in counts), fmt_ms(a["p50_ms"]), fmt_ms(a["p99_ms"]),
            fmt_ms(a["max_ms"]),
            statistics.median(s["p50_ms"] for s in server),
            statistics.median(s["p99_ms"] for s in server),
            "/".join("%.2f" % r["trailcast"]["replay_wall_s"] for r in runs) if key == "trailcast" else "",
            "/".join("%.2f" % r["load_before"] for r in runs) if key == "trailcast" else "",
            "/".join("?" if r[key]["cpu_busy"] is None else "%.0f%%" % (100 * r[key]["cpu_busy"])
                     for r in runs)))
    t, ref = agg["trailcast"], agg["reference"]
    lines.append("| ratio trailcast / reference | | %.2fx | %.2fx | | | | | |" % (
        t["p50_ms"] / ref["p50_ms"], t["p99_ms"] / ref["p99_ms"]))
    return lines, agg


def selected(patterns, name=NAME):
    """Same rule as measure.py --only: substring (case-insensitive) or glob."""
    return not patterns or any(p.lower() in name.lower() or fnmatch.fnmatch(name, p)
                               for p in patterns)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--trailcast", default=os.environ.get("TRAILCAST_BIN", ""),
                    help="trailcast binary (default $TRAILCAST_BIN)")
    ap.add_argument("--track", default=DEFAULT_TRACK,
                    help="GPX file to replay (default gpx/zurich-lake-ride.gpx)")
    ap.add_argument("--cell", type=float, default=DEFAULT_CELL,
                    help="--weather-cell in degrees (default %g: ~720 fetches on the "
                         "default track)" % DEFAULT_CELL)
    ap.add_argument("--runs", type=int, default=1,
                    help="runs (each: trailcast, then the reference); the table shows "
                         "the median of each run's p50 and p99")
    ap.add_argument("--json", metavar="OUT", help="also write every fetch's time as JSON")
    ap.add_argument("--only", action="append", default=[], metavar="PATTERN",
                    help="as measure.py --only: do nothing unless PATTERN selects %r" % NAME)
    ap.add_argument("--selected", action="store_true",
                    help="exit 0 if --only selects this measurement, else 1; measure nothing")
    ap.add_argument("--source-id", default="",
                    help="which sources the trailcast binary was built from (printed)")
    ap.add_argument("--start-timeout", type=float, default=30,
                    help="seconds a server gets to print its listening line (default 30)")
    ap.add_argument("--timeout", type=float, default=300,
                    help="seconds for one replay, and per reference request (default 300)")
    a = ap.parse_args()

    if a.selected:
        return 0 if selected(a.only) else 1
    if not selected(a.only):
        print("fetch-latency.py: not selected by --only %s" % " ".join(a.only), file=sys.stderr)
        return 0
    if a.runs < 1:
        ap.error("--runs must be >= 1")
    if a.cell <= 0:
        ap.error("--cell must be > 0")
    if not a.trailcast:
        ap.error("give --trailcast BIN (or set TRAILCAST_BIN)")
    trailcast = os.path.abspath(a.trailcast)
    track = os.path.abspath(a.track)
    if not os.access(trailcast, os.X_OK):
        sys.exit("fetch-latency.py: %s is not an executable trailcast binary" % a.trailcast)
    if not os.path.isfile(track):
        sys.exit("fetch-latency.py: --track %s does not exist" % a.track)

    atexit.register(_kill_children)
    for sig in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(sig, _exit_on_signal)

    load_before = os.getloadavg()[0]
    if load_before > 0.5:
        print("fetch-latency.py: warning: 1-min load average is %.2f; other work on the "
              "machine skews latencies (run on a quiet machine, or raise --runs)" % load_before,
              file=sys.stderr)

    runs = []
    try:
        for i in range(a.runs):
            load = os.getloadavg()[0]
            print("fetch %d/%d  trailcast replay %s --weather-cell %g"
                  % (i + 1, a.runs, os.path.basename(track), a.cell),
                  file=sys.stderr, end="", flush=True)
            cpu0 = cpu_times()
            t = run_trailcast(trailcast, track, a.cell, a.start_timeout, a.timeout)
            t["cpu_busy"] = busy_since(cpu0)
            t["summary"] = summarize(t["fetch_ms"])
            print("  %d fetches in %.2f s  p50 %.2f ms  p99 %.2f ms  max %.2f ms  (load %.2f)"
                  % (t["summary"]["count"], t["replay_wall_s"], t["summary"]["p50_ms"],
                     t["summary"]["p99_ms"], t["summary"]["max_ms"], load), file=sys.stderr)
            print("fetch %d/%d  python http.client, same %d requests"
                  % (i + 1, a.runs, len(t["targets"])), file=sys.stderr, end="", flush=True)
            cpu0 = cpu_times()
            r = run_reference(trailcast, t["targets"], a.start_timeout, a.timeout)
            r["cpu_busy"] = busy_since(cpu0)
            r["summary"] = summarize(r["fetch_ms"])
            print("  p50 %.2f ms  p99 %.2f ms  max %.2f ms"
                  % (r["summary"]["p50_ms"], r["summary"]["p99_ms"], r["summary"]["max_ms"]),
                  file=sys.stderr)
            runs.append({"load_before": load, "trailcast": t, "reference": r})
    except MeasurementError as e:
        print("\nfetch-latency.py: FAILED: %s" % e, file=sys.stderr)
        if e.detail:
            print(e.detail, file=sys.stderr)
        print("\nWeather fetch latency: not measured (%s)." % e)
        return 1
    finally:
        _kill_children()

    lines, agg = table(runs)
    print("\nWeather fetch latency: `trailcast replay %s --weather-url <local serve-weather> "
          "--weather-cell %g --format jsonl`, fetchMs of every network fetch, against Python "
          "http.client sending the same requests over one persistent connection to a fresh "
          "server (request to json.loads). %d run(s): median of the runs' p50 and p99, max "
          "over runs. 1-min load average before/after: %.2f/%.2f."
          % (os.path.basename(track), a.cell, a.runs, load_before, os.getloadavg()[0]))
    if a.source_id:
        print("trailcast built from %s." % a.source_id)
    print("\n".join(lines))
    retries = sum(r["trailcast"]["retries"] for r in runs)
    if retries:
        print("(%d fetch(es) needed a retry; their fetchMs includes the retry)" % retries)
    if a.json:
        with open(a.json, "w") as f:
            json.dump({"name": NAME, "source": a.source_id or None, "track": track,
                       "cell": a.cell, "runs": [
                           {"load_before": r["load_before"],
                            "trailcast": {k: v for k, v in r["trailcast"].items() if k != "targets"}
                            | {"requests": len(r["trailcast"]["targets"])},
                            "reference": r["reference"]} for r in runs],
                       "summary": agg | {
                           "ratio_p50": agg["trailcast"]["p50_ms"] / agg["reference"]["p50_ms"],
                           "ratio_p99": agg["trailcast"]["p99_ms"] / agg["reference"]["p99_ms"]}},
                      f, indent=2)
    return 0


if __name__ == "__main__":
    sys.exit(main())
