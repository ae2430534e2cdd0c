#!/usr/bin/env python3
"""Connection-slot floods against a server on loopback, and GET / from a new address
meanwhile (benchmark, not a test; scripts/bench-flood runs it).

Shapes (issue 21, item 7), each holding CONNECTIONS sockets spread over ADDRESSES
loopback source addresses (127.0.0.2, 127.0.0.3, ...), reopening any the server closes,
as an attacker would:
  idle       connect and send nothing;
  slow       send a request head one header line every 5 s, never finishing it;
  keepalive  polite clients: GET / every 10 s on a kept-alive connection.
Then PROBES sequential GET / requests, each on a new connection from PROBE_ADDRESS
(with Connection: close), each timed to the end of its response (20 s limit).
Prints the latencies (p50, p99, max), failures and how many flood sockets the server closed.
Only loopback addresses are used.
"""
import argparse
import resource
import selectors
import socket
import threading
import time


def raise_file_limit():
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < hard:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


def connect(port, source, timeout=5.0):
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    s.settimeout(timeout)
    s.bind((source, 0))
    s.connect(("127.0.0.1", port))
    s.setblocking(False)
    return s


class Flood:
    def __init__(self, port, shape, connections, addresses):
        self.port = port
        self.shape = shape
        self.sources = [f"127.0.0.{2 + i}" for i in range(addresses)]
        self.target = connections
        self.selector = selectors.DefaultSelector()
        self.sockets = {}  # socket -> (source, next send time)
        self.closed_by_server = 0
        self.open_failures = 0
        self.stop = threading.Event()
        self.ready = threading.Event()

    def open_one(self, source):
        try:
            s = connect(self.port, source)
        except OSError:
            self.open_failures += 1
            return
        now = time.monotonic()
        if self.shape == "slow":
            s.send(b"GET / HTTP/1.1\r\nHost: flood\r\n")
        elif self.shape == "keepalive":
            s.send(b"GET / HTTP/1.1\r\nHost: flood\r\n\r\n")
        self.sockets[s] = (source, now + (5 if self.shape == "slow" else 10))
        self.selector.register(s, selectors.EVENT_READ)

    def tick(self, s, source, due):
        now = time.monotonic()
        if now < due:
            return
        try:
            if self.shape == "slow":
                s.send(b"X-Trickle: x\r\n")
            elif self.shape == "keepalive":
                s.send(b"GET / HTTP/1.1\r\nHost: flood\r\n\r\n")
        except OSError:
            pass
        self.sockets[s] = (source, now + (5 if self.shape == "slow" else 10))

    def run(self):
        index = 0
        while len(self.sockets) < self.target and not self.stop.is_set():
            self.open_one(self.sources[index % len(self.sources)])
            index += 1
            if index > self.target * 3:
                break
        self.ready.set()
        while not self.stop.is_set():
            for key, _ in self.selector.select(timeout=0.2):
                s = key.fileobj
                try:
                    data = s.recv(65536)
                except BlockingIOError:
                    continue
                except OSError:
                    data = b""
                if not data:
                    source, _ = self.sockets.pop(s)
                    self.selector.unregister(s)
                    s.close()
                    self.closed_by_server += 1
                    self.open_one(source)
            if self.shape != "idle":
                for s, (source, due) in list(self.sockets.items()):
                    self.tick(s, source, due)
        for s in list(self.sockets):
            s.close()


def probe(port, source):
    started = time.monotonic()
    try:
        s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        s.settimeout(20)
        s.bind((source, 0))
        s.connect(("127.0.0.1", port))
        s.sendall(b"GET / HTTP/1.1\r\nHost: probe\r\nConnection: close\r\n\r\n")
        received = b""
        while True:
            chunk = s.recv(65536)
            if not chunk:
                break
            received += chunk
        s.close()
        if not received.startswith(b"HTTP/1.1 200"):
            return None
        return time.monotonic() - started
    except OSError:
        return None


def percentile(values, p):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--shape", choices=["idle", "slow", "keepalive"], required=True)
    parser.add_argument("--connections", type=int, default=2000)
    parser.add_argument("--addresses", type=int, default=16)
    parser.add_argument("--probes", type=int, default=100)
    parser.add_argument("--probe-address", default="127.0.0.200")
    args = parser.parse_args()
    raise_file_limit()
    flood = Flood(args.port, args.shape, args.connections, args.addresses)
    thread = threading.Thread(target=flood.run, daemon=True)
    thread.start()
    flood.ready.wait()
    held_at_start = len(flood.sockets)
    latencies, failures = [], 0
    for _ in range(args.probes):
        elapsed = probe(args.port, args.probe_address)
        if elapsed is None:
            failures += 1
        else:
            latencies.append(elapsed)
        time.sleep(0.05)  # pacing between probes (a benchmark, not a test: nothing waits on it)
    flood.stop.set()
    thread.join()
    def ms(v):
        return f"{v * 1000:.1f}"

    summary = f"shape {args.shape}: {held_at_start} sockets from {len(flood.sources)} addresses"
    if latencies:
        summary += (f"; GET / from {args.probe_address}: {len(latencies)}/{args.probes} answered, "
                    f"p50 {ms(percentile(latencies, 50))} ms, p99 {ms(percentile(latencies, 99))} ms, "
                    f"max {ms(max(latencies))} ms")
    summary += f"; {failures} failed; flood sockets closed by the server {flood.closed_by_server}, refused opens {flood.open_failures}"
    print(summary, flush=True)


if __name__ == "__main__":
    main()
