"""Time to the first verified driver preview, as the clip sees it, for a plain share link and for one
that carries the driver's signed profile, with the relay at 20 ms, at 300 ms, and never answering.

A real relay (nostr-relay) holds the driver's profile, signed and published with nostr-sdk; the
delay proxy of bench/ProfileFetch puts it at 20 ms or 300 ms of round-trip latency, or accepts
connections and never answers. `signed-link-bench` measures, in process, from the moment the link
reaches the clip's inbox to the first preview the model shows (see Tooling/Benchmarks/SignedLink/main.swift).

Run it through bench/signed-link.sh, which builds the release binaries first; or directly:
    .venv/bin/python Tooling/Benchmarks/SignedLink/run.py --clipkit PATH --bench PATH [--runs 15] [--timeout 5]
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
sys.path.insert(0, os.path.join(ROOT, "bench", "ProfileFetch"))
import run as profile_fetch  # noqa: E402  (the relay, publishing and port helpers of the profile-fetch bench)

MANIFEST = os.path.join(ROOT, "Examples", "roadflare", "clipkit.json")


def make_link(clipkit, source):
    result = subprocess.run([clipkit, "link", "make", source, "--manifest", MANIFEST, "--json"], capture_output=True, text=True, check=True)
    return json.loads(result.stdout)["url"]


def measure(bench, link, relay, runs, timeout):
    result = subprocess.run([bench, "--manifest", MANIFEST, "--link", link, "--relay", relay, "--runs", str(runs), "--timeout", str(timeout)],
                            capture_output=True, text=True, timeout=runs * (timeout + 5) + 60)
    if result.returncode != 0:
        raise SystemExit("signed-link-bench exited %d: %s" % (result.returncode, result.stderr[-800:]))
    return json.loads(result.stdout)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--timeout", type=float, default=5.0)
    parser.add_argument("--clipkit", required=True)
    parser.add_argument("--bench", required=True)
    options = parser.parse_args()

    folder = tempfile.mkdtemp(prefix="clipkit-signed-link-bench-")
    processes = []
    try:
        relays = profile_fetch.start_relays(1, folder, processes)
        signed = profile_fetch.publish_profile(relays)
        event_file = os.path.join(folder, "event.json")
        with open(event_file, "w") as handle:
            json.dump(signed["event"], handle)
        links = [("plain", make_link(options.clipkit, signed["pubkey"])), ("signed", make_link(options.clipkit, event_file))]

        fast, slow, dead = profile_fetch.free_port(), profile_fetch.free_port(), profile_fetch.free_port()
        proxy = subprocess.Popen(
            [sys.executable, os.path.join(ROOT, "bench", "ProfileFetch", "delay_proxy.py"),
             "%d:%d:20" % (fast, relays[0]), "%d:%d:300" % (slow, relays[0]), "%d:%d:dead" % (dead, relays[0])],
            stdout=subprocess.PIPE, text=True)
        processes.append(proxy)
        if proxy.stdout.readline().strip() != "ready":
            raise SystemExit("the delay proxy did not start")
        relay_conditions = [("20 ms", fast), ("300 ms", slow), ("dead (never answers)", dead)]

        print("Time from invocation to the first verified preview — medians of %d runs (first run, cold, in brackets), "
              "timeout %.0f s, Swift verifier, on %d CPU core(s)\n" % (options.runs, options.timeout, os.cpu_count() or 0))
        print("| relay | plain link | signed link | signed link: preview from | signed link, slowest run |")
        print("|---|---:|---:|---|---:|")
        raw = []
        for label, port in relay_conditions:
            cells = {}
            for kind, link in links:
                result = measure(options.bench, link, "ws://127.0.0.1:%d" % port, options.runs, options.timeout)
                cells[kind] = result
                raw.append((label, kind, result))
            def cell(result):
                samples = result["samplesMs"]
                if not samples:
                    return "none in %.0f s" % options.timeout
                return "%.2f ms [%.2f]" % (statistics.median(samples), samples[0])
            signed_result = cells["signed"]
            origins = sorted(set(signed_result["origins"]))
            slowest = max(signed_result["samplesMs"]) if signed_result["samplesMs"] else float("nan")
            print("| %s | %s | %s | %s | %.2f ms |" % (label, cell(cells["plain"]), cell(signed_result), ", ".join(origins), slowest))
        print("\nRaw samples (ms):")
        for label, kind, result in raw:
            print("  %s, %s: %s (missing %d)" % (label, kind, [round(v, 2) for v in result["samplesMs"]], result["missing"]))
    finally:
        profile_fetch.stop_processes(processes)


if __name__ == "__main__":
    main()
