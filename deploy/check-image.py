#!/usr/bin/env python3
"""Builds deploy/Containerfile and runs what it made, as this machine allows (CI runs it):

podman builds images here with --isolation=chroot, but no container can run (the sandbox
refuses setrlimit) and no registry is reachable. So:

1. the base is Debian bookworm made here (`debootstrap --variant=minbase`, Debian's mirror
   is reachable) and `podman import`ed; the binary is the one given, built on the host with
   --static-swift-stdlib, in an image of its own (BINARY_FROM), instead of the Containerfile's
   release build stage, which needs the public Swift image (and 15 minutes);
2. the image's files are exported and run under chroot (with /proc and /dev mounted), as
   the Job's user (10001):
   - a --virtual run, whose lines must be byte for byte the host binary's on the
     repository's routes (so the image's routes are the files, not dangling links);
   - the Indexed Job's own arguments (deploy/kubernetes/fleet-job.yaml) for one shard,
     JOB_COMPLETION_INDEX=3, with the broker made a mosquitto on loopback and the run
     shortened (--devices 80, --duration 5s): exit 0, its summary JSON on standard output,
     every message acknowledged.

Usage: check-image.py TRAILCAST_BINARY. Exits 1 with the reason when a check fails.
"""
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time

import yaml

REPOSITORY = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def run(command, **options):
    print("check-image: " + " ".join(command), flush=True)
    return subprocess.run(command, check=True, **options)


def fail(reason):
    print(f"check-image: error: {reason}", file=sys.stderr)
    sys.exit(1)


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_for_port(port, process, seconds=30):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if process.poll() is not None:
            fail(f"mosquitto exited {process.returncode}")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            time.sleep(0.1)
    fail(f"mosquitto did not listen on {port} in {seconds} s")


def job_arguments(broker_port):
    """The Job's container arguments, with the broker on loopback and the run short."""
    with open(os.path.join(REPOSITORY, "deploy/kubernetes/fleet-job.yaml")) as file:
        job = yaml.safe_load(file)
    arguments = job["spec"]["template"]["spec"]["containers"][0]["args"]
    replaced = []
    for argument in arguments:
        name = argument.split("=", 1)[0]
        replacement = {
            "--mqtt": f"--mqtt=mqtt://127.0.0.1:{broker_port}",
            "--devices": "--devices=80",
            "--duration": "--duration=5s",
            "--stagger": "--stagger=1s",
        }.get(name)
        replaced.append(replacement or argument)
    return replaced


def main():
    if len(sys.argv) != 2:
        fail("usage: check-image.py TRAILCAST_BINARY")
    binary = os.path.abspath(sys.argv[1])
    work = tempfile.mkdtemp(prefix="trailcast-image-", dir="/tmp")
    base, carrier, root = (os.path.join(work, name) for name in ("base", "binary", "root"))
    mounted = []
    container = None
    try:
        run(["debootstrap", "--variant=minbase", "bookworm", base, "http://deb.debian.org/debian"], stdout=subprocess.DEVNULL)
        run(["sh", "-c", f"tar -C '{base}' -c . | podman import - localhost/trailcast-ci-base:bookworm"])
        os.makedirs(os.path.join(carrier, "out"))
        shutil.copy(binary, os.path.join(carrier, "out/trailcast"))
        run(["strip", os.path.join(carrier, "out/trailcast")])
        run(["sh", "-c", f"tar -C '{carrier}' -c . | podman import - localhost/trailcast-ci-binary:latest"])
        run(["podman", "build", "--isolation=chroot", "--build-arg", "RUNTIME_IMAGE=localhost/trailcast-ci-base:bookworm",
             "--build-arg", "BINARY_FROM=localhost/trailcast-ci-binary:latest", "-f", "deploy/Containerfile",
             "-t", "localhost/trailcast:ci", "."], cwd=REPOSITORY)
        container = subprocess.run(["podman", "create", "localhost/trailcast:ci"], check=True, capture_output=True,
                                   text=True).stdout.strip()
        os.makedirs(root)
        run(["sh", "-c", f"podman export {container} | tar -C '{root}' -x"])

        routes = os.path.join(root, "routes")
        links = [name for name in os.listdir(routes) if os.path.islink(os.path.join(routes, name))]
        if links:
            fail(f"the image's /routes holds links: {links}")
        for name in ("proc", "dev"):
            os.makedirs(os.path.join(root, name), exist_ok=True)
        run(["mount", "-t", "proc", "proc", os.path.join(root, "proc")])
        mounted.append(os.path.join(root, "proc"))
        run(["mount", "--bind", "/dev", os.path.join(root, "dev")])
        mounted.append(os.path.join(root, "dev"))
        chroot = ["chroot", "--userspec=10001:10001", root, "/usr/local/bin/trailcast"]

        virtual = ["fleet", "--devices", "40", "--virtual", "--duration", "30s", "--shard", "3/8"]
        image_lines = run(chroot + [virtual[0], "/routes"] + virtual[1:], capture_output=True).stdout
        host_lines = run([binary, virtual[0], os.path.join(REPOSITORY, "gpx")] + virtual[1:], capture_output=True).stdout
        if not image_lines or image_lines != host_lines:
            fail(f"the image's --virtual run wrote {len(image_lines)} bytes, the host's {len(host_lines)}: not the same")
        line_count = image_lines.count(b"\n")
        print(f"check-image: --virtual in the image: {line_count} lines, the host binary's bytes")

        port = free_port()
        configuration = os.path.join(work, "mosquitto.conf")
        with open(configuration, "w") as file:
            file.write(f"listener {port} 127.0.0.1\nallow_anonymous true\npersistence false\nuser root\n")
        broker = subprocess.Popen(["/usr/sbin/mosquitto", "-c", configuration], stdout=subprocess.DEVNULL,
                                  stderr=subprocess.DEVNULL)
        try:
            wait_for_port(port, broker)
            arguments = job_arguments(port)
            job = subprocess.run(chroot + arguments, capture_output=True, env={"JOB_COMPLETION_INDEX": "3", "PATH": "/usr/sbin:/usr/bin:/sbin:/bin"}, timeout=120)
        finally:
            broker.kill()
        if job.returncode != 0:
            fail(f"the Job's arguments exited {job.returncode}: {job.stderr.decode()[-2000:]}")
        summary = json.loads(job.stdout)
        mqtt = summary["backends"]["mqtt"]
        if summary["shard"] != "3/8" or summary["devices"] != 10 or mqtt["sent"] == 0 or mqtt["acknowledged"] != mqtt["sent"]:
            fail(f"the Job's shard did not deliver: {json.dumps(summary)}")
        print(f"check-image: the Job's arguments ({' '.join(arguments)}), shard 3/8: "
              f"{mqtt['sent']} sent, {mqtt['acknowledged']} acknowledged")
    finally:
        for path in reversed(mounted):
            subprocess.run(["umount", path])
        if container:
            subprocess.run(["podman", "rm", container], stdout=subprocess.DEVNULL)
        shutil.rmtree(work, ignore_errors=True)


main()
