#!/usr/bin/env python3
"""Lists an account's records through the atproto SDK (MarshalX), as an independent client.

GrainStories' interoperability tests call this to double-check what the app wrote to the
reference PDS, through code that shares nothing with the app:

    check_records.py --url http://127.0.0.1:PORT --handle alice.test --password ... \\
                     [--collection social.grain.story] [--lexicon FILE ...]

Prints one JSON array on standard output: ``[{"uri", "cid", "value"}, ...]`` in the order
the PDS listed them (every page; duplicates from arroba's inclusive cursor removed).
Blob refs in ``value`` come out as ``{"$type": "blob", "ref": {"$link": CID}, ...}``.
Exits non-zero with a message on standard error if login or listing fails, or (exit 2) if
a record does not validate against the lexicon files given with ``--lexicon`` (checked with
lexrpc's validator over those files only, not the lexicons lexrpc bundles).
"""
import argparse
import json
import sys


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    parser.add_argument('--url', required=True, help='PDS base URL, e.g. http://127.0.0.1:PORT')
    parser.add_argument('--handle', required=True, help='handle or DID to sign in as')
    parser.add_argument('--password', required=True)
    parser.add_argument('--collection', default='social.grain.story')
    parser.add_argument('--page-size', type=int, default=50,
                        help='records per listRecords call, at least 2 (arroba repeats the last one)')
    parser.add_argument('--lexicon', action='append', default=[],
                        help='a lexicon JSON file every listed record of its NSID must validate against')
    args = parser.parse_args()
    if not 2 <= args.page_size <= 100:
        parser.error('--page-size must be between 2 and 100')

    from atproto import Client
    from atproto_client.exceptions import AtProtocolError

    client = Client(base_url=f'{args.url.rstrip("/")}/xrpc')
    try:
        # fetch_bsky_profile=False: otherwise login calls app.bsky.actor.getProfile,
        # which a bare PDS cannot answer.
        client.login(args.handle, args.password, fetch_bsky_profile=False)
        did = client.com.atproto.server.get_session().did
        records = list_all(client, did, args.collection, args.page_size)
    except AtProtocolError as error:
        print(f'check_records: {type(error).__name__}: {error}', file=sys.stderr)
        return 1
    if args.lexicon:
        problem = validate(records, args.lexicon)
        if problem:
            print(f'check_records: {problem}', file=sys.stderr)
            return 2
    json.dump(records, sys.stdout, indent=2, sort_keys=True)
    sys.stdout.write('\n')
    return 0


def validate(records, lexicon_files):
    """None when every record whose $type one of the files defines validates; else the first problem."""
    from lexrpc.base import Base

    lexicons = []
    for path in lexicon_files:
        with open(path) as file:
            lexicons.append(json.load(file))
    validator = Base(lexicons=lexicons, validate=True, require_lexicons=True)
    known = {lexicon['id'] for lexicon in lexicons}
    for record in records:
        nsid = record['value'].get('$type')
        if nsid not in known:
            return f'{record["uri"]}: no lexicon given for $type {nsid!r}'
        try:
            validator.validate(nsid, 'record', {k: v for k, v in record['value'].items() if k != '$type'})
        except Exception as error:  # lexrpc raises ValidationError (a ValueError) or NotImplementedError
            return f'{record["uri"]} does not match {nsid}: {error}'
    return None


def list_all(client, repo, collection, page_size):
    seen = set()
    records = []
    cursor = None
    while True:
        params = {'repo': repo, 'collection': collection, 'limit': page_size}
        if cursor:
            params['cursor'] = cursor
        page = client.com.atproto.repo.list_records(params)
        fresh = [r for r in page.records if r.uri not in seen]
        for record in fresh:
            seen.add(record.uri)
            records.append({'uri': record.uri, 'cid': record.cid, 'value': plain(record.value)})
        if not page.cursor or not fresh or page.cursor == cursor:
            return records
        cursor = page.cursor


def plain(value):
    """The SDK's record value (a model, or a dict-like for lexicons it does not know) as JSON data."""
    from atproto_client.models.dot_dict import DotDict
    from pydantic import BaseModel

    if isinstance(value, DotDict):
        return plain(value.to_dict())
    if isinstance(value, BaseModel):
        return value.model_dump(mode='json', by_alias=True, exclude_none=True)
    if isinstance(value, dict):
        return {key: plain(item) for key, item in value.items()}
    if isinstance(value, list):
        return [plain(item) for item in value]
    return value


if __name__ == '__main__':
    sys.exit(main())
