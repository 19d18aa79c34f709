#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
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
     JOB_COMPLETION_INDEX=3, with the broker made a mosquitto on loopback set up as the Job
     expects its broker (TLS only, a certificate for the Job's host name, which the image's
     /etc/hosts points at loopback, a client certificate required, a login), the Job's
     Secrets' files where its volumes mount them with its fsGroup and modes, and the run
     shortened (--devices 80, --duration 5s): exit 0, progress lines on standard error,
     its summary JSON on standard output, every message acknowledged.

Usage: check-image.py TRAILCAST_BINARY, a binary linked with --static-swift-stdlib as
deploy/build-image.sh's first step links it (CI relinks its debug build so: .ci/run's
"static link" step). Exits 1 with the reason when a check fails.
"""
import json
import os
import secrets
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


def load_job():
    with open(os.path.join(REPOSITORY, "deploy/kubernetes/fleet-job.yaml")) as file:
        return yaml.safe_load(file)


def job_arguments(job, broker_port):
    """The Job's container arguments, with the broker's port the one on loopback and the run
    short. The broker's host name stays: the image's /etc/hosts names loopback for it, so
    that its certificate is checked against the name the Job gives."""
    arguments = job["spec"]["template"]["spec"]["containers"][0]["args"]
    replaced = []
    for argument in arguments:
        name, _, value = argument.partition("=")
        replacement = {
            "--mqtt": f"--mqtt={value.rsplit(':', 1)[0]}:{broker_port}",
            "--devices": "--devices=80",
            "--duration": "--duration=5s",
            "--stagger": "--stagger=1s",
        }.get(name)
        replaced.append(replacement or argument)
    return replaced


def broker_host(job):
    arguments = job["spec"]["template"]["spec"]["containers"][0]["args"]
    url = next(a.split("=", 1)[1] for a in arguments if a.startswith("--mqtt="))
    return url.split("://", 1)[1].split("@")[-1].rsplit(":", 1)[0]


def make_secrets(work, job, root):
    """A CA, the broker's certificate for the Job's host name, the fleet's client
    certificate and a password; the Job's Secrets' files put where its volumes mount them,
    owned as Kubernetes makes them (root, the pod's fsGroup, the volume's defaultMode).
    Returns the broker's files: (CA, certificate, key, password file)."""
    host = broker_host(job)
    files = {name: os.path.join(work, name) for name in
             ("ca.pem", "ca-key.pem", "server.pem", "server-key.pem", "client.pem", "client-key.pem", "passwords")}

    def openssl(*arguments):
        run(["openssl", *arguments], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    openssl("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=trailcast CI CA",
            "-keyout", files["ca-key.pem"], "-out", files["ca.pem"])
    for name, subject, extension in (("server", host, f"subjectAltName=DNS:{host}"),
                                     ("client", "fleet", "extendedKeyUsage=clientAuth")):
        request, extensions = os.path.join(work, f"{name}.csr"), os.path.join(work, f"{name}.ext")
        with open(extensions, "w") as file:
            file.write(extension + "\n")
        openssl("req", "-newkey", "rsa:2048", "-nodes", "-subj", f"/CN={subject}",
                "-keyout", files[f"{name}-key.pem"], "-out", request)
        openssl("x509", "-req", "-in", request, "-CA", files["ca.pem"], "-CAkey", files["ca-key.pem"],
                "-CAcreateserial", "-days", "2", "-extfile", extensions, "-out", files[f"{name}.pem"])
    password = secrets.token_hex(16)
    # Not through run(): it would print the password in CI's log.
    subprocess.run(["mosquitto_passwd", "-c", "-b", files["passwords"], "fleet", password], check=True)

    contents = {"trailcast-fleet-tls": {"ca.crt": files["ca.pem"], "tls.crt": files["client.pem"],
                                        "tls.key": files["client-key.pem"]},
                "trailcast-fleet-login": {"password": password + "\n"}}
    pod = job["spec"]["template"]["spec"]
    group = pod.get("securityContext", {}).get("fsGroup", 0)
    volumes = {volume["name"]: volume["secret"] for volume in pod.get("volumes", []) if "secret" in volume}
    for mount in pod["containers"][0].get("volumeMounts", []):
        secret = volumes[mount["name"]]
        directory = os.path.join(root, mount["mountPath"].lstrip("/"))
        os.makedirs(directory, exist_ok=True)
        for key, source in contents[secret["secretName"]].items():
            target = os.path.join(directory, key)
            if source.endswith("\n"):
                with open(target, "w") as file:
                    file.write(source)
            else:
                shutil.copy(source, target)
            os.chown(target, 0, group)
            os.chmod(target, secret.get("defaultMode", 0o644))
    with open(os.path.join(root, "etc/hosts"), "w") as file:
        file.write(f"127.0.0.1 localhost\n127.0.0.1 {host}\n")
    return files["ca.pem"], files["server.pem"], files["server-key.pem"], files["passwords"]


def main():
    if len(sys.argv) != 2:
        fail("usage: check-image.py TRAILCAST_BINARY")
    binary = os.path.abspath(sys.argv[1])
    work = tempfile.mkdtemp(prefix="trailcast-image-", dir="/tmp")
    base, root = (os.path.join(work, name) for name in ("base", "root"))
    mounted = []
    container = None
    try:
        run(["debootstrap", "--variant=minbase", "bookworm", base, "http://deb.debian.org/debian"], stdout=subprocess.DEVNULL)
        run(["sh", "-c", f"tar -C '{base}' -c . | podman import - localhost/trailcast-ci-base:bookworm"])
        # The documented steps (docs/fleet.md, "Building the image"), the binary given.
        run(["bash", "deploy/build-image.sh", "localhost/trailcast:ci", "--binary", binary,
             "--runtime-image", "localhost/trailcast-ci-base:bookworm", "--isolation", "chroot"], cwd=REPOSITORY)
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

        job_file = load_job()
        ca, certificate, key, passwords = make_secrets(work, job_file, root)
        port = free_port()
        configuration = os.path.join(work, "mosquitto.conf")
        with open(configuration, "w") as file:
            # As the Job expects its broker: TLS only, a client certificate and a login.
            file.write(f"listener {port} 127.0.0.1\ncafile {ca}\ncertfile {certificate}\nkeyfile {key}\n"
                       f"require_certificate true\npassword_file {passwords}\nallow_anonymous false\n"
                       "persistence false\nuser root\n")
        broker = subprocess.Popen(["/usr/sbin/mosquitto", "-c", configuration], stdout=subprocess.DEVNULL,
                                  stderr=subprocess.DEVNULL)
        try:
            wait_for_port(port, broker)
            arguments = job_arguments(job_file, port)
            job = subprocess.run(chroot + arguments, capture_output=True, env={"JOB_COMPLETION_INDEX": "3", "PATH": "/usr/sbin:/usr/bin:/sbin:/bin"}, timeout=120)
        finally:
            broker.kill()
        if job.returncode != 0:
            fail(f"the Job's arguments exited {job.returncode}: {job.stderr.decode()[-2000:]}")
        summary = json.loads(job.stdout)
        mqtt = summary["backends"]["mqtt"]
        if summary["shard"] != "3/8" or summary["devices"] != 10 or mqtt["sent"] == 0 or mqtt["acknowledged"] != mqtt["sent"]:
            fail(f"the Job's shard did not deliver: {json.dumps(summary)}")
        if b"fleet: 1s active " not in job.stderr:
            fail(f"the Job's shard wrote no progress line for its log: {job.stderr.decode()[-2000:]}")
        print(f"check-image: the Job's arguments ({' '.join(arguments)}), shard 3/8: "
              f"{mqtt['sent']} sent, {mqtt['acknowledged']} acknowledged")
    finally:
        for path in reversed(mounted):
            subprocess.run(["umount", path])
        if container:
            subprocess.run(["podman", "rm", container], stdout=subprocess.DEVNULL)
        shutil.rmtree(work, ignore_errors=True)


main()
