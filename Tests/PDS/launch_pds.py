#!/usr/bin/env python3
"""Runs arroba 3.1 as a small, real PDS on 127.0.0.1 for GrainStories' interoperability tests.

arroba is a library, not a server (see the project's PDS testing notes): this script
assembles it into one (Flask + lexrpc's ``init_flask``, arroba's ``xrpc_server``,
``xrpc_repo`` and ``xrpc_identity`` handlers, ``MemoryStorage``, one account) and adds
the pieces arroba 3.1 lacks. Every addition can be switched off with ``--disable NAME``
and the active ones are listed on standard error, so it stays clear which behaviour is
arroba's and which is this launcher's:

  session-repo   set ``server.repo`` to the account (getSession/refreshSession crash without it)
  upload-blob    com.atproto.repo.uploadBlob: in-memory blob store, CIDv1 raw sha2-256 (bafkrei...)
  get-blob       com.atproto.sync.getBlob: serve a stored blob while some record references it
  delete-record  com.atproto.repo.deleteRecord answers {"commit": {cid, rev}} instead of arroba's 400
  local-did      resolve the account's unpublished did:plc from memory (describeRepo works offline)
  local-handle   com.atproto.identity.resolveHandle answers the account's handle before arroba's DNS/HTTPS lookup

Output contract (for test runners):
  * standard output: exactly one line, the base URL (``http://127.0.0.1:PORT``), printed
    once the server answers ``com.atproto.server.describeServer``;
  * ``STATE_DIR/pds.pid``: the process id; ``STATE_DIR/pds.log``: the log;
  * ``STATE_DIR/account.json``: ``{"url", "did", "handle", "password"}``.
Stop it with SIGTERM (or SIGINT); with ``--exit-on-stdin-eof`` it also stops when its
standard input closes, so a test process that dies cannot leave it behind.

Needs no network beyond loopback at run time. Everything lives in memory: a restart
means a new DID, new keys and an empty repository.
"""
import argparse
import base64
import hashlib
import hmac
import json
import logging
import os
import secrets
import signal
import sys
import threading
import time
import urllib.request

ADDITIONS = {
    'session-repo': 'server.repo is the account, so getSession/refreshSession work',
    'upload-blob': 'com.atproto.repo.uploadBlob with an in-memory blob store',
    'get-blob': 'com.atproto.sync.getBlob for blobs referenced by a record',
    'delete-record': 'com.atproto.repo.deleteRecord returns {"commit": {cid, rev}}',
    'local-did': "the account's did:plc resolves from memory",
    'local-handle': "com.atproto.identity.resolveHandle knows the account's handle",
}

def parse_args():
    parser = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    parser.add_argument('--port', type=int, default=int(os.environ.get('PDS_PORT', '0')),
                        help='port on 127.0.0.1; 0 picks a free one (default: $PDS_PORT or 0)')
    parser.add_argument('--state-dir', required=True, help='directory for pds.pid, pds.log and account.json')
    parser.add_argument('--handle', default='alice.test')
    parser.add_argument('--password', default='alice-app-password')
    parser.add_argument('--max-blob-bytes', type=int, default=50_000_000,
                        help='uploadBlob size cap (default 50 MB, far above what GrainStories uploads)')
    parser.add_argument('--disable', action='append', default=[], choices=sorted(ADDITIONS),
                        help='switch off one of the launcher\'s additions (repeatable)')
    parser.add_argument('--exit-on-stdin-eof', action='store_true',
                        help='stop when standard input reaches end of file')
    return parser.parse_args()


def b64url(data):
    return base64.urlsafe_b64encode(data).rstrip(b'=').decode()


def make_token(did, audience):
    """A well-formed HS256 JWT (arroba only compares the string; clients decode it)."""
    now = int(time.time())
    header = {'alg': 'HS256', 'typ': 'JWT'}
    payload = {'scope': 'com.atproto.access', 'sub': did, 'aud': audience,
               'iat': now, 'exp': now + 10 * 365 * 24 * 3600}
    signing_input = b64url(json.dumps(header).encode()) + '.' + b64url(json.dumps(payload).encode())
    signature = hmac.new(secrets.token_bytes(32), signing_input.encode(), hashlib.sha256).digest()
    return signing_input + '.' + b64url(signature)


class _NotPublished:
    """Stands in for the PLC directory's answer: the DID is created locally and never published."""
    status_code = 200
    content = b''

    def raise_for_status(self):
        pass


def main():
    args = parse_args()
    os.makedirs(args.state_dir, exist_ok=True)
    logging.basicConfig(filename=os.path.join(args.state_dir, 'pds.log'), level=logging.INFO,
                        format='%(asctime)s %(levelname)s %(name)s: %(message)s')
    log = logging.getLogger('launch_pds')
    enabled = [name for name in ADDITIONS if name not in args.disable]

    # arroba reads these from the environment; PLC_HOST is only ever used in URLs that
    # the local-did addition keeps from being fetched.
    os.environ['REPO_PASSWORD'] = args.password
    os.environ.setdefault('PLC_HOST', 'plc.invalid')

    import flask
    from werkzeug.serving import make_server
    from lexrpc.flask_server import init_flask
    from arroba import did as arroba_did
    from arroba import server
    from arroba.repo import Repo
    from arroba.storage import MemoryStorage
    import arroba.xrpc_identity
    import arroba.xrpc_repo
    import arroba.xrpc_server  # noqa: F401 (registers com.atproto.server.*)

    app = flask.Flask('arroba-pds')
    try:
        http_server = make_server('127.0.0.1', args.port, app, threaded=True)
    except OSError as error:
        print(f'launch_pds: cannot listen on 127.0.0.1:{args.port}: {error}', file=sys.stderr)
        return 2
    host = f'127.0.0.1:{http_server.server_port}'
    base_url = f'http://{host}'
    os.environ['PDS_HOST'] = host

    server.storage = MemoryStorage()
    plc = arroba_did.create_plc(args.handle, pds_url=base_url, post_fn=lambda *a, **k: _NotPublished())
    repo = Repo.create(server.storage, plc.did, signing_key=plc.signing_key,
                       rotation_key=plc.rotation_key, handle=args.handle)
    os.environ['REPO_TOKEN'] = make_token(plc.did, f'did:web:{host}')

    from additions import install
    fallback = install(enabled, server=server, repo=repo, plc=plc, handle=args.handle,
                       max_blob_bytes=args.max_blob_bytes, arroba_did=arroba_did,
                       xrpc_repo=arroba.xrpc_repo, xrpc_identity=arroba.xrpc_identity)
    init_flask(server.server, app, fallback=fallback)

    print(f'launch_pds: arroba PDS for {args.handle} ({plc.did}) on {base_url}', file=sys.stderr)
    for name in ADDITIONS:
        state = 'on ' if name in enabled else 'off'
        print(f'launch_pds:   [{state}] {name}: {ADDITIONS[name]}', file=sys.stderr)
    sys.stderr.flush()
    log.info('starting on %s, additions: %s', base_url, ', '.join(enabled) or 'none')

    serving = threading.Thread(target=http_server.serve_forever, name='http', daemon=True)
    serving.start()
    if not wait_until_answering(base_url, timeout=15):
        print('launch_pds: the server did not answer describeServer', file=sys.stderr)
        http_server.shutdown()
        return 1

    pid_path = os.path.join(args.state_dir, 'pds.pid')
    with open(pid_path, 'w') as f:
        f.write(f'{os.getpid()}\n')
    with open(os.path.join(args.state_dir, 'account.json'), 'w') as f:
        json.dump({'url': base_url, 'did': plc.did, 'handle': args.handle, 'password': args.password}, f)
    print(base_url, flush=True)

    stop = threading.Event()
    for signum in (signal.SIGTERM, signal.SIGINT):
        signal.signal(signum, lambda *_: stop.set())
    if args.exit_on_stdin_eof:
        def watch_stdin():
            while sys.stdin.buffer.read1(4096):
                pass
            stop.set()
        threading.Thread(target=watch_stdin, name='stdin', daemon=True).start()
    while not stop.wait(1):
        pass

    log.info('stopping')
    http_server.shutdown()
    try:
        os.remove(pid_path)
    except OSError:
        pass
    return 0


def wait_until_answering(base_url, timeout):
    """Polls describeServer (directly, ignoring any proxy settings) until it answers 200."""
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with opener.open(f'{base_url}/xrpc/com.atproto.server.describeServer', timeout=2) as response:
                if response.status == 200:
                    return True
        except OSError:
            pass
        time.sleep(0.05)
    return False


if __name__ == '__main__':
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    sys.exit(main())
