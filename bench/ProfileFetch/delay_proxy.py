"""A TCP proxy on loopback that adds latency, for the profile-fetch benchmark.

Usage: delay_proxy.py LISTEN:UPSTREAM:LATENCY_MS ...   (LATENCY_MS "dead" never answers)

Every chunk is forwarded after LATENCY_MS / 2 in each direction, so a request and its answer
take LATENCY_MS more than on plain loopback; order is kept. A "dead" mapping accepts the
connection and then answers nothing, like a relay whose host vanished behind a firewall that
still completes TCP handshakes (the worst case for a client: nothing ever fails).
Prints "ready" once every port listens; stops on SIGTERM.
"""

import asyncio
import signal
import sys


async def pump(reader, writer, one_way):
    loop = asyncio.get_running_loop()
    queue = asyncio.Queue()

    async def send():
        while True:
            due, data = await queue.get()
            delay = due - loop.time()
            if delay > 0:
                await asyncio.sleep(delay)
            if not data:
                writer.close()
                return
            writer.write(data)
            await writer.drain()

    sender = asyncio.create_task(send())
    try:
        while True:
            data = await reader.read(65536)
            queue.put_nowait((loop.time() + one_way, data))
            if not data:
                break
        await sender
    except (ConnectionError, asyncio.CancelledError):
        sender.cancel()


def handler(upstream, latency):
    async def handle(client_reader, client_writer):
        if latency is None:
            try:
                while await client_reader.read(65536):
                    pass
            except (ConnectionError, asyncio.CancelledError):
                pass
            client_writer.close()
            return
        try:
            upstream_reader, upstream_writer = await asyncio.open_connection("127.0.0.1", upstream)
        except OSError:
            client_writer.close()
            return
        one_way = latency / 2000.0
        try:
            await asyncio.gather(
                pump(client_reader, upstream_writer, one_way),
                pump(upstream_reader, client_writer, one_way),
                return_exceptions=True,
            )
        except asyncio.CancelledError:
            pass
    return handle


async def main(mappings):
    servers = []
    for mapping in mappings:
        listen, upstream, latency = mapping.split(":")
        handle = handler(int(upstream), None if latency == "dead" else float(latency))
        servers.append(await asyncio.start_server(handle, "127.0.0.1", int(listen)))
    print("ready", flush=True)
    stop = asyncio.Event()
    asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stop.set)
    await stop.wait()
    for server in servers:
        server.close()


if __name__ == "__main__":
    if len(sys.argv) < 2:
        raise SystemExit(__doc__)
    asyncio.run(main(sys.argv[1:]))
