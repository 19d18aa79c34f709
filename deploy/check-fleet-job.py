#!/usr/bin/env python3
"""Checks deploy/kubernetes/fleet-job.yaml offline (CI runs it; there is no cluster here):

1. against Kubernetes' own schema, strictly (kubernetes-validate: unknown fields fail);
2. what the schema cannot say: the Job is Indexed (its schema takes any string there),
   runs every shard at once (completions = parallelism), and its shard count is the one the
   container's `--shards` gives; the container runs `fleet` without `--shard`, so that the
   index comes from JOB_COMPLETION_INDEX.

Exits 1 with the reasons when something is wrong.
"""
import subprocess
import sys

import yaml

path = sys.argv[1] if len(sys.argv) > 1 else "deploy/kubernetes/fleet-job.yaml"
problems = []

validation = subprocess.run(["kubernetes-validate", "--strict", "--quiet", path], capture_output=True, text=True)
if validation.returncode != 0:
    problems.append("kubernetes-validate: " + (validation.stdout + validation.stderr).strip())

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

for problem in problems:
    print(f"{path}: error: {problem}", file=sys.stderr)
if not problems:
    print(f"{path}: an Indexed Job of {spec['completions']} shards, valid against Kubernetes' schema")
sys.exit(1 if problems else 0)
