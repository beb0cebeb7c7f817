"""Publishes signed Nostr events to a relay, the way any Nostr client does.

Usage: publish_events.py RELAY_URL < events.jsonl

Reads one event JSON per line on standard input, sends ["EVENT", event] for each, waits for the
relay's ["OK", id, accepted, message] and prints {"id", "accepted", "message"} per event.
Exits 1 when the relay refused any event.
"""

import json
import sys

from websockets.sync.client import connect


def main():
    relay = sys.argv[1]
    refused = False
    with connect(relay, open_timeout=10) as socket:
        for line in sys.stdin:
            line = line.strip()
            if not line:
                continue
            event = json.loads(line)
            socket.send(json.dumps(["EVENT", event]))
            while True:
                reply = json.loads(socket.recv(timeout=10))
                if reply[0] == "OK" and reply[1] == event["id"]:
                    break
            refused = refused or not reply[2]
            print(json.dumps({"id": event["id"], "accepted": reply[2], "message": reply[3]}), flush=True)
    sys.exit(1 if refused else 0)


if __name__ == "__main__":
    main()
