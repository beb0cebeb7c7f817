"""Relay side of ClipNostr's relay tests, driven by nostr-sdk (rust-nostr's Python bindings).

Modes (each reads JSON lines on standard input and prints one JSON object per line):

  sign                 each input line is {"key", "kind", "content", "createdAt", "tags"?};
                       "key" names a deterministic test key. Prints {"key", "pubkey", "event"}
                       where "event" is the signed event as nostr-sdk writes it.
  publish URL...       each input line is a signed event; publishes it to every relay, in input
                       order, waiting for each relay's OK. Prints {"id", "accepted": [URL...],
                       "rejected": {URL: reason}}.
  fetch TIMEOUT URL... one input line {"author": hex}; fetches the author's kind-0 events with
                       fetch_events (limit 1, TIMEOUT seconds) and prints {"events": [...],
                       "newest": event or null, "seconds": elapsed}.
"""

import asyncio
import hashlib
import json
import sys
import time
from datetime import timedelta

import nostr_sdk as nostr


def keys_for(label):
    """A fixed key per label, so every run signs with the same keys."""
    secret = hashlib.sha256(("clipkit-relay-tests:" + label).encode("utf-8")).hexdigest()
    return nostr.Keys(nostr.SecretKey.parse(secret))


def read_lines():
    return [json.loads(line) for line in sys.stdin.read().split("\n") if line.strip()]


def sign():
    for spec in read_lines():
        keys = keys_for(spec["key"])
        builder = nostr.EventBuilder(nostr.Kind(spec["kind"]), spec["content"])
        builder = builder.tags([nostr.Tag.parse(tag) for tag in spec.get("tags", [])])
        builder = builder.custom_created_at(nostr.Timestamp.from_secs(spec["createdAt"]))
        event = builder.finalize(keys)
        print('{"key":%s,"pubkey":"%s","event":%s}' % (
            json.dumps(spec["key"]), keys.public_key().to_hex(), event.as_json()), flush=True)


async def connected_client(urls):
    client = nostr.Client()
    for url in urls:
        await client.add_relay(nostr.RelayUrl.parse(url))
    await client.connect()
    await client.try_connect(timedelta(seconds=5))
    return client


async def publish(urls):
    client = await connected_client(urls)
    targets = [nostr.RelayUrl.parse(url) for url in urls]
    for line in read_lines():
        event = nostr.Event.from_json(json.dumps(line))
        output = await client.send_event(event, nostr.SendEventTarget.to(targets))
        accepted = sorted(str(url) for url in output.success)
        rejected = {str(url): str(reason) for url, reason in output.failed.items()}
        print(json.dumps({"id": event.id().to_hex(), "accepted": accepted, "rejected": rejected}), flush=True)
    await client.shutdown()


async def fetch(timeout, urls):
    request = read_lines()[0]
    client = await connected_client(urls)
    author = nostr.PublicKey.parse(request["author"])
    query = nostr.Filter().kind(nostr.Kind(0)).author(author).limit(1)
    started = time.monotonic()
    events = await client.fetch_events(nostr.ReqTarget.auto([query]), timedelta(seconds=timeout))
    seconds = time.monotonic() - started
    found = [json.loads(event.as_json()) for event in events]
    # NIP-01: the newest wins, and between equals the lowest id.
    ranked = sorted(found, key=lambda event: (-event["created_at"], event["id"]))
    newest = ranked[0] if ranked else None
    print(json.dumps({"events": found, "newest": newest, "seconds": seconds}), flush=True)
    await client.shutdown()


def main(arguments):
    if not arguments:
        raise SystemExit(__doc__)
    mode = arguments[0]
    if mode == "sign":
        sign()
    elif mode == "publish":
        asyncio.run(publish(arguments[1:]))
    elif mode == "fetch":
        asyncio.run(fetch(float(arguments[1]), arguments[2:]))
    else:
        raise SystemExit("unknown mode: " + mode + "\n" + __doc__)


if __name__ == "__main__":
    main(sys.argv[1:])
