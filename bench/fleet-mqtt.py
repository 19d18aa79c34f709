#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
"""A fleet into a real broker: `trailcast fleet --mqtt` against mosquitto on this machine,
side by side with a Python asyncio publisher doing the same work with a plain MQTT client
from PyPI (aiomqtt, on paho-mqtt), as tracking teams' own load scripts are written.

Each side runs alone against its own fresh mosquitto on a free loopback port:

- trailcast: `fleet ROUTES --devices N --mqtt ... --qos 1 --duration S --verify --summary F`
  (one connection per device, the default), its resident memory sampled every second from
  /proc (the peak is VmHWM), its CPU and its counts from the summary; mosquitto's CPU
  beside it.
- the control (`--control`): N asyncio tasks, each one device with its own aiomqtt
  connection, publishing once a second at QoS 1 an OwnTracks location message for the next
  point of a route (the same GPX files, read with gpxpy, each device starting at its own
  offset), awaiting its PUBACK; its CPU time from getrusage. It does less than trailcast
  (no GPS error model, no Core Location rules, no subscriber): its CPU per message is a
  floor for what such a script costs.

With `--tls`, both sides connect over TLS with a login, as production brokers ask: mosquitto
gets a TLS listener over a certificate `openssl` makes here and a `password_file`
(`mosquitto_passwd`); trailcast gets `mqtts://bench@...`, `--mqtt-ca` and the password in
TRAILCAST_MQTT_PASSWORD; the control gets aiomqtt's TLS parameters and the login.

With `--osmand-delay-ms MS`, trailcast runs `--osmand` instead, into the Traccar-rules
receiver (Tests/Fixtures/peers/osmand_receiver.py) answering each request MS late, with its
default connections: what is refused, lost and acknowledged.

Routes are resolved from the repository's root, wherever the script runs from, and both
sides read the same files: every .gpx of a directory, each file's track points, else its
route points, else its waypoints (as trailcast reads GPX).

Targets (issues 25 and 43): 10,000 devices at 1 Hz for 10 minutes: no loss at QoS 1, send
lag p99 under 100 ms, RSS under 300 MiB, CPU per message at least 5x lower than the
control's without TLS; the same over TLS with a login, its cost per message measured;
OsmAnd: 1,000 devices at 1 Hz into a server answering in 20 ms, none refused.

    fleet-mqtt.py --trailcast BIN [--devices 10000] [--seconds 600] [--interval 1] [--tls]
                  [--control] [--control-devices N] [--osmand-delay-ms MS] [--json OUT]
"""
import argparse
import json
import os
import resource
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


LOGIN = ("bench", "bench-password")


def make_certificates(directory):
    """A CA and a server certificate for 127.0.0.1 it signed (P-256), by openssl."""
    key = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
    with open(os.path.join(directory, "server.ext"), "w") as file:
        file.write("subjectAltName=IP:127.0.0.1,DNS:localhost\nextendedKeyUsage=serverAuth\n")
    for step in (
        ["req", "-x509", *key, "-keyout", "ca.key", "-out", "ca.pem", "-days", "2", "-subj", "/CN=bench CA",
         "-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign,cRLSign"],
        ["req", *key, "-keyout", "server.key", "-out", "server.csr", "-subj", "/CN=localhost"],
        ["x509", "-req", "-in", "server.csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial", "-out", "server.pem",
         "-days", "2", "-extfile", "server.ext"],
    ):
        subprocess.run(["openssl", *step], cwd=directory, check=True, capture_output=True)
    passwords = os.path.join(directory, "passwords")
    subprocess.run(["mosquitto_passwd", "-c", "-b", passwords, *LOGIN], check=True)
    return directory


class Broker:
    """mosquitto on a free loopback port; no caps on queued or in-flight messages, so that
    what is lost is lost by the publisher, not dropped by the broker's defaults. With
    `tls` (a directory from make_certificates), a TLS listener that takes only the login."""

    def __init__(self, directory, tls=None):
        self.port = free_port()
        config = os.path.join(directory, f"mosquitto-{self.port}.conf")
        access = "allow_anonymous true\n"
        if tls:
            access = (f"allow_anonymous false\npassword_file {tls}/passwords\ncafile {tls}/ca.pem\n"
                      f"certfile {tls}/server.pem\nkeyfile {tls}/server.key\n")
        with open(config, "w") as file:
            file.write(f"listener {self.port} 127.0.0.1\n{access}persistence false\n"
                       "max_queued_messages 0\nmax_inflight_messages 0\nlog_dest none\nuser root\n")
        self.process = subprocess.Popen(["/usr/sbin/mosquitto", "-c", config])
        deadline = time.time() + 10
        while time.time() < deadline:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.2).close()
                return
            except OSError:
                time.sleep(0.05)
        raise SystemExit("mosquitto did not start")

    def cpu_seconds(self):
        with open(f"/proc/{self.process.pid}/stat") as file:
            fields = file.read().rsplit(")", 1)[1].split()
        ticks = os.sysconf("SC_CLK_TCK")
        return (int(fields[11]) + int(fields[12])) / ticks

    def stop(self):
        self.process.kill()
        self.process.wait()


def memory_kib(pid):
    """(VmRSS, VmHWM) in KiB, or None once the process has gone."""
    try:
        with open(f"/proc/{pid}/status") as file:
            values = dict(line.split(":", 1) for line in file if ":" in line)
        return int(values["VmRSS"].split()[0]), int(values["VmHWM"].split()[0])
    except (OSError, KeyError, ValueError):
        return None


def route_files(routes):
    """The route files both sides read: each path from the repository's root, a directory's .gpx files by name."""
    files = []
    for path in routes:
        path = os.path.join(ROOT, path)
        if os.path.isdir(path):
            files += sorted(os.path.join(path, name) for name in os.listdir(path) if name.endswith(".gpx"))
        else:
            files.append(path)
    return files


def run_trailcast(arguments, directory):
    tls = make_certificates(directory) if arguments.tls else None
    broker = Broker(directory, tls)
    summary_path = os.path.join(directory, "summary.json")
    url = f"mqtts://{LOGIN[0]}@127.0.0.1:{broker.port}" if tls else f"mqtt://127.0.0.1:{broker.port}"
    command = [arguments.trailcast, "fleet", *route_files(arguments.routes), "--devices", str(arguments.devices),
               "--mqtt", url, "--qos", "1", "--interval", str(arguments.interval),
               "--duration", f"{arguments.seconds}s", "--verify", "--summary", summary_path, "--progress"]
    if tls:
        command += ["--mqtt-ca", os.path.join(tls, "ca.pem")]
    print("$", " ".join(command), file=sys.stderr)
    broker_cpu_before = broker.cpu_seconds()
    started = time.time()
    environment = dict(os.environ, TRAILCAST_MQTT_PASSWORD=LOGIN[1]) if tls else None
    process = subprocess.Popen(command, cwd=ROOT, stderr=subprocess.PIPE, text=True, env=environment)
    progress = []
    reader = threading.Thread(target=lambda: progress.extend(process.stderr), daemon=True)
    reader.start()
    peak_rss = peak_hwm = 0
    while process.poll() is None:
        sample = memory_kib(process.pid)
        if sample:
            peak_rss, peak_hwm = max(peak_rss, sample[0]), max(peak_hwm, sample[1])
        time.sleep(1)
    reader.join()
    wall = time.time() - started
    broker_cpu = broker.cpu_seconds() - broker_cpu_before
    broker.stop()
    if process.returncode != 0:
        sys.stderr.write("".join(progress[-20:]))
        raise SystemExit(f"trailcast fleet exited {process.returncode}")
    with open(summary_path) as file:
        summary = json.load(file)
    mqtt = summary["backends"]["mqtt"]
    return {
        "devices": arguments.devices, "seconds": arguments.seconds, "tls": bool(tls), "wallSeconds": round(wall, 1),
        "sent": mqtt["sent"], "acknowledged": mqtt["acknowledged"], "lost": mqtt["lost"], "refused": mqtt["refused"],
        "verify": {key: summary["verify"][key] for key in ("received", "lost", "duplicates", "outOfOrder")},
        "endToEndMilliseconds": summary["verify"]["latencyMilliseconds"],
        "lagMilliseconds": summary["lagMilliseconds"],
        "peakRSSMiB": round(max(peak_rss, peak_hwm) / 1024, 1),
        "cpuSeconds": summary["cpuSeconds"], "cpuMicrosecondsPerMessage": summary["cpuMicrosecondsPerMessage"],
        "brokerCPUSeconds": round(broker_cpu, 1),
        "lastProgress": progress[-2].strip() if len(progress) >= 2 else "",
    }


CONTROL = r'''
import asyncio, json, os, resource, sys, time
import aiomqtt, gpxpy

port, devices, seconds, interval, tls = int(sys.argv[1]), int(sys.argv[2]), float(sys.argv[3]), float(sys.argv[4]), sys.argv[5]
routes = []
for path in sys.argv[6:]:
    with open(path) as file:
        gpx = gpxpy.parse(file)
    # As trailcast reads a GPX: its track points, else its route points, else its waypoints.
    points = [(p.latitude, p.longitude, p.elevation) for t in gpx.tracks for s in t.segments for p in s.points]
    points = points or [(p.latitude, p.longitude, p.elevation) for r in gpx.routes for p in r.points]
    points = points or [(p.latitude, p.longitude, p.elevation) for p in gpx.waypoints]
    if points:
        routes.append(points)
login = {}
if tls != "-":
    login = {"username": "bench", "password": "bench-password", "tls_params": aiomqtt.TLSParameters(ca_certs=tls)}
sent = acknowledged = 0
lags = []

async def device(index, start):
    global sent, acknowledged
    route = routes[index % len(routes)]
    await asyncio.sleep(max(0, start + 60 * index / devices - time.monotonic()))
    async with aiomqtt.Client("127.0.0.1", port, identifier=f"control-{index:05d}", keepalive=60, **login) as client:
        step = 0
        while True:
            due = start + 60 * index / devices + step * interval
            if due - start >= seconds:
                return
            await asyncio.sleep(max(0, due - time.monotonic()))
            lags.append(time.monotonic() - due)
            lat, lon, ele = route[step % len(route)]
            payload = {"_type": "location", "tid": f"{index % 100:02d}", "tst": int(time.time()), "lat": round(lat, 6),
                       "lon": round(lon, 6), "acc": 5, "alt": int(ele or 0), "vel": 5, "cog": 0, "batt": 80, "m": 2}
            sent += 1
            await client.publish(f"owntracks/control/device-{index:05d}", json.dumps(payload), qos=1)
            acknowledged += 1
            step += 1

async def main():
    start = time.monotonic()
    await asyncio.gather(*(device(i, start) for i in range(devices)))

before = resource.getrusage(resource.RUSAGE_SELF)
asyncio.run(main())
after = resource.getrusage(resource.RUSAGE_SELF)
cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
lags.sort()
print(json.dumps({"routes": len(routes), "sent": sent, "acknowledged": acknowledged, "cpuSeconds": round(cpu, 2),
                  "cpuMicrosecondsPerMessage": round(cpu / max(sent, 1) * 1e6, 1),
                  "lagMilliseconds": {"p50": round(lags[len(lags) // 2] * 1000, 2) if lags else None,
                                      "p99": round(lags[int(len(lags) * 0.99)] * 1000, 2) if lags else None},
                  "peakRSSMiB": round(after.ru_maxrss / 1024, 1)}))
'''


def run_control(arguments, directory):
    tls = make_certificates(directory) if arguments.tls else None
    broker = Broker(directory, tls)
    devices = arguments.control_devices or arguments.devices
    command = [sys.executable, "-c", CONTROL, str(broker.port), str(devices), str(arguments.seconds),
               str(arguments.interval), os.path.join(tls, "ca.pem") if tls else "-", *route_files(arguments.routes)]
    print(f"$ python3 control ({devices} devices, aiomqtt)", file=sys.stderr)
    broker_cpu_before = broker.cpu_seconds()
    output = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
    broker_cpu = broker.cpu_seconds() - broker_cpu_before
    broker.stop()
    if output.returncode != 0:
        raise SystemExit("control failed:\n" + output.stderr[-3000:])
    result = json.loads(output.stdout.strip().splitlines()[-1])
    result["devices"] = devices
    result["tls"] = bool(tls)
    result["brokerCPUSeconds"] = round(broker_cpu, 1)
    return result


def run_osmand(arguments, directory):
    """trailcast --osmand into the Traccar-rules receiver answering `--osmand-delay-ms` late."""
    port_file, positions = os.path.join(directory, "port"), os.path.join(directory, "positions.jsonl")
    ids = ",".join(f"device-{index:06d}" for index in range(arguments.devices))
    receiver = subprocess.Popen([sys.executable, os.path.join(ROOT, "Tests/Fixtures/peers/osmand_receiver.py"),
                                 "--port-file", port_file, "--out", positions, "--devices", ids,
                                 "--delay-ms", str(arguments.osmand_delay_ms)])
    try:
        deadline = time.time() + 10
        while not os.path.exists(port_file) and time.time() < deadline:
            time.sleep(0.05)
        with open(port_file) as file:
            port = int(file.read())
        summary_path = os.path.join(directory, "osmand-summary.json")
        command = [arguments.trailcast, "fleet", *route_files(arguments.routes), "--devices", str(arguments.devices),
                   "--osmand", f"http://127.0.0.1:{port}", "--interval", str(arguments.interval),
                   "--duration", f"{arguments.seconds}s", "--summary", summary_path]
        print("$", " ".join(command), file=sys.stderr)
        output = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
        if output.returncode != 0:
            raise SystemExit(f"trailcast fleet --osmand exited {output.returncode}: {output.stderr[-2000:]}")
        with open(summary_path) as file:
            summary = json.load(file)
        osmand = summary["backends"]["osmand"]
        with open(positions) as file:
            stored = sum(1 for _ in file)
        return {"devices": arguments.devices, "seconds": arguments.seconds, "delayMilliseconds": arguments.osmand_delay_ms,
                "connections": osmand["connections"], "stored": stored, "lagMilliseconds": summary["lagMilliseconds"],
                **{key: osmand[key] for key in ("sent", "acknowledged", "refused", "lost", "errors", "inFlight")},
                "cpuMicrosecondsPerMessage": summary["cpuMicrosecondsPerMessage"]}
    finally:
        receiver.kill()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--trailcast", required=True)
    parser.add_argument("--routes", nargs="+", default=["gpx/"])
    parser.add_argument("--devices", type=int, default=10_000)
    parser.add_argument("--seconds", type=int, default=600)
    parser.add_argument("--interval", type=float, default=1)
    parser.add_argument("--control", action="store_true")
    parser.add_argument("--control-devices", type=int)
    parser.add_argument("--tls", action="store_true", help="TLS with a login on both sides")
    parser.add_argument("--osmand-delay-ms", type=int, help="run --osmand into a receiver answering this late instead")
    parser.add_argument("--json")
    arguments = parser.parse_args()
    if not shutil.which("mosquitto") and not os.path.exists("/usr/sbin/mosquitto"):
        raise SystemExit("needs mosquitto (apt-get install mosquitto)")
    resource.setrlimit(resource.RLIMIT_NOFILE, (resource.getrlimit(resource.RLIMIT_NOFILE)[1],) * 2)
    results = {}
    with tempfile.TemporaryDirectory() as directory:
        if arguments.osmand_delay_ms is not None:
            results["osmand"] = run_osmand(arguments, directory)
            print(json.dumps(results["osmand"], indent=2))
            if arguments.json:
                with open(arguments.json, "w") as file:
                    json.dump(results, file, indent=2)
            return
        results["trailcast"] = run_trailcast(arguments, directory)
        print(json.dumps(results["trailcast"], indent=2))
        if arguments.control:
            results["control"] = run_control(arguments, directory)
            print(json.dumps(results["control"], indent=2))
            ratio = results["control"]["cpuMicrosecondsPerMessage"] / results["trailcast"]["cpuMicrosecondsPerMessage"]
            results["cpuPerMessageRatio"] = round(ratio, 1)
            print(f"CPU per message: control / trailcast = {ratio:.1f}x")
    if arguments.json:
        with open(arguments.json, "w") as file:
            json.dump(results, file, indent=2)


if __name__ == "__main__":
    main()
