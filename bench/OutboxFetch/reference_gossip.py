"""The reference side of the outbox benchmark: rust-nostr (nostr-sdk's Python bindings) with its
gossip (NIP-65 outbox) routing on.

  reference_gossip.py TIMEOUT AUTHOR URL...
      A client with an in-memory gossip store, local relays allowed, that knows only URL...;
      stream_events(kind 0, author, limit 1) with ReqTarget.auto, so nostr-sdk itself fetches the
      author's kind 10002 from those relays and asks the write relays it names. Prints
      {"firstMs", "totalMs", "events", "newestId"}: the time to the first verified event the
      stream yields and to the end of the stream.

Times run from before the connection is opened; interpreter start-up is excluded.
"""

import asyncio
import json
import sys
import time
from datetime import timedelta

import nostr_sdk as nostr

# nostr-relay does not answer NIP-77 (negentropy) sync requests, so nostr-sdk waits this long before
# it falls back to a plain REQ for the relay list. The default (10 s) would measure only that wait, and
# even 50 ms adds to every run, so the reference runs at its best: the check gives up at once.
SYNC_CHECK_MS = 1


async def gossip(timeout, author, urls):
    config = (nostr.GossipConfig().allowed(nostr.GossipAllowedRelays(local=True)).no_background_refresh()
              .sync_initial_timeout(timedelta(milliseconds=SYNC_CHECK_MS)))
    client = nostr.ClientBuilder().gossip(nostr.NostrGossip.in_memory()).gossip_config(config).build()
    for url in urls:
        await client.add_relay(nostr.RelayUrl.parse(url))
    query = nostr.Filter().kind(nostr.Kind(0)).author(nostr.PublicKey.parse(author)).limit(1)
    started = time.monotonic()
    await client.connect()
    first = None
    found = []
    stream = await client.stream_events(nostr.ReqTarget.auto([query]), timeout=timedelta(seconds=timeout))
    while True:
        item = await stream.next()
        if item is None:
            break
        if item.event is None:
            continue
        if first is None:
            first = time.monotonic() - started
        found.append(json.loads(item.event.as_json()))
    total = time.monotonic() - started
    found.sort(key=lambda e: (-e["created_at"], e["id"]))
    print(json.dumps({
        "firstMs": first * 1000 if first is not None else None, "totalMs": total * 1000,
        "events": len(found), "newestId": found[0]["id"] if found else None,
    }))
    await client.shutdown()


if __name__ == "__main__":
    if len(sys.argv) < 4:
        raise SystemExit(__doc__)
    asyncio.run(gossip(float(sys.argv[1]), sys.argv[2], sys.argv[3:]))
