#!/usr/bin/env python3
"""Holds N idle keep-alive connections to a server on loopback (benchmark, not a test;
scripts/bench-connections runs it to measure memory per idle connection).

Each connection comes from one of ADDRESSES loopback source addresses (127.0.0.2, ...;
the server limits connections per client address), sends one GET PATH with keep-alive
and reads the whole answer, then stays open and idle. When all are open it prints
"ready N" (N answered) and holds them while the file --hold exists (or, without it,
until standard input closes or a line arrives).
"""
import argparse
import resource
import selectors
import socket
import os
import sys
import time

CLOSED = []  # connections the server closed before or right after answering


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--path", default="/healthz")
    parser.add_argument("--connections", type=int, default=1000)
    parser.add_argument("--addresses", type=int, default=16)
    parser.add_argument("--first-address", type=int, default=2, help="127.0.0.N of the first source address")
    parser.add_argument("--hold", help="hold the connections while this file exists")
    args = parser.parse_args()
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    request = f"GET {args.path} HTTP/1.1\r\nHost: bench\r\n\r\n".encode()
    selector = selectors.DefaultSelector()
    pending = {}
    held = []
    for i in range(args.connections):
        s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        s.bind((f"127.0.0.{args.first_address + i % args.addresses}", 0))
        s.connect(("127.0.0.1", args.port))
        s.sendall(request)
        s.setblocking(False)
        pending[s] = bytearray()
        selector.register(s, selectors.EVENT_READ)
        held.append(s)
        # Keep the number in flight bounded so the server's accept queue never overflows.
        while len(pending) >= 200:
            drain(selector, pending, 5.0)
    while pending:
        if not drain(selector, pending, 10.0):
            break
    answered = args.connections - len(pending) - len(CLOSED)
    print(f"ready {answered} closed {len(CLOSED)}", flush=True)
    if args.hold:
        while os.path.exists(args.hold):
            time.sleep(0.1)
    else:
        sys.stdin.readline()
    for s in held:
        s.close()


def drain(selector, pending, timeout):
    """Reads what arrived; a connection is done once a whole answer is in. False on timeout."""
    events = selector.select(timeout)
    if not events:
        return False
    for key, _ in events:
        s = key.fileobj
        try:
            data = s.recv(65536)
        except BlockingIOError:
            continue
        if not data:
            selector.unregister(s)
            pending.pop(s, None)
            CLOSED.append(s)
            continue
        buffer = pending[s]
        buffer += data
        head_end = buffer.find(b"\r\n\r\n")
        if head_end >= 0:
            length = 0
            for line in buffer[:head_end].split(b"\r\n")[1:]:
                name, _, value = line.partition(b":")
                if name.strip().lower() == b"content-length":
                    length = int(value.strip())
            if len(buffer) >= head_end + 4 + length:
                selector.unregister(s)
                del pending[s]
    return True


if __name__ == "__main__":
    main()
