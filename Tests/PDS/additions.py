"""The pieces arroba 3.1 lacks, installed by launch_pds.py (each one switchable by name).

Kept apart from the launcher so each addition reads as what it is: a small patch over
one specific gap, described in the launcher's docstring.
"""
import threading

import flask
from lexrpc.base import XrpcError
from multiformats import CID, multihash

CORS_HEADERS = {
    'Access-Control-Allow-Headers': '*, Authorization',
    'Access-Control-Allow-Methods': '*',
    'Access-Control-Allow-Origin': '*',
}
"""What lexrpc adds to XRPC responses; the fallback's answers carry the same."""


def install(enabled, *, server, repo, plc, handle, max_blob_bytes, arroba_did, xrpc_repo, xrpc_identity):
    """Installs the enabled additions; returns the Flask fallback for unregistered methods."""
    blobs = {}  # CID string -> (bytes, MIME type)
    lock = threading.RLock()

    if 'session-repo' in enabled:
        server.repo = repo

    if 'upload-blob' in enabled:
        def upload_blob(input):
            server.authenticate()
            data = bytes(input or b'')
            if len(data) > max_blob_bytes:
                raise XrpcError('request entity too large', name='PayloadTooLarge', status=413)
            mime_type = flask.request.mimetype or 'application/octet-stream'
            cid = CID('base32', 1, 'raw', multihash.digest(data, 'sha2-256'))
            blobs[cid.encode('base32')] = (data, mime_type)
            return {'blob': {'$type': 'blob', 'ref': cid, 'mimeType': mime_type, 'size': len(data)}}
        server.server.register('com.atproto.repo.uploadBlob', upload_blob, override=True)

    if 'delete-record' in enabled:
        original_delete = xrpc_repo.delete_record

        def delete_record(input):
            original_delete(input)  # arroba returns None, which lexrpc's output check turns into a 400
            head = server.load_repo(input['repo']).head
            return {'commit': {'cid': head.cid.encode('base32'), 'rev': head.decoded['rev']}}
        server.server.register('com.atproto.repo.deleteRecord', delete_record, override=True)

    if 'local-did' in enabled:
        original_resolve = arroba_did.resolve

        def resolve(did, **kwargs):
            return plc.doc if did == plc.did else original_resolve(did, **kwargs)
        arroba_did.resolve = resolve

    if 'local-handle' in enabled:
        local_handle = handle.lower()

        def resolve_handle(input, handle=None):
            if isinstance(handle, str) and handle.lower() == local_handle:
                return {'did': plc.did}
            return xrpc_identity.resolve_handle(input, handle=handle)
        server.server.register('com.atproto.identity.resolveHandle', resolve_handle, override=True)

    # MemoryStorage and the repo object are not thread-safe and Flask serves each request
    # on its own thread: run every method under one lock (bodies are read before it).
    for nsid, method in list(server.server._methods.items()):
        server.server._methods[nsid] = _locked(method, lock)

    def get_blob():
        did = flask.request.args.get('did')
        cid = flask.request.args.get('cid')
        with lock:
            stored = blobs.get(cid) if did == plc.did else None
            if stored is None or not _referenced(cid, repo):
                return ({'error': 'BlobNotFound', 'message': 'Blob not found'}, 400, CORS_HEADERS)
        data, mime_type = stored
        headers = {**CORS_HEADERS, 'Content-Type': mime_type, 'X-Content-Type-Options': 'nosniff',
                   'Content-Security-Policy': "default-src 'none'; sandbox"}
        return flask.Response(data, status=200, headers=headers)

    def fallback(nsid):
        if nsid == 'com.atproto.sync.getBlob' and 'get-blob' in enabled:
            return get_blob()
        return ({'error': 'MethodNotImplemented', 'message': f'{nsid} not implemented'}, 501, CORS_HEADERS)

    return fallback


def _locked(method, lock):
    def call(*args, **kwargs):
        with lock:
            return method(*args, **kwargs)
    return call


def _referenced(cid_text, repo):
    """Whether any record in the repo links to the CID (blob refs decode to CID objects)."""
    try:
        target = CID.decode(cid_text)
    except Exception:  # noqa: BLE001 - not a CID, so nothing links to it
        return False

    def walk(value):
        if isinstance(value, CID):
            return value == target
        if isinstance(value, dict):
            return any(walk(v) for v in value.values())
        if isinstance(value, list):
            return any(walk(v) for v in value)
        return False

    try:
        contents = repo.get_contents()
    except Exception:  # noqa: BLE001 - an unreadable repo references nothing
        return False
    return any(walk(record) for records in contents.values() for record in records.values())
