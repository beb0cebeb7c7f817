"""Profile-fetch latency: ClipNostr (`clipkit profile`) beside nostr-sdk's fetch_events.

Three real relays (nostr-relay) hold the same kind-0 profile, published with nostr-sdk. A delay
proxy puts them at 20 ms and 300 ms of round-trip latency and makes one never answer. Each run
fetches the profile with `clipkit profile --json` (time to the first verified profile and to the
final answer, measured inside the fetch) and with nostr-sdk's fetch_events (same relays, same
timeout). The reference for "as fast as the fastest relay" is ClipKit asking the fastest relay
alone (nothing slower beside it); the protocol's own minimum, two round trips (WebSocket upgrade,
then REQ to EVENT), is printed for context.

Run it through bench/profile-fetch.sh, which builds the release clipkit first; or directly:
    .venv/bin/python bench/ProfileFetch/run.py --clipkit PATH [--runs 7] [--timeout 5]
Prints a Markdown table of medians with ratios against the DESIGN.md target.
"""

import argparse
import json
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
PYTHON = sys.executable
BIN = os.path.dirname(PYTHON)
FIXTURES = os.path.join(ROOT, "Tests", "Fixtures", "python", "relay_fixtures.py")

RELAY_CONFIG = """DEBUG: false
relay_name: benchmark relay
storage:
  sqlalchemy.url: sqlite+aiosqlite:///{database}
gunicorn:
  bind: 127.0.0.1:{port}
  workers: 1
  loglevel: warning
authentication:
  enabled: false
logging:
  version: 1
  root:
    level: WARNING
"""


def stop_processes(processes):
    """Terminates the processes a bench started, killing any that do not stop within 10 s."""
    for process in processes:
        process.terminate()
    for process in processes:
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_for_port(port, seconds=30):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        with socket.socket() as probe:
            if probe.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.05)
    raise SystemExit("nothing listens on port %d" % port)


def run_json(arguments, stdin=None, timeout=120, allowed=(0,)):
    result = subprocess.run(arguments, input=stdin, capture_output=True, text=True, timeout=timeout)
    if result.returncode not in allowed:
        raise SystemExit("%s exited %d: %s" % (" ".join(arguments[:3]), result.returncode, result.stderr[-800:]))
    return [json.loads(line) for line in result.stdout.splitlines() if line.strip()]


def start_relays(count, folder, processes):
    urls = []
    for index in range(count):
        port = free_port()
        relay_folder = os.path.join(folder, "relay%d" % index)
        os.makedirs(relay_folder)
        config = os.path.join(relay_folder, "config.yaml")
        with open(config, "w") as handle:
            handle.write(RELAY_CONFIG.format(database=os.path.join(relay_folder, "relay.sqlite3"), port=port))
        processes.append(subprocess.Popen(
            [os.path.join(BIN, "nostr-relay"), "-c", config, "serve", "--use-uvicorn"],
            cwd=relay_folder, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        urls.append(port)
    for port in urls:
        wait_for_port(port)
    return urls


def publish_profile(relay_ports):
    spec = {"key": "benchmark-driver-%d" % os.getpid(), "kind": 0, "createdAt": int(time.time()) - 60,
            "content": json.dumps({"name": "ana", "display_name": "Ana", "picture": "https://roadflare.app/ana.png",
                                   "car_make": "Toyota", "car_model": "Prius", "car_color": "blue"})}
    signed = run_json([PYTHON, FIXTURES, "sign"], stdin=json.dumps(spec) + "\n")[0]
    urls = ["ws://127.0.0.1:%d" % port for port in relay_ports]
    published = run_json([PYTHON, FIXTURES, "publish"] + urls, stdin=json.dumps(signed["event"]) + "\n")[0]
    if len(published["accepted"]) != len(urls):
        raise SystemExit("not every relay stored the profile: %s" % published)
    return signed


def clipkit_fetch(clipkit, npub, urls, timeout, extra=()):
    arguments = [clipkit, "profile", npub, "--timeout", str(timeout), "--json"] + list(extra)
    for url in urls:
        arguments += ["--relay", url]
    result = run_json(arguments, timeout=timeout + 30, allowed=(0, 1))[0]
    return result


def median(values):
    return statistics.median(values) if values else float("nan")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--timeout", type=float, default=5.0)
    parser.add_argument("--clipkit", default=os.path.join(ROOT, ".build", "release", "clipkit"))
    options = parser.parse_args()
    if not os.access(options.clipkit, os.X_OK):
        raise SystemExit("build clipkit first: swift build --package-path Tooling -c release --product clipkit (looked for %s)" % options.clipkit)

    folder = tempfile.mkdtemp(prefix="clipkit-bench-")
    processes = []
    try:
        relays = start_relays(3, folder, processes)
        signed = publish_profile(relays)
        author, expected_id = signed["pubkey"], signed["event"]["id"]
        npub = subprocess.run([options.clipkit, "nip19", "encode", author], capture_output=True, text=True).stdout.strip()

        fast, slow, dead = free_port(), free_port(), free_port()
        proxy = subprocess.Popen(
            [PYTHON, os.path.join(HERE, "delay_proxy.py"),
             "%d:%d:20" % (fast, relays[0]), "%d:%d:300" % (slow, relays[1]), "%d:%d:dead" % (dead, relays[2])],
            stdout=subprocess.PIPE, text=True)
        processes.append(proxy)
        if proxy.stdout.readline().strip() != "ready":
            raise SystemExit("the delay proxy did not start")
        url = lambda port: "ws://127.0.0.1:%d" % port
        scenarios = [
            ("20 ms + 300 ms + dead", [url(fast), url(slow), url(dead)]),
            ("20 ms + 300 ms", [url(fast), url(slow)]),
            ("300 ms + dead", [url(slow), url(dead)]),
        ]

        # Warm-up: one untimed fetch each, so disk caches and the relays' first queries are not measured.
        clipkit_fetch(options.clipkit, npub, [url(fast)], options.timeout)
        run_json([PYTHON, os.path.join(HERE, "reference_fetch.py"), "sdk", str(options.timeout), author, url(fast)])

        rows = []
        floors = {"20 ms": [], "300 ms": []}
        # The same, without the relay-list subscription the outbox model adds (--write-relays 0).
        floors_without_list = {"20 ms": [], "300 ms": []}
        for name, urls in scenarios:
            samples = {"first": [], "final": [], "sdk": [], "endings": set(), "sdkFound": 0, "clipkitFound": 0}
            fastest = "20 ms" if url(fast) in urls else "300 ms"
            for run in range(options.runs):
                tools = ["clipkit", "alone", "alone-no-list", "sdk"] if run % 2 == 0 else ["sdk", "alone-no-list", "alone", "clipkit"]
                for tool in tools:
                    if tool == "clipkit":
                        result = clipkit_fetch(options.clipkit, npub, urls, options.timeout)
                        if result.get("id") == expected_id:
                            samples["clipkitFound"] += 1
                            samples["first"].append(result["firstResultMs"])
                        samples["final"].append(result["totalMs"])
                        samples["endings"].add(result.get("ending"))
                    elif tool in ("alone", "alone-no-list"):
                        # The reference for the target: the fastest relay of this scenario, asked alone;
                        # and the same without the relay-list subscription, which shows what that costs.
                        extra = ["--write-relays", "0"] if tool == "alone-no-list" else []
                        result = clipkit_fetch(options.clipkit, npub, [url(fast) if fastest == "20 ms" else url(slow)], options.timeout, extra)
                        if result.get("id") == expected_id:
                            (floors if tool == "alone" else floors_without_list)[fastest].append(result["firstResultMs"])
                    else:
                        result = run_json([PYTHON, os.path.join(HERE, "reference_fetch.py"), "sdk", str(options.timeout), author] + urls)[0]
                        samples["sdk"].append(result["totalMs"])
                        samples["sdkFound"] += 1 if result["newestId"] == expected_id else 0
            rows.append((name, urls, samples))

        floor = {label: median(values) for label, values in floors.items()}
        print("Profile fetch latency — medians of %d runs, timeout %.0f s, on %d CPU core(s)\n" % (options.runs, options.timeout, os.cpu_count() or 0))
        print("Fastest relay alone (ClipKit, that relay only): 20 ms relay %.1f ms, 300 ms relay %.1f ms (protocol minimum: 2 round trips = 40 / 600 ms)" % (floor["20 ms"], floor["300 ms"]))
        print("The same without the relay-list subscription (--write-relays 0): 20 ms relay %.1f ms, 300 ms relay %.1f ms\n" % (
            median(floors_without_list["20 ms"]), median(floors_without_list["300 ms"])))
        print("| relays | ClipKit first verified | first − fastest relay alone (target ≤ 15 ms) | ClipKit final | ClipKit ended by | nostr-sdk fetch_events | nostr-sdk ÷ ClipKit first | nostr-sdk ÷ ClipKit final | found (ClipKit / nostr-sdk) |")
        print("|---|---|---|---|---|---|---|---|---|")
        for name, urls, samples in rows:
            fastest = floor["20 ms"] if url(fast) in urls else floor["300 ms"]
            first, final, sdk = median(samples["first"]), median(samples["final"]), median(samples["sdk"])
            print("| %s | %.1f ms | %+.1f ms | %.1f ms | %s | %.1f ms | %.1f× | %.1f× | %d/%d / %d/%d |" % (
                name, first, first - fastest, final, ", ".join(sorted(e for e in samples["endings"] if e)), sdk,
                sdk / first, sdk / final, samples["clipkitFound"], options.runs, samples["sdkFound"], options.runs))
        print("\nRaw samples (ms):")
        for name, urls, samples in rows:
            print("  %s: ClipKit first %s; final %s; nostr-sdk %s" % (
                name, [round(v, 1) for v in samples["first"]], [round(v, 1) for v in samples["final"]], [round(v, 1) for v in samples["sdk"]]))
        print("  fastest relay alone: %s" % {label: [round(v, 1) for v in values] for label, values in floors.items()})
    finally:
        stop_processes(processes)
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
