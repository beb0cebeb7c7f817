"""A loopback TCP proxy in front of a Nostr relay that counts, from the relay's side, what
clients send it: WebSocket connections, REQ (subscriptions opened) and CLOSE messages, and the
most subscriptions open at once.

Bytes pass through unchanged in both directions; the client-to-relay stream is decoded as
WebSocket frames (masked, possibly fragmented) only to read the text messages.

    python counting_relay_proxy.py --upstream 7447 [--delay-ms 500]

prints one JSON line, {"listen": PORT, "stats": PORT}, once it accepts connections. Clients
connect to ws://127.0.0.1:PORT; GET http://127.0.0.1:STATS/ answers the counts as JSON:
connections, tcpConnections, connectionsOpen, peakConnectionsOpen, requests, profileRequests (REQs asking for kind 0), closes,
subscriptionsOpen, peakSubscriptionsOpen, malformed. Only loopback addresses are used.

`connections` counts WebSocket connections: those the relay accepted with `101 Switching
Protocols`. `tcpConnections` counts every TCP connection passed on to the relay, including one the
relay's port accepted but the relay never answered (a relay that is being killed still completes
TCP handshakes until its listening socket is closed; a client that gives up waiting).
"""

import argparse
import asyncio
import json
import sys

LOOPBACK = "127.0.0.1"


class Counts:
    def __init__(self):
        self.connections = 0
        self.tcp_connections = 0
        self.connections_open = 0
        self.peak_connections_open = 0
        self.requests = 0
        self.profile_requests = 0
        self.closes = 0
        self.subscriptions_open = 0
        self.peak_subscriptions_open = 0
        self.malformed = 0

    def as_json(self):
        return {
            "connections": self.connections,
            "tcpConnections": self.tcp_connections,
            "connectionsOpen": self.connections_open,
            "peakConnectionsOpen": self.peak_connections_open,
            "requests": self.requests,
            "profileRequests": self.profile_requests,
            "closes": self.closes,
            "subscriptionsOpen": self.subscriptions_open,
            "peakSubscriptionsOpen": self.peak_subscriptions_open,
            "malformed": self.malformed,
        }


COUNTS = Counts()


class ClientMessages:
    """Decodes the client's WebSocket frames and counts REQ and CLOSE per connection."""

    def __init__(self):
        self.buffer = bytearray()
        self.handshake_done = False
        self.fragments = bytearray()
        self.open_ids = set()

    def feed(self, data):
        self.buffer += data
        if not self.handshake_done:
            end = self.buffer.find(b"\r\n\r\n")
            if end < 0:
                return
            del self.buffer[: end + 4]
            self.handshake_done = True
        while self.next_frame():
            pass

    def next_frame(self):
        data = self.buffer
        if len(data) < 2:
            return False
        fin = data[0] & 0x80
        opcode = data[0] & 0x0F
        masked = data[1] & 0x80
        length = data[1] & 0x7F
        offset = 2
        if length == 126:
            if len(data) < 4:
                return False
            length = int.from_bytes(data[2:4], "big")
            offset = 4
        elif length == 127:
            if len(data) < 10:
                return False
            length = int.from_bytes(data[2:10], "big")
            offset = 10
        mask = b""
        if masked:
            if len(data) < offset + 4:
                return False
            mask = bytes(data[offset : offset + 4])
            offset += 4
        if len(data) < offset + length:
            return False
        payload = bytearray(data[offset : offset + length])
        del data[: offset + length]
        if masked:
            for index in range(len(payload)):
                payload[index] ^= mask[index % 4]
        if opcode in (0x1, 0x0):
            self.fragments += payload
            if fin:
                self.message(bytes(self.fragments))
                self.fragments = bytearray()
        return True

    def message(self, text):
        try:
            value = json.loads(text.decode("utf-8"))
            kind, subscription = value[0], value[1]
        except (ValueError, IndexError, TypeError, UnicodeDecodeError):
            COUNTS.malformed += 1
            return
        if kind == "REQ":
            COUNTS.requests += 1
            filters = [item for item in value[2:] if isinstance(item, dict)]
            if any(0 in (item.get("kinds") or []) for item in filters):
                COUNTS.profile_requests += 1
            if subscription not in self.open_ids:
                self.open_ids.add(subscription)
                COUNTS.subscriptions_open += 1
                COUNTS.peak_subscriptions_open = max(COUNTS.peak_subscriptions_open, COUNTS.subscriptions_open)
        elif kind == "CLOSE":
            COUNTS.closes += 1
            if subscription in self.open_ids:
                self.open_ids.remove(subscription)
                COUNTS.subscriptions_open -= 1

    def connection_ended(self):
        COUNTS.subscriptions_open -= len(self.open_ids)
        self.open_ids.clear()


class RelayAnswer:
    """Reads the relay's status line and counts the connection once the relay switched protocols."""

    def __init__(self):
        self.head = bytearray()
        self.decided = False

    def feed(self, data):
        if self.decided:
            return
        self.head += data
        end = self.head.find(b"\r\n")
        if end < 0:
            self.decided = len(self.head) > 4096
            return
        self.decided = True
        parts = bytes(self.head[:end]).split(b" ")
        if len(parts) >= 2 and parts[0].startswith(b"HTTP/") and parts[1] == b"101":
            COUNTS.connections += 1


async def pipe(reader, writer, observe=None, delay=0.0):
    try:
        while True:
            data = await reader.read(65536)
            if not data:
                break
            if observe:
                observe(data)
            if delay:
                await asyncio.sleep(delay)
            writer.write(data)
            await writer.drain()
    except (ConnectionError, asyncio.CancelledError):
        pass
    finally:
        try:
            writer.close()
        except Exception:
            pass


async def handle_client(client_reader, client_writer, upstream_port, delay):
    try:
        relay_reader, relay_writer = await asyncio.open_connection(LOOPBACK, upstream_port)
    except OSError:
        client_writer.close()
        return
    COUNTS.tcp_connections += 1
    COUNTS.connections_open += 1
    COUNTS.peak_connections_open = max(COUNTS.peak_connections_open, COUNTS.connections_open)
    messages = ClientMessages()
    upward = asyncio.ensure_future(pipe(client_reader, relay_writer, messages.feed))
    downward = asyncio.ensure_future(pipe(relay_reader, client_writer, RelayAnswer().feed, delay=delay))
    await asyncio.wait([upward, downward], return_when=asyncio.FIRST_COMPLETED)
    for task in (upward, downward):
        task.cancel()
    relay_writer.close()
    client_writer.close()
    messages.connection_ended()
    COUNTS.connections_open -= 1


async def handle_stats(reader, writer):
    try:
        await reader.readuntil(b"\r\n\r\n")
    except (asyncio.IncompleteReadError, asyncio.LimitOverrunError, ConnectionError):
        writer.close()
        return
    body = json.dumps(COUNTS.as_json()).encode("utf-8")
    writer.write(
        b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nConnection: close\r\n"
        + b"Content-Length: " + str(len(body)).encode("ascii") + b"\r\n\r\n" + body
    )
    await writer.drain()
    writer.close()


async def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--upstream", type=int, required=True, help="the relay's loopback port")
    parser.add_argument("--listen", type=int, default=0, help="the proxy's port (0: a free one)")
    parser.add_argument("--stats", type=int, default=0, help="the counts' port (0: a free one)")
    parser.add_argument("--delay-ms", type=int, default=0, help="hold each chunk the relay sends this long (a slow relay)")
    arguments = parser.parse_args()
    proxy = await asyncio.start_server(
        lambda r, w: handle_client(r, w, arguments.upstream, arguments.delay_ms / 1000.0), LOOPBACK, arguments.listen
    )
    stats = await asyncio.start_server(handle_stats, LOOPBACK, arguments.stats)
    ports = {
        "listen": proxy.sockets[0].getsockname()[1],
        "stats": stats.sockets[0].getsockname()[1],
    }
    print(json.dumps(ports), flush=True)
    async with proxy, stats:
        await asyncio.gather(proxy.serve_forever(), stats.serve_forever())


if __name__ == "__main__":
    try:
        asyncio.run(main())
    except KeyboardInterrupt:
        sys.exit(0)
