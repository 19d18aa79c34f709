#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
"""Checks deploy/kubernetes/fleet-job.yaml offline (CI runs it; there is no cluster here):

1. against Kubernetes' own schema, strictly (kubernetes-validate: unknown fields fail), of
   versions 1.27, 1.30 and 1.37;
2. what the schema cannot say: the Job is Indexed (its schema takes any string there),
   runs every shard at once (completions = parallelism), and its shard count is the one the
   container's `--shards` gives; the container runs `fleet` without `--shard`, so that the
   index comes from JOB_COMPLETION_INDEX;
3. what an operator runs into: `--progress` (a pod's standard error is no terminal, and
   `kubectl logs -f` would show nothing until the summary); the messages a second
   (devices / interval) within what one mosquitto carries, as docs/fleet.md's "Sizing a
   run" says it; no secret on the command line (no password in a URL, no password option);
   each file an argument names (the CA, the client certificate and key, the password file)
   inside a volume mounted from a Secret, readable by the pod's user through its group
   (fsGroup and a mode with the group's read bit, or the user's own).

Exits 1 with the reasons when something is wrong.
"""
import os
import re
import subprocess
import sys

import yaml

path = sys.argv[1] if len(sys.argv) > 1 else "deploy/kubernetes/fleet-job.yaml"
problems = []

# The oldest Kubernetes still in common use with Indexed Jobs' fields, one between, the newest.
for version in ("1.27", "1.30", "1.37"):
    validation = subprocess.run(["kubernetes-validate", "--strict", "--quiet", "-k", version, path],
                                capture_output=True, text=True)
    if validation.returncode != 0:
        problems.append(f"kubernetes-validate -k {version}: " + (validation.stdout + validation.stderr).strip())

with open(path) as file:
    job = yaml.safe_load(file)
spec = job.get("spec", {})
if job.get("kind") != "Job" or job.get("apiVersion") != "batch/v1":
    problems.append("not a batch/v1 Job")
if spec.get("completionMode") != "Indexed":
    problems.append(f"completionMode is {spec.get('completionMode')!r}, not 'Indexed'")
if spec.get("completions") != spec.get("parallelism"):
    problems.append(f"completions ({spec.get('completions')}) and parallelism ({spec.get('parallelism')}) differ: every shard must run at once")
containers = spec.get("template", {}).get("spec", {}).get("containers", [])
arguments = containers[0].get("args", []) if containers else []
shards = [a.split("=", 1)[1] for a in arguments if a.startswith("--shards=")]
if not arguments or arguments[0] != "fleet":
    problems.append("the container does not run `trailcast fleet`")
if len(shards) != 1 or shards[0] != str(spec.get("completions")):
    problems.append(f"--shards ({shards}) is not the Job's completions ({spec.get('completions')})")
if any(a.startswith("--shard=") or a == "--shard" for a in arguments):
    problems.append("--shard fixes one slice for every pod: use --shards with JOB_COMPLETION_INDEX")

if "--progress" not in arguments:
    problems.append("no --progress: the pods' logs would say nothing until the summary")

options = dict(a[2:].split("=", 1) for a in arguments if a.startswith("--") and "=" in a)
docs = open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "../docs/fleet.md")).read()
carried = re.search(r"one mosquitto carries about ([0-9,]+) messages a second", docs)
if not carried:
    problems.append("docs/fleet.md no longer says what one mosquitto carries")
elif "mqtt" in options:
    capacity = int(carried.group(1).replace(",", ""))
    rate = int(options.get("devices", "0")) / float(options.get("interval", "1"))
    if rate > capacity:
        problems.append(f"{rate:,.0f} messages a second into one broker, which carries about {capacity:,}")

for name in ("mqtt", "osmand", "owntracks-http"):
    authority = options.get(name, "").split("://", 1)[-1].split("/", 1)[0]
    if ":" in authority.split("@", 1)[0] and "@" in authority:
        problems.append(f"--{name} has a password in its URL: `ps` shows it; use a password file")
if any(a.split("=", 1)[0] in ("--mqtt-password", "--http-password") for a in arguments):
    problems.append("a password on the command line")

pod = spec.get("template", {}).get("spec", {})
mounts = containers[0].get("volumeMounts", []) if containers else []
secret_volumes = {v["name"]: v["secret"] for v in pod.get("volumes", []) if "secret" in v}
context = pod.get("securityContext", {})
for name in ("mqtt-ca", "mqtt-cert", "mqtt-key", "mqtt-password-file", "http-cert", "http-key", "http-password-file"):
    if name not in options:
        continue
    named = options[name]
    mount = next((m for m in mounts if named.startswith(m["mountPath"].rstrip("/") + "/")), None)
    if mount is None or mount["name"] not in secret_volumes:
        problems.append(f"--{name}={named} is not in a volume mounted from a Secret")
        continue
    mode = secret_volumes[mount["name"]].get("defaultMode", 0o644)
    by_group = context.get("fsGroup") is not None and mode & 0o040
    by_others = mode & 0o004
    if not (by_group or by_others):
        problems.append(f"--{name}={named}: mode {mode:o} lets neither its group (fsGroup) nor others read it: "
                        f"the pod's user {context.get('runAsUser')} cannot")

for problem in problems:
    print(f"{path}: error: {problem}", file=sys.stderr)
if not problems:
    print(f"{path}: an Indexed Job of {spec['completions']} shards, valid against Kubernetes' schema, "
          "with progress, sized to one broker, its secrets mounted from Secrets")
sys.exit(1 if problems else 0)
