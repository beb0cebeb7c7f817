"""Outbox lookup: the time to the first verified profile when it sits only on the author's write
relay, ClipNostr (`clipkit profile`) beside rust-nostr's gossip routing (nostr-sdk), in one run.

Two real relays (nostr-relay) behind a delay proxy that adds the same round-trip latency to each:
the "index" relay, the only one either client is given, holds the author's kind 10002 relay list
(signed by nostr-sdk) naming the "write" relay; the write relay alone holds the kind-0 profile.
Each run fetches the profile with `clipkit profile --relay INDEX --json` (time to the first
verified profile and to the final answer, measured inside the fetch) and with nostr-sdk's
stream_events under gossip routing (reference_gossip.py: first event and end of stream). Both
start cold every run (a new process, no stored relay lists). The protocol's minimum, for
context: four round trips (upgrade and REQ at the index relay, then the same at the write relay).

Run it through bench/outbox-fetch.sh, which builds the release clipkit first; or directly:
    .venv/bin/python bench/OutboxFetch/run.py --clipkit PATH [--runs 7] [--latency 40] [--timeout 5]
Prints a Markdown table of medians with ratios.
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "ProfileFetch"))

import run as profile_fetch  # noqa: E402  (the profile-fetch benchmark's relay and process helpers)

PYTHON = sys.executable
FIXTURES = profile_fetch.FIXTURES


def publish(author_key, relay_lists, profiles):
    """Signs and publishes; `relay_lists` and `profiles` map a relay URL to the events it gets."""
    now = int(time.time())
    specs = [
        {"key": author_key, "kind": 0, "createdAt": now - 60,
         "content": json.dumps({"name": "maria", "display_name": "Maria", "car_make": "Kia"})},
        {"key": author_key, "kind": 10002, "createdAt": now - 30, "content": "",
         "tags": [["r", url, "write"] for url in relay_lists["write"]]},
    ]
    signed = profile_fetch.run_json([PYTHON, FIXTURES, "sign"], stdin="\n".join(json.dumps(s) for s in specs) + "\n")
    for (url, event) in [(profiles, signed[0]["event"]), (relay_lists["index"], signed[1]["event"])]:
        published = profile_fetch.run_json([PYTHON, FIXTURES, "publish", url], stdin=json.dumps(event) + "\n")[0]
        if published["accepted"] != [url]:
            raise SystemExit("%s did not store the event: %s" % (url, published))
    return signed[0]["pubkey"], signed[0]["event"]["id"], signed[1]["event"]["id"]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--latency", type=int, default=40, help="round-trip milliseconds added to each relay")
    parser.add_argument("--timeout", type=float, default=5.0)
    parser.add_argument("--clipkit", required=True)
    options = parser.parse_args()

    folder = tempfile.mkdtemp(prefix="clipkit-outbox-bench-")
    processes = []
    try:
        index_port, write_port = profile_fetch.start_relays(2, folder, processes)
        index_proxy, write_proxy = profile_fetch.free_port(), profile_fetch.free_port()
        proxy = subprocess.Popen(
            [PYTHON, os.path.join(os.path.dirname(HERE), "ProfileFetch", "delay_proxy.py"),
             "%d:%d:%d" % (index_proxy, index_port, options.latency), "%d:%d:%d" % (write_proxy, write_port, options.latency)],
            stdout=subprocess.PIPE, text=True)
        processes.append(proxy)
        if proxy.stdout.readline().strip() != "ready":
            raise SystemExit("the delay proxy did not start")
        index_url, write_url = "ws://127.0.0.1:%d" % index_proxy, "ws://127.0.0.1:%d" % write_proxy
        author, profile_id, list_id = publish(
            "outbox-benchmark-%d" % os.getpid(), {"index": index_url, "write": [write_url]}, write_url)
        npub = subprocess.run([options.clipkit, "nip19", "encode", author], capture_output=True, text=True).stdout.strip()

        rows = {"clipkit": {"first": [], "total": []}, "nostr-sdk": {"first": [], "total": []}}
        # ClipNostr's steps, from the per-relay times `clipkit profile --json` reports.
        steps = {"given connected": [], "given answered": [], "write relay connected": []}
        for run in range(options.runs):
            order = ["clipkit", "nostr-sdk"] if run % 2 == 0 else ["nostr-sdk", "clipkit"]
            for side in order:
                if side == "clipkit":
                    # The write relay the relay list names is on loopback, which `clipkit profile`
                    # refuses to connect to unless told (as the reference is told local relays are allowed).
                    result = profile_fetch.run_json(
                        [options.clipkit, "profile", npub, "--relay", index_url, "--timeout", str(options.timeout),
                         "--allow-private-outbound", "--json"],
                        timeout=options.timeout + 30, allowed=(0, 1))[0]
                    if result.get("id") != profile_id or (result.get("relayList") or {}).get("id") != list_id:
                        raise SystemExit("clipkit did not find the profile through the relay list: %s" % json.dumps(result)[:600])
                    rows[side]["first"].append(result["firstResultMs"])
                    rows[side]["total"].append(result["totalMs"])
                    given = [relay for relay in result["relays"] if relay["role"] == "given"][0]
                    write = [relay for relay in result["relays"] if relay["role"] == "write-relay"][0]
                    steps["given connected"].append(given["connectedMs"])
                    steps["given answered"].append(given["finishedMs"])
                    steps["write relay connected"].append(write["connectedMs"])
                else:
                    result = profile_fetch.run_json(
                        [PYTHON, os.path.join(HERE, "reference_gossip.py"), str(options.timeout), author, index_url],
                        timeout=options.timeout + 30)[0]
                    if result.get("newestId") != profile_id:
                        raise SystemExit("nostr-sdk did not find the profile: %s" % result)
                    rows[side]["first"].append(result["firstMs"])
                    rows[side]["total"].append(result["totalMs"])

        median = profile_fetch.median
        ours, theirs = rows["clipkit"], rows["nostr-sdk"]
        print("Outbox lookup, %d runs, %d ms round trip added to each relay, profile only on the write relay:" % (
            options.runs, options.latency))
        print()
        print("| client | first verified profile (median) | final answer (median) |")
        print("|---|---:|---:|")
        print("| ClipNostr (`clipkit profile`, outbox model) | %.0f ms | %.0f ms |" % (median(ours["first"]), median(ours["total"])))
        print("| rust-nostr (nostr-sdk 0.45.1, gossip routing) | %.0f ms | %.0f ms |" % (median(theirs["first"]), median(theirs["total"])))
        print("| ratio ClipNostr / rust-nostr | %.2f | %.2f |" % (
            median(ours["first"]) / median(theirs["first"]), median(ours["total"]) / median(theirs["total"])))
        print()
        print("Protocol minimum for the first profile: 4 round trips = %d ms." % (4 * options.latency))
        print("Raw first-profile times (ms): clipkit %s; nostr-sdk %s" % (
            [round(value) for value in ours["first"]], [round(value) for value in theirs["first"]]))
        print()
        print("ClipNostr's steps (medians of each time, the step's length beside it):")
        print()
        print("| step | at | length |")
        print("|---|---:|---:|")
        previous = 0.0
        for label, values in [
            ("WebSocket upgrade at the given relay (the process's first connection)", steps["given connected"]),
            ("`REQ` for the profile and the relay list, to both `EOSE`s", steps["given answered"]),
            ("WebSocket upgrade at the write relay", steps["write relay connected"]),
            ("`REQ` at the write relay, to the verified profile", ours["first"]),
        ]:
            at = median(values)
            print("| %s | %.1f ms | %.1f ms |" % (label, at, at - previous))
            previous = at
    finally:
        profile_fetch.stop_processes(processes)


if __name__ == "__main__":
    main()
