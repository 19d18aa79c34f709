#!/usr/bin/env python3
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

Targets (issue 25): 10,000 devices at 1 Hz for 10 minutes: no loss at QoS 1, send lag p99
under 100 ms, RSS under 300 MiB, CPU per message at least 10x lower than the control's.

    fleet-mqtt.py --trailcast BIN [--devices 10000] [--seconds 600] [--interval 1]
                  [--control] [--control-devices N] [--json OUT]
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


class Broker:
    """mosquitto on a free loopback port; no caps on queued or in-flight messages, so that
    what is lost is lost by the publisher, not dropped by the broker's defaults."""

    def __init__(self, directory):
        self.port = free_port()
        config = os.path.join(directory, f"mosquitto-{self.port}.conf")
        with open(config, "w") as file:
            file.write(f"listener {self.port} 127.0.0.1\nallow_anonymous true\npersistence false\n"
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


def run_trailcast(arguments, directory):
    broker = Broker(directory)
    summary_path = os.path.join(directory, "summary.json")
    command = [arguments.trailcast, "fleet", *arguments.routes, "--devices", str(arguments.devices),
               "--mqtt", f"mqtt://127.0.0.1:{broker.port}", "--qos", "1", "--interval", str(arguments.interval),
               "--duration", f"{arguments.seconds}s", "--verify", "--summary", summary_path]
    print("$", " ".join(command), file=sys.stderr)
    broker_cpu_before = broker.cpu_seconds()
    started = time.time()
    process = subprocess.Popen(command, cwd=ROOT, stderr=subprocess.PIPE, text=True)
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
        "devices": arguments.devices, "seconds": arguments.seconds, "wallSeconds": round(wall, 1),
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

port, devices, seconds, interval = int(sys.argv[1]), int(sys.argv[2]), float(sys.argv[3]), float(sys.argv[4])
routes = []
for path in sys.argv[5:]:
    with open(path) as file:
        gpx = gpxpy.parse(file)
    points = [(p.latitude, p.longitude, p.elevation) for t in gpx.tracks for s in t.segments for p in s.points]
    if points:
        routes.append(points)
sent = acknowledged = 0
lags = []

async def device(index, start):
    global sent, acknowledged
    route = routes[index % len(routes)]
    await asyncio.sleep(max(0, start + 60 * index / devices - time.monotonic()))
    async with aiomqtt.Client("127.0.0.1", port, identifier=f"control-{index:05d}", keepalive=60) as client:
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
print(json.dumps({"sent": sent, "acknowledged": acknowledged, "cpuSeconds": round(cpu, 2),
                  "cpuMicrosecondsPerMessage": round(cpu / max(sent, 1) * 1e6, 1),
                  "lagMilliseconds": {"p50": round(lags[len(lags) // 2] * 1000, 2) if lags else None,
                                      "p99": round(lags[int(len(lags) * 0.99)] * 1000, 2) if lags else None},
                  "peakRSSMiB": round(after.ru_maxrss / 1024, 1)}))
'''


def run_control(arguments, directory):
    broker = Broker(directory)
    routes = []
    for path in arguments.routes:
        if os.path.isdir(path):
            routes += sorted(os.path.join(path, name) for name in os.listdir(path) if name.endswith(".gpx"))
        else:
            routes.append(path)
    devices = arguments.control_devices or arguments.devices
    command = [sys.executable, "-c", CONTROL, str(broker.port), str(devices), str(arguments.seconds),
               str(arguments.interval), *[os.path.join(ROOT, r) for r in routes]]
    print(f"$ python3 control ({devices} devices, aiomqtt)", file=sys.stderr)
    broker_cpu_before = broker.cpu_seconds()
    output = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
    broker_cpu = broker.cpu_seconds() - broker_cpu_before
    broker.stop()
    if output.returncode != 0:
        raise SystemExit("control failed:\n" + output.stderr[-3000:])
    result = json.loads(output.stdout.strip().splitlines()[-1])
    result["devices"] = devices
    result["brokerCPUSeconds"] = round(broker_cpu, 1)
    return result


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--trailcast", required=True)
    parser.add_argument("--routes", nargs="+", default=["gpx/"])
    parser.add_argument("--devices", type=int, default=10_000)
    parser.add_argument("--seconds", type=int, default=600)
    parser.add_argument("--interval", type=float, default=1)
    parser.add_argument("--control", action="store_true")
    parser.add_argument("--control-devices", type=int)
    parser.add_argument("--json")
    arguments = parser.parse_args()
    if not shutil.which("mosquitto") and not os.path.exists("/usr/sbin/mosquitto"):
        raise SystemExit("needs mosquitto (apt-get install mosquitto)")
    resource.setrlimit(resource.RLIMIT_NOFILE, (resource.getrlimit(resource.RLIMIT_NOFILE)[1],) * 2)
    results = {}
    with tempfile.TemporaryDirectory() as directory:
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
