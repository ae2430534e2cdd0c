#!/usr/bin/env python3
"""A stand-in for Grain's AppView, for benchmarks (never for tests).

The standalone twin of Tests/ATProtoTestKit/StandIns/StandInAppView.swift in its normal mode:
it serves the example responses in Tests/TestKit/Fixtures with their datetimes shifted
so the scenario's "now" (2026-09-04T18:00Z) is the moment this process starts, rewrites
https://cdn.grain.social/ to its own /cdn/, answers every /cdn/... path with one JPEG, and
gives authors other than Maya synthetic stories, exactly as the Swift stand-in does.

With --authors N the strip has N authors: the fixtures' first N, or all four followed by
synthetic ones (each with an avatar on the stand-in's CDN, 1 to 3 stories, a few minutes
apart), so benchmarks can show how page cost grows with the strip.

Usage: standin_appview.py --image PHOTO.jpg [--avatar AVATAR.jpg] [--authors 4] [--port 0] [--fixtures DIR]
Prints "listening on PORT" on standard output once it accepts connections.
"""

import argparse
import datetime as dt
import json
import os
import re
import sys
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

SCENARIO_NOW = 1_788_544_800  # 2026-09-04T18:00:00Z
MAYA = "did:plc:hbrpoigf3cbfnobm2o4rak3v"
MAYA_HANDLE = "mayaokafor.bsky.social"
DATETIME_FIELD = re.compile(r'"(createdAt|latestAt|cts|cursor)": "([^"]+)"')
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def parse_datetime(text):
    """Millisecond UTC datetimes like 2026-09-04T15:03:55.120Z (others are left alone)."""
    try:
        return dt.datetime.strptime(text, "%Y-%m-%dT%H:%M:%S.%fZ").replace(tzinfo=dt.timezone.utc)
    except ValueError:
        return None


def format_datetime(moment):
    return moment.strftime("%Y-%m-%dT%H:%M:%S.") + f"{moment.microsecond // 1000:03d}Z"


class Scenario:
    """The fixtures rewritten once at start-up, and the synthetic stories."""

    def __init__(self, fixtures, base, offset, author_count=4):
        self.base = base
        self.offset = dt.timedelta(seconds=offset)
        self.texts = {name: self.rewrite(os.path.join(fixtures, name + ".json"))
                      for name in ("getStoryAuthors", "getStories", "getStory", "getProfile")}
        authors = json.loads(self.texts["getStoryAuthors"])["authors"]
        authors = authors[:author_count] + [self.synthetic_author(index, authors[0])
                                            for index in range(max(0, author_count - len(authors)))]
        self.texts["getStoryAuthors"] = json.dumps({"authors": authors})
        self.synthetic = {author["profile"]["did"]: self.synthetic_stories(author) for author in authors}

    def rewrite(self, path):
        with open(path, encoding="utf-8") as handle:
            text = handle.read().replace("https://cdn.grain.social/", self.base + "/cdn/")

        def shift(match):
            moment = parse_datetime(match.group(2))
            if moment is None:
                return match.group(0)
            return f'"{match.group(1)}": "{format_datetime(moment + self.offset)}"'

        return DATETIME_FIELD.sub(shift, text)

    def synthetic_author(self, index, newest):
        """Author number index after the fixtures' own, 4 minutes apart below the newest (200 fit in 24 hours)."""
        alphabet = "abcdefghijklmnopqrstuvwxyz234567"
        suffix, number = "", index
        for _ in range(6):
            suffix = alphabet[number % 32] + suffix
            number //= 32
        did = "did:plc:standinauthor" + "a" * (24 - len("standinauthor") - len(suffix)) + suffix
        latest = parse_datetime(newest["latestAt"]) - dt.timedelta(minutes=4 * (index + 1))
        return {
            "profile": {
                "did": did, "handle": f"author{index}.example.com", "displayName": f"Stand-in Author {index}",
                "avatar": f"{self.base}/cdn/avatar/plain/{did}/bafkreistandin{index}",
            },
            "storyCount": 1 + index % 3,
            "latestAt": format_datetime(latest),
        }

    def synthetic_stories(self, author):
        """storyCount simple stories, a minute apart, the newest at latestAt (as StandInAppView)."""
        profile = author["profile"]
        did = profile["did"]
        latest = parse_datetime(author.get("latestAt", ""))
        if latest is None:
            return json.dumps({"stories": []})
        count = author.get("storyCount", 1)
        stories = []
        for index in reversed(range(count)):
            rkey = f"3mstand{did[-4:]}{index}"
            stories.append({
                "uri": f"at://{did}/social.grain.story/{rkey}", "cid": f"bafyreistandin{index}", "creator": profile,
                "thumb": f"{self.base}/cdn/feed_thumbnail/{did}/{rkey}",
                "fullsize": f"{self.base}/cdn/feed_fullsize/{did}/{rkey}",
                "aspectRatio": {"width": 1200, "height": 1600},
                "createdAt": format_datetime(latest - dt.timedelta(minutes=index)), "expired": False, "commentCount": 0,
            })
        return json.dumps({"stories": stories})

    def answer(self, nsid, query):
        """(status, JSON text) for one XRPC query."""
        if nsid == "social.grain.unspecced.getStoryAuthors":
            return 200, self.texts["getStoryAuthors"]
        if nsid == "social.grain.unspecced.getStories":
            actor = query.get("actor", "")
            if actor == MAYA:
                return 200, self.texts["getStories"]
            return 200, self.synthetic.get(actor, '{"stories":[]}')
        if nsid == "social.grain.unspecced.getStory":
            story = query.get("story", "")
            if story.startswith(f"at://{MAYA}/") and story.endswith("3muojebufwseb"):
                return 200, self.texts["getStory"]
            return 200, "{}"
        if nsid == "social.grain.unspecced.getActorProfile":
            if query.get("actor") in (MAYA, MAYA_HANDLE):
                return 200, self.texts["getProfile"]
            return 400, '{"error":"Actor not found"}'
        return 400, '{"error":"Method not implemented"}'


def make_handler(scenario, image, avatar):
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"  # keep-alive, as the server's curl client expects

        def do_GET(self):
            path, _, raw_query = self.path.partition("?")
            if path.startswith("/cdn/"):
                if path.endswith("/missing"):
                    self.send(404, "text/plain", b"not found")
                else:
                    self.send(200, "image/jpeg", avatar if "/avatar/" in path else image)
            elif path.startswith("/xrpc/"):
                query = dict(urllib.parse.parse_qsl(raw_query, keep_blank_values=True))
                status, text = scenario.answer(path[len("/xrpc/"):], query)
                self.send(status, "application/json", text.encode("utf-8"), no_store=True)
            else:
                self.send(404, "text/plain", b"not found")

        def send(self, status, content_type, body, no_store=False):
            self.send_response(status)
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(body)))
            if no_store:
                self.send_header("Cache-Control", "no-store")
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, format, *args):  # quiet: the benchmark reads only the server
            pass

    return Handler


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--image", required=True, help="the JPEG every /cdn/ path returns")
    parser.add_argument("--avatar", help="the JPEG for avatar paths (default: --image)")
    parser.add_argument("--authors", type=int, default=4, help="authors in the strip (default: the fixtures' 4)")
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--fixtures", default=os.path.join(ROOT, "Tests", "TestKit", "Fixtures"))
    args = parser.parse_args()
    with open(args.image, "rb") as handle:
        image = handle.read()
    avatar = image
    if args.avatar:
        with open(args.avatar, "rb") as handle:
            avatar = handle.read()
    offset = dt.datetime.now(dt.timezone.utc).timestamp() - SCENARIO_NOW
    server = ThreadingHTTPServer(("127.0.0.1", args.port), None)
    server.daemon_threads = True
    port = server.server_address[1]
    server.RequestHandlerClass = make_handler(Scenario(args.fixtures, f"http://127.0.0.1:{port}", offset, args.authors), image, avatar)
    print(f"listening on {port}", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    sys.exit(0)


if __name__ == "__main__":
    main()
