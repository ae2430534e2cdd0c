#!/usr/bin/env python3
"""Issue 21's and 45's queue benchmark through the real server (a benchmark, not a test).

Starts `grain-stories serve` (BIN) against a stand-in for two accounts' identities and
PDS (one small HTTP server: a PLC directory at /plc, a handle resolver and
`com.atproto.server.createSession`), signs in account A and account B through the sign-in
form, then:
  1. B uploads the ordinary photo alone (its usual time);
  2. for each count in COUNTS (default 3): A uploads BOMB that many times at once and,
     once all their bodies are sent, B uploads the ordinary photo again: B's time from
     sending to the answer is the figure. The next round starts when A's uploads are done.
Each upload is a real multipart POST to /stories/new with the page's form token.
Usage: upload_race.py BIN BOMB ORDINARY [COUNTS, e.g. 2,4,8]
Prints one line per upload: who, what, status, seconds.
"""
import http.client, http.server, json, os, re, socket, subprocess, sys, tempfile, threading, time, urllib.parse

BIN, BOMB, ORDINARY = sys.argv[1], sys.argv[2], sys.argv[3]
COUNTS = [int(n) for n in (sys.argv[4] if len(sys.argv) > 4 else "3").split(",")]
ACCOUNTS = {"a.test": "did:plc:aaaaaaaaaaaaaaaaaaaaaaaa", "b.test": "did:plc:bbbbbbbbbbbbbbbbbbbbbbbb"}


def free_port():
    s = socket.socket(); s.bind(("127.0.0.1", 0)); port = s.getsockname()[1]; s.close(); return port


STANDIN = free_port()
BASE = f"http://127.0.0.1:{STANDIN}"


class StandIn(http.server.BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def answer(self, status, body):
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self):
        path, _, query = self.path.partition("?")
        if path.startswith("/plc/"):
            did = urllib.parse.unquote(path[5:])
            handle = next((h for h, d in ACCOUNTS.items() if d == did), None)
            if handle is None:
                return self.answer(404, {"message": "not found"})
            return self.answer(200, {"id": did, "alsoKnownAs": [f"at://{handle}"], "service": [
                {"id": "#atproto_pds", "type": "AtprotoPersonalDataServer", "serviceEndpoint": BASE}]})
        if path == "/xrpc/com.atproto.identity.resolveHandle":
            handle = urllib.parse.parse_qs(query).get("handle", [""])[0]
            if handle in ACCOUNTS:
                return self.answer(200, {"did": ACCOUNTS[handle]})
            return self.answer(400, {"error": "InvalidRequest", "message": "Unable to resolve handle"})
        if path == "/xrpc/com.atproto.repo.getRecord":
            return self.answer(400, {"error": "RecordNotFound", "message": "no profile"})
        if path.startswith("/xrpc/social.grain"):
            return self.answer(200, {"authors": [], "stories": []})
        self.answer(404, {"error": "NotFound"})

    def do_POST(self):
        body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", "0"))) or b"{}")
        if self.path == "/xrpc/com.atproto.server.createSession":
            handle = body.get("identifier", "")
            did = ACCOUNTS.get(handle) or (handle if handle in ACCOUNTS.values() else None)
            if did is None or body.get("password") != "app-password":
                return self.answer(401, {"error": "AuthenticationRequired", "message": "Invalid identifier or password"})
            handle = next(h for h, d in ACCOUNTS.items() if d == did)
            return self.answer(200, {"did": did, "handle": handle, "accessJwt": "access-" + handle, "refreshJwt": "refresh-" + handle})
        self.answer(404, {"error": "NotFound"})


server = http.server.ThreadingHTTPServer(("127.0.0.1", STANDIN), StandIn)
threading.Thread(target=server.serve_forever, daemon=True).start()

PORT = free_port()
data = tempfile.mkdtemp(prefix="grainstories-race-")
here = os.path.dirname(os.path.abspath(__file__))
grain = subprocess.Popen([
    BIN, "serve", "--host", "127.0.0.1", "--port", str(PORT), "--data-dir", data, "--log-level", "warning",
    "--templates-dir", os.path.join(here, "..", "Templates"), "--public-dir", os.path.join(here, "..", "Public"),
    "--insecure-hosts", "127.0.0.1", "--appview-url", BASE, "--plc-url", BASE + "/plc", "--handle-resolver-url", BASE,
    "--nominatim-url", ""], stderr=subprocess.DEVNULL)
for _ in range(300):
    try:
        http.client.HTTPConnection("127.0.0.1", PORT, timeout=1).request("GET", "/healthz"); break
    except OSError:
        time.sleep(0.1)  # polling for the condition (the server accepts connections), at most 30 s


def request(method, path, cookies, body=None, headers=None, sent=None):
    """One request; `sent` (a threading.Event) is set once the whole body is on its way."""
    conn = http.client.HTTPConnection("127.0.0.1", PORT, timeout=600)
    all_headers = dict(headers or {})
    if cookies:
        all_headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in cookies.items())
    conn.request(method, path, body=body, headers=all_headers)
    if sent is not None:
        sent.set()
    response = conn.getresponse()
    text = response.read()
    for name, value in response.getheaders():
        if name.lower() == "set-cookie":
            key, _, rest = value.partition("=")
            cookies[key] = rest.split(";")[0]
    return response.status, text.decode("utf-8", "replace")


def token(html):
    return re.search(r'name="csrf" value="([^"]+)"', html).group(1)


def sign_in(handle):
    cookies = {}
    _, page = request("GET", "/signin", cookies)
    form = urllib.parse.urlencode({"csrf": token(page), "identifier": handle, "password": "app-password", "pds": ""})
    status, _ = request("POST", "/signin", cookies, form, {"Content-Type": "application/x-www-form-urlencoded"})
    assert status == 303, f"sign-in of {handle}: {status}"
    return cookies


def upload(cookies, path, label, results, sent=None):
    _, page = request("GET", "/stories/new", cookies)
    boundary = "----GrainRaceBoundary"
    photo = open(path, "rb").read()
    body = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"csrf\"\r\n\r\n{token(page)}\r\n"
            f"--{boundary}\r\nContent-Disposition: form-data; name=\"photo\"; filename=\"{os.path.basename(path)}\"\r\n"
            f"Content-Type: application/octet-stream\r\n\r\n").encode() + photo + f"\r\n--{boundary}--\r\n".encode()
    started = time.monotonic()
    status, _ = request("POST", "/stories/new", cookies, body, {"Content-Type": f"multipart/form-data; boundary={boundary}"}, sent)
    results.append((label, status, time.monotonic() - started))


try:
    a, b = sign_in("a.test"), sign_in("b.test")
    results = []
    upload(b, ORDINARY, "B ordinary photo, alone", results)
    name = os.path.basename(BOMB)
    for count in COUNTS:
        sent = [threading.Event() for _ in range(count)]
        threads = [threading.Thread(target=upload, args=(a, BOMB, f"A {name} {n + 1} of {count}", results, sent[n]))
                   for n in range(count)]
        for thread in threads:
            thread.start()
        for event in sent:  # A's bodies are all sent before B's upload starts
            event.wait()
        upload(b, ORDINARY, f"B ordinary photo, {count} of A's queued", results)
        for thread in threads:
            thread.join()
    for label, status, seconds in results:
        print(f"{label:40} HTTP {status}  {seconds:7.3f} s")
finally:
    grain.terminate()
    grain.wait()
    server.shutdown()
