#!/usr/bin/env python3
"""Load on `flipbook preview`: CLIENTS concurrent clients ask for REQUESTS frames in all,
each of a scene at a time within its length, over keep-alive HTTP/1.1 connections.
Prints frames a second, latency percentiles, statuses and errors.

    bench/preview-load.py [--port 8080] [--clients 200] [--requests 10000]
"""
import argparse
import asyncio
import random
import time


SCENES = ["flip-card", "shimmer", "skeleton", "finale", "magnifier", "zoom-fade"]


async def client(port, queue, latencies, statuses, errors):
    reader = writer = None
    while True:
        try:
            path = queue.get_nowait()
        except asyncio.QueueEmpty:
            break
        began = time.monotonic()
        try:
            if writer is None:
                reader, writer = await asyncio.open_connection("127.0.0.1", port)
            writer.write(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
            await writer.drain()
            head = await reader.readuntil(b"\r\n\r\n")
            status = int(head.split(b" ", 2)[1])
            length = 0
            for line in head.split(b"\r\n"):
                if line.lower().startswith(b"content-length:"):
                    length = int(line.split(b":", 1)[1])
            await reader.readexactly(length)
            latencies.append(time.monotonic() - began)
            statuses[status] = statuses.get(status, 0) + 1
        except Exception as error:  # a closed or reset connection counts as an error
            errors.append(repr(error))
            if writer is not None:
                writer.close()
            reader = writer = None


async def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, default=8080)
    parser.add_argument("--clients", type=int, default=200)
    parser.add_argument("--requests", type=int, default=10000)
    arguments = parser.parse_args()
    random.seed(1)
    queue = asyncio.Queue()
    for _ in range(arguments.requests):
        queue.put_nowait(f"/frame/{random.choice(SCENES)}?t={random.uniform(0, 2):.2f}")
    latencies, statuses, errors = [], {}, []
    began = time.monotonic()
    await asyncio.gather(*(client(arguments.port, queue, latencies, statuses, errors) for _ in range(arguments.clients)))
    elapsed = time.monotonic() - began
    latencies.sort()

    def percentile(p):
        return latencies[min(len(latencies) - 1, int(p * len(latencies)))] if latencies else float("nan")

    ok = statuses.get(200, 0)
    print(f"{arguments.clients} clients, {arguments.requests} requests in {elapsed:.1f} s: "
          f"{ok / elapsed:.1f} frames/s; p50 {percentile(0.5):.3f} s, p99 {percentile(0.99):.3f} s, "
          f"max {percentile(1.0):.3f} s; statuses {dict(sorted(statuses.items()))}; {len(errors)} errors")


asyncio.run(main())
