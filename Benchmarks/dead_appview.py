"""An AppView that is down: accepts each TCP connection and closes it at once, counting
them, so the outage benchmark can report how many upstream attempts the server made.

Prints "listening on PORT" first; on SIGTERM (or SIGINT) prints "connections N" and exits.
"""
import signal
import socket
import sys

listener = socket.socket()
listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
listener.bind(("127.0.0.1", 0))
listener.listen(512)
print(f"listening on {listener.getsockname()[1]}", flush=True)
count = 0


def report(*_):
    print(f"connections {count}", flush=True)
    sys.exit(0)


signal.signal(signal.SIGTERM, report)
signal.signal(signal.SIGINT, report)
while True:
    connection, _ = listener.accept()
    count += 1
    connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00")
    connection.close()
