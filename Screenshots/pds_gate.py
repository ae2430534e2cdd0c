#!/usr/bin/env python3
"""A pass-through proxy in front of the real PDS (arroba) that can be told to misbehave,
so the screenshot driver can show the draft page while a story is posting, retrying and
failed, states a healthy PDS passes through too quickly to see.

Modes (POST /_gate/mode with the mode as the body; both it and GET /_gate/mode answer JSON:
the mode, how many calls are held now, and how many were dropped and refused so far):
  pass     forward every request to the PDS (the default);
  hold     hold repository calls (everything but com.atproto.server.* and identity) until
           the mode changes, then handle them as the new mode says;
  down     close repository calls' connections without an answer (a PDS that is down);
  refuse   answer repository calls 400 RepoNotFound (a PDS that lost the account).
Sign-in (com.atproto.server.*) and handle resolution always pass, so the person stays
signed in whatever the mode.

Usage: pds_gate.py --pds http://127.0.0.1:PORT [--port 0]
Prints "listening on PORT" once it accepts connections.
"""

import argparse
import http.client
import json
import socket
import threading
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

MODES = ("pass", "hold", "down", "refuse")
HOP_BY_HOP = {"connection", "keep-alive", "transfer-encoding", "te", "trailer", "upgrade", "proxy-connection", "host"}


class Gate:
    """The current mode, and the requests held until it changes."""

    def __init__(self):
        self.mode = "pass"
        self.held = 0
        self.counts = {"dropped": 0, "refused": 0}
        self.changed = threading.Condition()

    def count(self, outcome):
        with self.changed:
            self.counts[outcome] += 1

    def state(self):
        with self.changed:
            return {"mode": self.mode, "held": self.held, **self.counts}

    def set(self, mode):
        with self.changed:
            self.mode = mode
            self.changed.notify_all()

    def wait_unless_held(self):
        """The mode a repository call is handled by: waits while the mode is hold."""
        with self.changed:
            if self.mode == "hold":
                self.held += 1
                self.changed.wait_for(lambda: self.mode != "hold")
                self.held -= 1
            return self.mode


def make_handler(gate, pds):
    target = urllib.parse.urlsplit(pds)

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def do_GET(self):
            self.handle_any()

        def do_POST(self):
            self.handle_any()

        def handle_any(self):
            body = self.read_body()
            if self.path.startswith("/_gate/mode"):
                return self.control(body)
            nsid = self.path.partition("?")[0].rpartition("/")[2]
            always = nsid.startswith("com.atproto.server.") or nsid.startswith("com.atproto.identity.")
            mode = "pass" if always else gate.wait_unless_held()
            if mode == "down":
                gate.count("dropped")
                self.close_connection = True
                self.connection.shutdown(socket.SHUT_RDWR)
                return
            if mode == "refuse":
                gate.count("refused")
                return self.reply(400, "application/json",
                                  b'{"error":"RepoNotFound","message":"Could not find repo for this account"}')
            self.forward(body)

        def read_body(self):
            if "chunked" in self.headers.get("Transfer-Encoding", "").lower():
                parts = []
                while True:
                    size = int(self.rfile.readline().split(b";")[0].strip() or b"0", 16)
                    if size == 0:
                        while self.rfile.readline() not in (b"\r\n", b"\n", b""):
                            pass
                        return b"".join(parts)
                    parts.append(self.rfile.read(size))
                    self.rfile.readline()
            length = int(self.headers.get("Content-Length") or 0)
            return self.rfile.read(length) if length else b""

        def control(self, body):
            if self.command == "POST":
                mode = body.decode().strip()
                if mode not in MODES:
                    return self.reply(400, "text/plain", f"modes: {', '.join(MODES)}\n".encode())
                gate.set(mode)
            self.reply(200, "application/json", json.dumps(gate.state()).encode())

        def forward(self, body):
            connection = http.client.HTTPConnection(target.hostname, target.port, timeout=120)
            headers = {name: value for name, value in self.headers.items() if name.lower() not in HOP_BY_HOP}
            headers["Host"] = target.netloc
            try:
                connection.request(self.command, self.path, body=body or None, headers=headers)
                response = connection.getresponse()
                data = response.read()
            except OSError as error:
                return self.reply(502, "application/json", f'{{"error":"BadGateway","message":"{error}"}}'.encode())
            finally:
                connection.close()
            self.send_response(response.status)
            for name, value in response.getheaders():
                if name.lower() not in HOP_BY_HOP and name.lower() != "content-length":
                    self.send_header(name, value)
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def reply(self, status, content_type, body):
            self.send_response(status)
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, format, *args):
            pass

    return Handler


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pds", required=True, help="the PDS's base URL")
    parser.add_argument("--port", type=int, default=0)
    args = parser.parse_args()
    gate = Gate()
    server = ThreadingHTTPServer(("127.0.0.1", args.port), make_handler(gate, args.pds))
    server.daemon_threads = True
    print(f"listening on {server.server_address[1]}", flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
