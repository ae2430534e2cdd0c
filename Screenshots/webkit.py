"""WebKitGTK for the screenshots, started as the browser tests start it
(Tests/AppTestKit/Browser/WebKitDriver.swift): an Xvfb of its own on a display it picks
itself (-displayfd), WebKitWebDriver on a free port with DISPLAY set to it, and a session
whose browser is the tests' WebKitGTK web view, Tests/AppTestKit/Browser/webkit-browser.py,
run by /usr/bin/python3 (capability `webkitgtk:browserOptions`, binary and args).

WebKitGTK has no device emulation: each size is a window of that size at one device pixel
per CSS pixel with a fine pointer (no touch). It has no media emulation in WebDriver
either; webkit-browser.py takes reduced motion and the dark scheme from GTK's settings
(--reduced-motion, --dark), which WebKit follows for prefers-reduced-motion and
prefers-color-scheme.

Needs webkit2gtk-driver, xvfb, python3-gi and gir1.2-webkit2-4.1 (scripts/setup --tests).
"""

import json
import os
import socket
import subprocess
import time
import urllib.error
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DRIVER = "/usr/bin/WebKitWebDriver"
XVFB = "/usr/bin/Xvfb"
PYTHON = "/usr/bin/python3"
TYPELIB = "/usr/lib/x86_64-linux-gnu/girepository-1.0/WebKit2-4.1.typelib"
BROWSER = os.path.join(ROOT, "Tests", "AppTestKit", "Browser", "webkit-browser.py")


class WebKitError(Exception):
    """A WebDriver command that failed, or a WebKit that did not start."""


def missing():
    """What is not installed (an empty string when everything is)."""
    absent = [path for path in (DRIVER, XVFB, PYTHON, TYPELIB, BROWSER) if not os.path.exists(path)]
    return ", ".join(absent)


class WebKitDriver:
    """Xvfb, WebKitWebDriver and one session showing a window of width x height CSS px.
    Same call/command interface as Benchmarks/viewer_bench.py's WebDriver (no cdp)."""

    def __init__(self, width, height, dark, error=WebKitError):
        self.error = error
        self.processes = []
        if missing():
            raise error(f"WebKit screenshots need {missing()}: run ./scripts/setup --tests")
        try:
            self.start(width, height, dark)
        except BaseException:
            self.stop()
            raise

    def start(self, width, height, dark):
        xvfb = subprocess.Popen([XVFB, "-displayfd", "1", "-screen", "0", "3840x2160x24", "-nolisten", "tcp"],
                                stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        self.processes.append(xvfb)
        display = xvfb.stdout.readline().strip()  # Xvfb names its display once it is ready
        if not display.isdigit():
            raise self.error("Xvfb did not start")
        environment = dict(os.environ, DISPLAY=f":{display}")
        # WebKitWebDriver takes a port and does not say when it listens: a free port is
        # chosen by binding and releasing it; a start that lost that race is tried again.
        for _ in range(5):
            with socket.socket() as probe:
                probe.bind(("127.0.0.1", 0))
                port = probe.getsockname()[1]
            driver = subprocess.Popen([DRIVER, f"--port={port}"], env=environment,
                                      stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            self.base = f"http://127.0.0.1:{port}"
            if self.answers(driver):
                self.processes.insert(0, driver)  # stopped before the display
                break
            driver.kill()
            driver.wait()
        else:
            raise self.error("WebKitWebDriver did not start")
        args = [BROWSER, f"--width={width}", f"--height={height}", "--reduced-motion"] + (["--dark"] if dark else [])
        # "none": WebKitWebDriver holds every command while the page still loads anything;
        # capture.py waits for the new document itself (as WebDriver.swift does).
        capabilities = {"capabilities": {"alwaysMatch": {
            "webkitgtk:browserOptions": {"binary": PYTHON, "args": args},
            "pageLoadStrategy": "none",
            "timeouts": {"script": 30000, "pageLoad": 30000},
        }}}
        self.session = self.call("POST", "/session", capabilities)["sessionId"]

    def answers(self, driver):
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline and driver.poll() is None:
            try:
                self.call("GET", "/status")
                return True
            except (OSError, self.error):
                time.sleep(0.05)
        return False

    def call(self, method, path, body=None):
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(self.base + path, data=data, method=method,
                                         headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=60) as response:
                return json.loads(response.read())["value"]
        except urllib.error.HTTPError as error:
            raise self.error(f"WebDriver {method} {path}: {error.code} {error.read()[:500]!r}") from None

    def command(self, method, path, body=None):
        return self.call(method, f"/session/{self.session}{path}", body)

    def navigate(self, url):
        self.command("POST", "/url", {"url": url})

    def quit(self):
        try:
            self.command("DELETE", "")
        except (OSError, self.error):
            pass
        finally:
            self.stop()

    def stop(self):
        """The driver first, then the display: a browser left behind dies with its X server."""
        for process in self.processes:
            if process.poll() is None:
                process.kill()
            process.wait()
        self.processes = []
