"""Loads `clipkit serve` with share-page requests for distinct npubs that no relay knows, and
reports what reached the relay (from the counting proxy) and the server's memory.

    python load.py --url http://127.0.0.1:8080 --stats-port 9001 --pid 1234 \
        [--count 20000] [--concurrency 64] [--clients 1] [--time-limit 120]

Each request is GET /share/d/<fresh npub> over keep-alive HTTP/1.1 connections, spread over
--clients loopback source addresses (127.0.1.1, 127.0.1.2, ...). Stops after --count requests
or --time-limit seconds, whichever comes first, and prints one JSON object: requests, statuses,
pages with a cacheable answer ("looked up") and without ("throttled", Cache-Control: no-store),
seconds, requests per second, the relay's counts, and the server's resident memory (start,
peak sampled every 50 ms, and the kernel's high-water mark VmHWM). Loopback only.
"""

import argparse
import asyncio
import json
import os
import secrets
import time

CHARSET = "qpzry9x8gf2tvdw0s3jn54khce6mua7l"


def bech32_polymod(values):
    generator = [0x3B6A57B2, 0x26508E6D, 0x1EA119FA, 0x3D4233DD, 0x2A1462B3]
    check = 1
    for value in values:
        top = check >> 25
        check = (check & 0x1FFFFFF) << 5 ^ value
        for index in range(5):
            check ^= generator[index] if ((top >> index) & 1) else 0
    return check


def npub(key):
    data, accumulator, bits = [], 0, 0
    for byte in key:
        accumulator = (accumulator << 8) | byte
        bits += 8
        while bits >= 5:
            bits -= 5
            data.append((accumulator >> bits) & 31)
    if bits:
        data.append((accumulator << (5 - bits)) & 31)
    hrp = "npub"
    expanded = [ord(c) >> 5 for c in hrp] + [0] + [ord(c) & 31 for c in hrp]
    polymod = bech32_polymod(expanded + data + [0] * 6) ^ 1
    checksum = [(polymod >> 5 * (5 - index)) & 31 for index in range(6)]
    return hrp + "1" + "".join(CHARSET[d] for d in data + checksum)


def rss_kib(pid, field):
    try:
        with open(f"/proc/{pid}/status") as status:
            for line in status:
                if line.startswith(field + ":"):
                    return int(line.split()[1])
    except OSError:
        return None
    return None


async def fetch_stats(port):
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    await writer.drain()
    response = await reader.read()
    writer.close()
    return json.loads(response.split(b"\r\n\r\n", 1)[1])


class Totals:
    def __init__(self):
        self.sent = 0
        self.statuses = {}
        self.looked_up = 0
        self.throttled = 0
        self.errors = 0


async def worker(host, port, source, deadline, remaining, totals):
    reader = writer = None
    while remaining[0] > 0 and time.monotonic() < deadline:
        remaining[0] -= 1
        path = "/share/d/" + npub(secrets.token_bytes(32))
        try:
            if writer is None:
                reader, writer = await asyncio.open_connection(host, port, local_addr=(source, 0))
            writer.write(f"GET {path} HTTP/1.1\r\nHost: roadflare.app\r\n\r\n".encode("ascii"))
            await writer.drain()
            head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), timeout=30)
            lines = head.decode("latin-1").split("\r\n")
            status = int(lines[0].split(" ")[1])
            headers = {}
            for line in lines[1:]:
                if ":" in line:
                    name, value = line.split(":", 1)
                    headers[name.strip().lower()] = value.strip()
            await reader.readexactly(int(headers.get("content-length", "0")))
            totals.sent += 1
            totals.statuses[status] = totals.statuses.get(status, 0) + 1
            if headers.get("cache-control") == "no-store":
                totals.throttled += 1
            else:
                totals.looked_up += 1
            if headers.get("connection", "").lower() == "close":
                writer.close()
                writer = None
        except (OSError, asyncio.IncompleteReadError, asyncio.TimeoutError, ValueError, IndexError):
            totals.errors += 1
            if writer is not None:
                writer.close()
            writer = None
    if writer is not None:
        writer.close()


async def sample_memory(pid, peak, stop):
    while not stop.is_set():
        value = rss_kib(pid, "VmRSS")
        if value:
            peak[0] = max(peak[0], value)
        await asyncio.sleep(0.05)


async def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--url", required=True)
    parser.add_argument("--stats-port", type=int, required=True)
    parser.add_argument("--pid", type=int, required=True)
    parser.add_argument("--count", type=int, default=20000)
    parser.add_argument("--concurrency", type=int, default=64)
    parser.add_argument("--clients", type=int, default=1)
    parser.add_argument("--time-limit", type=float, default=120)
    arguments = parser.parse_args()
    host, port = arguments.url.split("//", 1)[1].rsplit(":", 1)
    if not host.startswith("127."):
        raise SystemExit("load.py only loads servers on loopback")
    sources = [f"127.0.1.{1 + index % 250}" for index in range(max(1, arguments.clients))]
    start_rss = rss_kib(arguments.pid, "VmRSS")
    before = await fetch_stats(arguments.stats_port)
    peak = [start_rss or 0]
    stop = asyncio.Event()
    sampler = asyncio.ensure_future(sample_memory(arguments.pid, peak, stop))
    totals = Totals()
    remaining = [arguments.count]
    started = time.monotonic()
    deadline = started + arguments.time_limit
    await asyncio.gather(*[
        worker(host, int(port), sources[index % len(sources)], deadline, remaining, totals)
        for index in range(arguments.concurrency)
    ])
    seconds = time.monotonic() - started
    # Lookups still running when the load ends finish within the fetch deadline (5 s).
    await asyncio.sleep(6)
    stop.set()
    await sampler
    after = await fetch_stats(arguments.stats_port)
    print(json.dumps({
        "requests": totals.sent,
        "errors": totals.errors,
        "statuses": totals.statuses,
        "lookedUp": totals.looked_up,
        "throttled": totals.throttled,
        "clients": len(sources),
        "concurrency": arguments.concurrency,
        "seconds": round(seconds, 2),
        "requestsPerSecond": round(totals.sent / seconds, 1) if seconds else None,
        "relay": {
            "connections": after["connections"] - before["connections"],
            "subscriptions": after["requests"] - before["requests"],
            "lookups": after["profileRequests"] - before["profileRequests"],
            "closes": after["closes"] - before["closes"],
            "peakSubscriptionsOpen": after["peakSubscriptionsOpen"],
            "subscriptionsOpenAtEnd": after["subscriptionsOpen"],
        },
        "rssKiB": {
            "start": start_rss,
            "peakSampled": peak[0],
            "end": rss_kib(arguments.pid, "VmRSS"),
            "highWaterMark": rss_kib(arguments.pid, "VmHWM"),
        },
    }))


if __name__ == "__main__":
    asyncio.run(main())
