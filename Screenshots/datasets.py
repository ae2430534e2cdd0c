#!/usr/bin/env python3
"""A stand-in for Grain's AppView (and for Nominatim) serving the screenshot data sets.

Data sets (--dataset):
  normal  the project's example responses (Tests/TestKit/Fixtures), through the
          benchmark stand-in's Scenario (Benchmarks/standin_appview.py), with every photo
          served at the aspect ratio its story claims;
  family  13 people: 9:16 photos, a 4000 x 1000 panorama, a near-white photo, an avatar
          that answers 404 and one that answers broken JPEG bytes, someone without an
          avatar, a very long name, a very long place name and a content warning;
  empty   nobody has a live story (profiles still answer);
  down    every AppView query has its connection closed without an answer.
In normal and family every story has the same three comments (one a reply, one by someone
without an avatar) and anyone's archive (getStoryArchive) holds three past stories, so the
comment sheet, the comments page and the signed-in person's archive have something to show.
In every data set /reverse and /search answer like Nominatim (Powell's City of Books), so
the draft page can suggest a place for the uploaded photo's GPS.

`plan(dataset)` says which addresses the screenshot driver visits for that data set (the
stories to open, the profiles, which stories to mark seen first); it is imported by
capture.py so the two cannot disagree.

Usage: datasets.py --dataset NAME --pictures DIR [--port 0]
Prints "listening on PORT" once it accepts connections. DIR holds the JPEGs pictures.py makes.
"""

import argparse
import base64
import datetime as dt
import hashlib
import json
import os
import socket
import sys
import urllib.parse
from http.server import ThreadingHTTPServer

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(ROOT, "Benchmarks"))
import standin_appview  # noqa: E402  (the benchmark stand-in: fixtures, time shift, synthetic stories)

FIXTURES = os.path.join(ROOT, "Tests", "TestKit", "Fixtures")
DATASETS = ("normal", "family", "empty", "down")
MAYA = standin_appview.MAYA
LONG_PLACE = ("Royal Botanic Gardens, Kew: the Princess of Wales Conservatory, Richmond upon Thames, "
              "Greater London, England, United Kingdom")

# The family: (display name or None, handle, avatar, [(picture, extras), ...]) in strip order.
# avatar: "initial" (a picture of the name's first letter), "missing" (404), "broken"
# (JPEG-looking garbage) or None (no avatar).
FAMILY = [
    ("Grandma Rose", "rose.family.example", "initial", [("tall-1", {}), ("tall-2", {}), ("near-white", {})]),
    ("Dad", "daniel.family.example", "initial", [("panorama", {}), ("tall-3", {})]),
    ("Mum", "adaeze.family.example", "initial", [("tall-4", {}), ("tall-5", {"place": LONG_PLACE}), ("landscape-43", {})]),
    ("Alexandria Catherine Montgomery-Okonkwo", "alexandria-catherine.family.example", "initial", [("tall-6", {})]),
    ("Uncle Ben", "ben.family.example", "missing", [("tall-7", {"place": "Kew Gardens"})]),
    ("Auntie Grace", "grace.family.example", "broken", [("square", {})]),
    ("Tobi", "tobi.family.example", None, [("tall-8", {"label": "graphic-media"})]),
    ("Chidi", "chidi.family.example", "initial", [("tall-2", {}), ("tall-3", {}), ("tall-4", {}), ("tall-5", {})]),
    ("Nneka", "nneka.family.example", "initial", [("portrait-34", {})]),
    ("Kemi", "kemi.family.example", "initial", [("near-white", {})]),
    ("Femi", "femi.family.example", "initial", [("tall-1", {})]),
    (None, "zara.family.example", "initial", [("landscape-43", {})]),
    ("Leo", "leo.family.example", "initial", [("tall-6", {}), ("panorama", {})]),
]
# Whose newest story the driver opens before the home page, so their rings are grey.
FAMILY_SEEN = (8, 10, 11)
DESCRIPTIONS = {
    "normal": "The project's example responses (Tests/TestKit/Fixtures): four people; Maya has three stories, "
              "one with a content warning; Erin has no Grain profile.",
    "family": "13 people: 9:16 photos, a 4000×1000 panorama, a near-white photo, an avatar answering 404 (Uncle Ben), "
              "one answering broken JPEG bytes (Auntie Grace), someone without an avatar (Tobi) and someone without a "
              "display name (zara), a very long name, a very long place name (Mum's 2nd story) and a content warning "
              "(Tobi). Already seen: " + ", ".join(FAMILY[i][0] or FAMILY[i][1] for i in FAMILY_SEEN) + ".",
    "empty": "Nobody has a live story; Maya's profile still answers.",
    "down": "The AppView closes every connection without answering.",
}
PICTURE_SIZES = {"portrait-34": (1500, 2000), "landscape-43": (2000, 1500), "square": (1600, 1600),
                 "panorama": (4000, 1000), "near-white": (1080, 1920)}


COMMENTERS = [
    ("did:plc:screenshotcommenter0000001", "sam.example.com", "Sam Adeyemi", "avatar-s"),
    ("did:plc:screenshotcommenter0000002", "lee.example.com", None, None),
    ("did:plc:screenshotcommenter0000003", "priya.example.com", "Priya", "avatar-p"),
]
COMMENTS = [
    (0, "What a view! Where is this?", None, 2),
    (1, "Portland, I think. The light is lovely.", 0, 0),
    (2, "Saving this one for the family album.", None, 1),
]


def comment_thread(base, subject, now):
    """getCommentThread's answer for any story: COMMENTS, oldest first."""
    comments, uris = [], []
    for number, (who, text, reply_to, hearts) in enumerate(COMMENTS):
        did, handle, name, avatar = COMMENTERS[who]
        author = {"did": did, "handle": handle}
        if name:
            author["displayName"] = name
        if avatar:
            author["avatar"] = f"{base}/cdn/avatar/plain/{did}/{avatar}"
        uri = f"at://{did}/social.grain.comment/3mcomment{number}"
        uris.append(uri)
        view = {"uri": uri, "cid": f"bafyreicomment{number}", "author": author, "text": text,
                "createdAt": standin_appview.format_datetime(now - dt.timedelta(minutes=40 - 15 * number)), "favCount": hearts}
        if reply_to is not None:
            view["replyTo"] = uris[reply_to]
        comments.append(view)
    return {"comments": comments, "totalCount": len(comments)}


def archive(base, actor, now):
    """getStoryArchive's answer for anyone: three stories of days past, theirs."""
    stories = []
    for number, picture in enumerate(["landscape-43", "tall-3", "square"]):
        rkey = f"3marchive{number}"
        width, height = picture_size(picture)
        stories.append({
            "uri": f"at://{actor}/social.grain.story/{rkey}", "cid": f"bafyreiarchive{number}",
            "creator": {"did": actor, "handle": "handle.invalid"},
            "thumb": f"{base}/cdn/feed_thumbnail/plain/{actor}/{picture}",
            "fullsize": f"{base}/cdn/feed_fullsize/plain/{actor}/{picture}",
            "aspectRatio": {"width": width, "height": height},
            "createdAt": standin_appview.format_datetime(now - dt.timedelta(days=3 + 4 * number)),
            "expired": True, "commentCount": 0,
        })
    return {"stories": stories}


def picture_size(name):
    return PICTURE_SIZES.get(name, (1080, 1920))


def initial_avatar(name):
    """The avatar picture showing the name's first letter (pictures.py makes A to Z)."""
    letter = next((c for c in name.upper() if "A" <= c <= "Z"), "A")
    return "avatar-" + letter.lower()


def family_did(handle):
    return "did:plc:" + base64.b32encode(hashlib.sha256(handle.encode()).digest()).decode().lower()[:24]


def family_rkey(person, story):
    return f"3mfam{person:02d}x{story}"


def story_path(did, rkey):
    return f"/profile/{did}/story/{rkey}"


def plan(dataset):
    """What the driver visits: {"viewer": {page: path}, "profiles": {page: path}, "seen": [path],
    "social": path} (social: the story whose comment sheet, share panel and menu are opened
    signed in, whose author is then hidden; only where stories answer)."""
    if dataset == "family":
        def person(index):
            return family_did(FAMILY[index][1])

        def newest(index):
            return story_path(person(index), family_rkey(index, len(FAMILY[index][3]) - 1))

        return {
            "viewer": {
                "viewer-first": story_path(person(0), family_rkey(0, 0)),
                "viewer-middle": story_path(person(7), family_rkey(7, 1)),
                "viewer-warning": story_path(person(6), family_rkey(6, 0)),
                "viewer-panorama": story_path(person(1), family_rkey(1, 0)),
                "viewer-near-white": story_path(person(0), family_rkey(0, 2)),
                "viewer-long-place": story_path(person(2), family_rkey(2, 1)),
                "viewer-broken-avatar": story_path(person(4), family_rkey(4, 0)),
                "viewer-long-name": story_path(person(3), family_rkey(3, 0)),
            },
            "profiles": {
                "profile": f"/profile/{FAMILY[0][1]}",
                "profile-broken-avatar": f"/profile/{person(4)}",
            },
            "seen": [newest(index) for index in FAMILY_SEEN],
            "social": story_path(person(7), family_rkey(7, 1)),
        }
    authors = json.loads(open(os.path.join(FIXTURES, "getStoryAuthors.json"), encoding="utf-8").read())["authors"]
    first = authors[0]["profile"]["did"]
    erin = next(a["profile"]["did"] for a in authors if not a["profile"].get("displayName"))
    return {
        "viewer": {
            "viewer-first": story_path(first, f"3mstand{first[-4:]}0"),
            "viewer-middle": story_path(MAYA, "3muojebufwseb"),
            "viewer-warning": story_path(MAYA, "3muovdv3qvkv2"),
            "viewer-tall": story_path(MAYA, "3mupadw3kg264"),
        },
        "profiles": {
            "profile": f"/profile/{standin_appview.MAYA_HANDLE}",
            "profile-without-grain-profile": f"/profile/{erin}",
        },
        "seen": [],
        "social": story_path(MAYA, "3muojebufwseb") if dataset == "normal" else None,
    }


class Family:
    """The family data set's AppView answers."""

    def __init__(self, base, now):
        self.base = base
        self.authors, self.stories, self.profiles = [], {}, {}
        for index, (name, handle, avatar, stories) in enumerate(FAMILY):
            did = family_did(handle)
            profile = {"cid": f"bafyreifamily{index}", "did": did, "handle": handle}
            if name:
                profile["displayName"] = name
            if avatar:
                key = initial_avatar(name or handle) if avatar == "initial" else avatar
                profile["avatar"] = f"{base}/cdn/avatar/plain/{did}/{key}"
            latest = now - dt.timedelta(minutes=23 + 47 * index)
            views = []
            for number, (picture, extras) in enumerate(stories):
                rkey = family_rkey(index, number)
                created = standin_appview.format_datetime(latest - dt.timedelta(minutes=9 * (len(stories) - 1 - number)))
                width, height = picture_size(picture)
                view = {
                    "uri": f"at://{did}/social.grain.story/{rkey}", "cid": f"bafyreifamily{index}x{number}", "creator": profile,
                    "thumb": f"{base}/cdn/feed_thumbnail/plain/{did}/{picture}",
                    "fullsize": f"{base}/cdn/feed_fullsize/plain/{did}/{picture}",
                    "aspectRatio": {"width": width, "height": height},
                    "createdAt": created, "expired": False, "commentCount": 0,
                }
                if "place" in extras:
                    view["location"] = {"name": extras["place"], "value": "8a195da49a4ffff"}
                    view["locationDisplay"] = extras["place"]
                if "label" in extras:
                    view["labels"] = [{"src": did, "uri": view["uri"], "val": extras["label"], "cts": created}]
                views.append(view)
            self.stories[did] = views
            self.authors.append({"profile": profile, "storyCount": len(views), "latestAt": views[-1]["createdAt"]})
            detailed = dict(profile, description=f"{name or handle}'s photos of the family.", galleryCount=3 + index,
                            followersCount=12 + index, followsCount=9, createdAt="2026-01-14T09:30:00.000Z")
            self.profiles[did] = self.profiles[handle] = detailed

    def answer(self, nsid, query):
        if nsid == "social.grain.unspecced.getStoryAuthors":
            return 200, json.dumps({"authors": self.authors})
        if nsid == "social.grain.unspecced.getStories":
            return 200, json.dumps({"stories": self.stories.get(query.get("actor", ""), [])})
        if nsid == "social.grain.unspecced.getStory":
            uri = query.get("story", "")
            for views in self.stories.values():
                for view in views:
                    if view["uri"] == uri:
                        return 200, json.dumps({"story": view})
            return 200, "{}"
        if nsid == "social.grain.unspecced.getActorProfile":
            profile = self.profiles.get(query.get("actor", ""))
            return (200, json.dumps(profile)) if profile else (400, '{"error":"Actor not found"}')
        return 400, '{"error":"Method not implemented"}'


class Empty:
    """No one has a live story; Maya's profile still answers (from the fixtures)."""

    def __init__(self, normal):
        self.normal = normal

    def answer(self, nsid, query):
        if nsid == "social.grain.unspecced.getStoryAuthors":
            return 200, '{"authors":[]}'
        if nsid == "social.grain.unspecced.getStories":
            return 200, '{"stories":[]}'
        if nsid == "social.grain.unspecced.getStory":
            return 200, "{}"
        return self.normal.answer(nsid, query)


def normal_pictures(scenario):
    """Which picture each photo path of the normal data set gets, by the story's aspect ratio."""
    by_path = {}
    texts = [scenario.texts["getStories"]] + list(scenario.synthetic.values())
    for text in texts:
        for view in json.loads(text)["stories"]:
            ratio = view["aspectRatio"]["width"] / view["aspectRatio"]["height"]
            picture = "landscape-43" if ratio > 1.2 else "tall-1" if ratio < 0.6 else "portrait-34"
            for key in ("thumb", "fullsize"):
                by_path[urllib.parse.urlsplit(view[key]).path] = picture
    return by_path


def normal_avatars(scenario):
    """Which avatar picture each person of the normal data set gets: their initial's."""
    people = [author["profile"] for author in json.loads(scenario.texts["getStoryAuthors"])["authors"]]
    people.append(json.loads(scenario.texts["getProfile"]))
    return {person["did"]: initial_avatar(person.get("displayName") or person["handle"]) for person in people}


def make_handler(dataset, answerer, pictures, normal_paths, avatars, base):
    def picture_for(path):
        if path.rsplit("/", 1)[-1] in pictures:  # named after its picture (family, comments, archives)
            return path.rsplit("/", 1)[-1]
        if dataset in ("normal", "empty") and "/avatar/" in path:
            return next((picture for did, picture in avatars.items() if did in path), "avatar-a")
        if dataset == "normal":
            return normal_paths.get(path, "portrait-34")
        return path.rsplit("/", 1)[-1]

    # The benchmark stand-in's handler gives keep-alive, send() and a quiet log; the
    # answers are replaced.
    class Handler(standin_appview.make_handler(None, b"", b"")):
        def do_GET(self):
            path, _, raw_query = self.path.partition("?")
            query = dict(urllib.parse.parse_qsl(raw_query, keep_blank_values=True))
            if path.startswith("/xrpc/"):
                if dataset == "down":
                    self.close_connection = True
                    self.connection.shutdown(socket.SHUT_RDWR)
                    return
                nsid = path[len("/xrpc/"):]
                now = dt.datetime.now(dt.timezone.utc)
                if nsid == "social.grain.unspecced.getCommentThread":
                    thread = comment_thread(base, query.get("subject", ""), now) if dataset != "empty" else {"comments": []}
                    status, text = 200, json.dumps(thread)
                elif nsid == "social.grain.unspecced.getStoryArchive":
                    status, text = 200, json.dumps(archive(base, query.get("actor", ""), now))
                elif nsid == "social.grain.unspecced.getFollowing":
                    status, text = 200, '{"items":[]}'
                else:
                    status, text = answerer.answer(nsid, query)
                self.send(status, "application/json", text.encode(), no_store=True)
            elif path.startswith("/cdn/"):
                name = picture_for(path)
                if name == "broken":
                    self.send(200, "image/jpeg", b"\xff\xd8\xff\xe0" + hashlib.sha256(path.encode()).digest() * 64)
                elif name in pictures:
                    self.send(200, "image/jpeg", pictures[name])
                else:
                    self.send(404, "text/plain", b"not found")
            elif path == "/reverse":
                self.send(200, "application/json", fixture("nominatim-reverse-powells.json"))
            elif path == "/search":
                found = "powell" in query.get("q", "").lower()
                self.send(200, "application/json", fixture("nominatim-search-powells.json") if found else b"[]")
            else:
                self.send(404, "text/plain", b"not found")

    return Handler


def fixture(name):
    with open(os.path.join(FIXTURES, name), "rb") as handle:
        return handle.read()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dataset", choices=DATASETS, required=True)
    parser.add_argument("--pictures", required=True, help="the directory pictures.py wrote")
    parser.add_argument("--port", type=int, default=0)
    args = parser.parse_args()
    pictures = {}
    for name in os.listdir(args.pictures):
        if name.endswith(".jpg"):
            with open(os.path.join(args.pictures, name), "rb") as handle:
                pictures[name[:-4]] = handle.read()
    server = ThreadingHTTPServer(("127.0.0.1", args.port), None)
    server.daemon_threads = True
    base = f"http://127.0.0.1:{server.server_address[1]}"
    now = dt.datetime.now(dt.timezone.utc)
    normal = standin_appview.Scenario(FIXTURES, base, now.timestamp() - standin_appview.SCENARIO_NOW)
    answerer = {"normal": normal, "family": Family(base, now), "empty": Empty(normal), "down": None}[args.dataset]
    server.RequestHandlerClass = make_handler(args.dataset, answerer, pictures, normal_pictures(normal),
                                              normal_avatars(normal), base)
    print(f"listening on {server.server_address[1]}", flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
