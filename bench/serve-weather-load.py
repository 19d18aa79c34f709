#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
"""serve-weather under load (issue 15), stdlib only; needs wrk and nginx (Debian's
`wrk` and `nginx-light`).

Throughput: wrk at 32 connections (2 threads, 10 s, after a 2 s warm-up) on a one-day
hourly forecast, against `trailcast serve-weather` (its per-request log lines going to a
file, as they would to a terminal's scrollback) and against nginx serving the same bytes
from a file, so the row states the gap. Target: >= 20k requests/s, p99 < 5 ms.

Soak (--soak SECONDS): 1,000 keep-alive connections plus 200 half-open ones (a request
line without its end, held open) for the whole time, while a process of its own asks
/health every 100 ms on a fresh connection and times each answer; resident memory (VmRSS)
before, in the first and last tenth, and after. Target: no error, RSS stable, every
/health within 10 ms. The CPU time stolen by the hypervisor during each throughput run is
printed beside it: on a shared machine that, not the server, is what moves a p99.
Twice: saturated (wrk -c1000, as fast as the two cores allow: every request, /health's
too, queues behind the others) and paced (the 1,000 connections send --soak-rate
requests/s between them, default 2,000, each waiting for its answer: many connections,
a load the server can carry). --soak-control runs each soak against nginx too.

    python3 bench/serve-weather-load.py --trailcast .build-bench/release/trailcast [--soak 60]
"""
import argparse
import os
import re
import resource
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request

QUERY = ("/v1/forecast?latitude=37.7955&longitude=-122.3937&hourly=temperature_2m,"
         "relative_humidity_2m,apparent_temperature,precipitation,weather_code,cloud_cover,"
         "wind_speed_10m,wind_direction_10m,is_day&forecast_days=1&timeformat=unixtime")


def start_server(trailcast, log_path):
    log = open(log_path, "wb")
    process = subprocess.Popen([trailcast, "serve-weather", "--port", "0"],
                               stdout=subprocess.PIPE, stderr=log)
    line = process.stdout.readline().decode()
    port = int(re.search(r":(\d+)", line).group(1))
    return process, port


def rss_kib(pid):
    with open("/proc/%d/status" % pid) as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return None


def cpu_times():
    """The machine's CPU time so far, (steal, total) in ticks: steal is time the hypervisor
    gave this machine's CPUs to others, the noise a shared machine adds to a p99."""
    with open("/proc/stat") as stat:
        fields = [int(value) for value in stat.readline().split()[1:]]
    return (fields[7] if len(fields) > 7 else 0), sum(fields[:8])


def wrk(url, connections, seconds, threads=2):
    steal_before, total_before = cpu_times()
    out = subprocess.run(["wrk", "-t%d" % threads, "-c%d" % connections, "-d%ds" % seconds,
                          "--timeout", "10s", "--latency", url],
                         capture_output=True, text=True, check=True).stdout
    steal_after, total_after = cpu_times()
    steal = 100.0 * (steal_after - steal_before) / max(1, total_after - total_before)
    rate = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))

    def percentile(p):
        m = re.search(r"\s%s%%\s+([\d.]+)(us|ms|s)\b" % p, out)
        value, unit = float(m.group(1)), m.group(2)
        return value / 1000 if unit == "us" else value * 1000 if unit == "s" else value
    errors = re.search(r"Socket errors: (.*)", out)
    non2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    return {"rate": rate, "p50": percentile(50), "p99": percentile(99), "steal": steal,
            "errors": errors.group(1) if errors else "none",
            "non2xx": int(non2xx.group(1)) if non2xx else 0}


def start_nginx(body, directory):
    root = os.path.join(directory, "root")
    os.makedirs(os.path.join(root, "v1"))
    # nginx's workers run as another user: the files must be readable to them.
    os.chmod(directory, 0o755)
    with open(os.path.join(root, "v1", "forecast"), "wb") as f:
        f.write(body)
    for path in (root, os.path.join(root, "v1")):
        os.chmod(path, 0o755)
    os.chmod(os.path.join(root, "v1", "forecast"), 0o644)
    probe = socket.socket()
    probe.bind(("127.0.0.1", 0))
    port = probe.getsockname()[1]
    probe.close()
    conf = os.path.join(directory, "nginx.conf")
    with open(conf, "w") as f:
        f.write("""
worker_processes 2;
error_log %(d)s/error.log;
pid %(d)s/nginx.pid;
daemon off;
events { worker_connections 4096; }
http {
    access_log %(d)s/access.log;
    default_type application/json;
    server {
        listen 127.0.0.1:%(port)d;
        root %(root)s;
        location / { try_files $uri =404; }
        location = /health { return 200 '{"status":"ok"}'; }
    }
}
""" % {"d": directory, "port": port, "root": root})
    process = subprocess.Popen(["nginx", "-c", conf, "-p", directory],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.time() + 10
    while time.time() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            break
        except OSError:
            time.sleep(0.05)
    return process, port


def forecast_body(trailcast, directory):
    """The one-day forecast's bytes, from a serve-weather started for the purpose."""
    server, port = start_server(trailcast, os.path.join(directory, "body.log"))
    try:
        return urllib.request.urlopen("http://127.0.0.1:%d%s" % (port, QUERY)).read()
    finally:
        server.terminate()
        server.wait()


def throughput(args):
    directory = tempfile.mkdtemp(prefix="trailcast-load-")
    server, port = start_server(args.trailcast, os.path.join(directory, "serve-weather.log"))
    try:
        url = "http://127.0.0.1:%d%s" % (port, QUERY)
        body = urllib.request.urlopen(url).read()
        wrk(url, 32, 2)
        results = [("trailcast serve-weather", wrk(url, 32, args.seconds))]
        lines = sum(1 for _ in open(os.path.join(directory, "serve-weather.log"), "rb"))
    finally:
        server.terminate()
        server.wait()
    nginx, nport = start_nginx(body, directory)
    try:
        nurl = "http://127.0.0.1:%d/v1/forecast" % nport
        wrk(nurl, 32, 2)
        results.append(("nginx, the same bytes from a file", wrk(nurl, 32, args.seconds)))
    finally:
        nginx.terminate()
        nginx.wait()
    shutil.rmtree(directory, ignore_errors=True)
    print("one-day hourly forecast, %d bytes; wrk -t2 -c32 -d%ds; serve-weather wrote %d log lines"
          % (len(body), args.seconds, lines))
    print("| server | requests/s | p50 ms | p99 ms | socket errors | non-2xx | CPU stolen % |")
    print("| --- | ---: | ---: | ---: | --- | ---: | ---: |")
    for name, r in results:
        print("| %s | %.0f | %.2f | %.2f | %s | %d | %.1f |"
              % (name, r["rate"], r["p50"], r["p99"], r["errors"], r["non2xx"], r["steal"]))
    ours = results[0][1]
    print("ratio to nginx: %.2f; target >= 20000 requests/s and p99 < 5 ms: %s"
          % (ours["rate"] / results[1][1]["rate"],
             "PASS" if ours["rate"] >= 20000 and ours["p99"] < 5 else "FAIL"))


def paced_load(port, connections, rate, seconds):
    """`connections` keep-alive connections sending `rate` requests/s between them, each
    waiting for its answer (asyncio, one thread). Returns (answered, errors, p99 ms)."""
    import asyncio

    request = ("GET %s HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n" % QUERY).encode()
    latencies = []
    errors = [0]

    async def one(index, deadline):
        interval = connections / rate
        try:
            reader, writer = await asyncio.open_connection("127.0.0.1", port, limit=1 << 20)
        except OSError:
            errors[0] += 1
            return
        await asyncio.sleep(interval * index / connections)
        next_send = time.perf_counter()
        try:
            while time.perf_counter() < deadline:
                started = time.perf_counter()
                writer.write(request)
                head = await reader.readuntil(b"\r\n\r\n")
                length = int(re.search(rb"(?i)content-length:\s*(\d+)", head).group(1))
                await reader.readexactly(length)
                if b" 200 " not in head.split(b"\r\n", 1)[0]:
                    errors[0] += 1
                latencies.append((time.perf_counter() - started) * 1000)
                next_send += interval
                await asyncio.sleep(max(0, next_send - time.perf_counter()))
        except (OSError, asyncio.IncompleteReadError, AttributeError):
            errors[0] += 1
        writer.close()

    async def run():
        deadline = time.perf_counter() + seconds
        await asyncio.gather(*(one(i, deadline) for i in range(connections)))

    asyncio.run(run())
    latencies.sort()
    return len(latencies), errors[0], latencies[int(len(latencies) * 0.99)] if latencies else -1


def soak(args, paced, nginx=False):
    directory = tempfile.mkdtemp(prefix="trailcast-soak-")
    if nginx:
        # The control: the same bytes from a file, the same soak (its RSS is its master's).
        server, port = start_nginx(forecast_body(args.trailcast, directory), directory)
        url = "http://127.0.0.1:%d/v1/forecast" % port
    else:
        server, port = start_server(args.trailcast, os.path.join(directory, "serve-weather.log"))
        url = "http://127.0.0.1:%d%s" % (port, QUERY)
    before = rss_kib(server.pid)
    half_open = []
    for _ in range(200):
        s = socket.create_connection(("127.0.0.1", port))
        s.sendall(b"GET /v1/forecast?latitude=1&longitude=2 HTTP/1.1\r\nHost: x\r\n")
        half_open.append(s)
    stop = threading.Event()
    # /health is asked from a process of its own: in this one, the paced load's asyncio loop
    # holds Python's interpreter lock, and a thread waiting for it (up to the 5 ms switch
    # interval, twice per request) would time Python, not the server.
    prober = subprocess.Popen([sys.executable, os.path.abspath(__file__), "--health-probe", str(port)],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    rss_during = []

    def sample_rss():
        while not stop.is_set():
            rss_during.append(rss_kib(server.pid))
            stop.wait(1)
    sampler = threading.Thread(target=sample_rss)
    sampler.start()
    if paced:
        answered, errors, p99 = paced_load(port, 1000, args.soak_rate, args.soak)
        load = ("1,000 keep-alive connections at %d requests/s in all: %d answered (%.0f/s), errors: %d, p99 %.2f ms"
                % (args.soak_rate, answered, answered / args.soak, errors, p99))
    else:
        result = wrk(url, 1000, args.soak, threads=2)
        load = ("wrk -c1000 (as fast as it can, saturating both cores): %.0f requests/s, p99 %.2f ms, "
                "socket errors: %s, non-2xx: %d" % (result["rate"], result["p99"], result["errors"], result["non2xx"]))
    stop.set()
    sampler.join()
    probed, _ = prober.communicate(input="stop\n")
    asked = [(float(at), None if took == "failed" else float(took))
             for at, took in (line.split(":") for line in probed.split())]
    health = [took for _, took in asked]
    slow = ["%.1f ms at %.1f s" % (took, at) for at, took in asked if took is not None and took > 10]
    after = rss_kib(server.pid)

    def still_open(s):
        # Open and silent: a peek would block. Closed by the server: b''. Answered: data.
        s.setblocking(False)
        try:
            return s.recv(1, socket.MSG_PEEK) is None
        except BlockingIOError:
            return True
        except OSError:
            return False
    alive = sum(1 for s in half_open if still_open(s))
    for s in half_open:
        s.close()
    server.terminate()
    server.wait()
    shutil.rmtree(directory, ignore_errors=True)
    answered = [h for h in health if h is not None]
    answered.sort()
    samples = [r for r in rss_during if r]
    tenth = max(1, len(samples) // 10)
    print("soak %d s, %s%s, plus 200 half-open connections (%d still open and unanswered at the end)"
          % (args.soak, "paced" if paced else "saturated", ", nginx (the control)" if nginx else "", alive))
    print("  load: " + load)
    print("  /health: %d asked, %d failed, p50 %.2f ms, p99 %.2f ms, max %.2f ms, over 10 ms: %d"
          % (len(health), len(health) - len(answered),
             answered[len(answered) // 2] if answered else -1,
             answered[int(len(answered) * 0.99)] if answered else -1,
             answered[-1] if answered else -1, sum(1 for h in answered if h > 10)))
    if 0 < len(slow) <= 20:
        print("  /health over 10 ms: " + ", ".join(slow))
    print("  RSS KiB: before %s; max in the first tenth %s, in the last tenth %s; after %s"
          % (before, max(samples[:tenth]), max(samples[-tenth:]), after))


def health_probe(port):
    """Asks /health every 100 ms on a fresh connection until standard input has a line;
    prints, one per line, when each was asked (seconds from the first) and its answer's
    milliseconds (or `failed`): `12.300:0.841`."""
    import selectors
    results = []
    began = time.perf_counter()
    watch = selectors.DefaultSelector()
    watch.register(sys.stdin, selectors.EVENT_READ)
    while True:
        started = time.perf_counter()
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=5) as s:
                s.sendall(b"GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
                answer = s.recv(4096)
            took = "%.3f" % ((time.perf_counter() - started) * 1000) if b" 200 " in answer else "failed"
        except OSError:
            took = "failed"
        results.append("%.3f:%s" % (started - began, took))
        if watch.select(timeout=0.1):
            break
    print("\n".join(results))


def main():
    if len(sys.argv) == 3 and sys.argv[1] == "--health-probe":
        return health_probe(int(sys.argv[2]))
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--trailcast", required=True)
    parser.add_argument("--seconds", type=int, default=10)
    parser.add_argument("--soak", type=int, default=0, help="also soak for this many seconds (saturated, then paced)")
    parser.add_argument("--soak-rate", type=int, default=2000,
                        help="the paced soak's requests/s over its 1,000 connections (default 2000)")
    parser.add_argument("--soak-only", action="store_true", help="skip the throughput runs")
    parser.add_argument("--soak-load", choices=["both", "saturated", "paced"], default="both",
                        help="which soak loads to run (default both)")
    parser.add_argument("--soak-control", action="store_true",
                        help="also run each soak against nginx serving the same bytes (is the target reachable here at all?)")
    args = parser.parse_args()
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, 65536), hard))
    if not args.soak_only:
        throughput(args)
    if args.soak:
        for paced in {"both": (False, True), "saturated": (False,), "paced": (True,)}[args.soak_load]:
            soak(args, paced)
            if args.soak_control:
                soak(args, paced, nginx=True)


if __name__ == "__main__":
    sys.exit(main())
