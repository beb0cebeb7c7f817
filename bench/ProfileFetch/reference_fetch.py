"""The reference side of the profile-fetch benchmark: nostr-sdk (rust-nostr's Python bindings).

  reference_fetch.py sdk TIMEOUT AUTHOR URL...     nostr-sdk (rust-nostr): connect, then
      fetch_events(kind 0, author, limit 1, TIMEOUT). Prints {"totalMs", "events", "newestId"}.

Times run from before the connection is opened to the answer; interpreter start-up is excluded.
"""

import asyncio
import json
import sys
import time
from datetime import timedelta

import nostr_sdk as nostr


async def sdk(timeout, author, urls):
    client = nostr.Client()
    for url in urls:
        await client.add_relay(nostr.RelayUrl.parse(url))
    query = nostr.Filter().kind(nostr.Kind(0)).author(nostr.PublicKey.parse(author)).limit(1)
    started = time.monotonic()
    await client.connect()
    events = await client.fetch_events(nostr.ReqTarget.auto([query]), timedelta(seconds=timeout))
    elapsed = time.monotonic() - started
    found = sorted((json.loads(event.as_json()) for event in events), key=lambda e: (-e["created_at"], e["id"]))
    print(json.dumps({"totalMs": elapsed * 1000, "events": len(found), "newestId": found[0]["id"] if found else None}))
    await client.shutdown()


if __name__ == "__main__":
    mode = sys.argv[1] if len(sys.argv) > 1 else ""
    if mode == "sdk":
        asyncio.run(sdk(float(sys.argv[2]), sys.argv[3], sys.argv[4:]))
    else:
        raise SystemExit(__doc__)
