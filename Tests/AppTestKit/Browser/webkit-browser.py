#!/usr/bin/python3
"""The browser WebKitWebDriver automates in the browser tests (WebKitDriver.swift).

WebKitWebDriver needs a browser executable that lets itself be automated; Debian's
Epiphany crashes under automation, so this is one: a WebKitGTK web view in a window of
the requested size, created when the driver starts its automation session.

    webkit-browser.py --automation [--width=390] [--height=844] [--reduced-motion] [--dark]

WebKitGTK has no media emulation in WebDriver; it follows GTK's settings instead, so
reduced motion (gtk-enable-animations) and the dark scheme (prefer-dark-theme) are set
here. WebKitWebDriver has no console log either: a user script records the page's errors
(console.error, uncaught errors, rejected promises) in `window.__webkitConsoleErrors`,
which WebKitDriver's tests read back.
"""
import sys

import gi

gi.require_version("Gtk", "3.0")
gi.require_version("WebKit2", "4.1")
from gi.repository import Gtk, WebKit2  # noqa: E402

options = dict(arg[2:].split("=", 1) if "=" in arg else (arg[2:], "1") for arg in sys.argv[1:] if arg.startswith("--"))
width = int(options.get("width", "390"))
height = int(options.get("height", "844"))

settings = Gtk.Settings.get_default()
settings.set_property("gtk-enable-animations", "reduced-motion" not in options)
settings.set_property("gtk-application-prefer-dark-theme", "dark" in options)

RECORD_ERRORS = """
(() => {
  const errors = window.__webkitConsoleErrors = [];
  const error = console.error.bind(console);
  console.error = (...args) => { errors.push(args.map(String).join(' ')); error(...args); };
  addEventListener('error', (event) => errors.push(String(event.message || event.target?.src || 'error')), true);
  addEventListener('unhandledrejection', (event) => errors.push('unhandled rejection: ' + String(event.reason)));
})();
"""

context = WebKit2.WebContext.new_ephemeral() if hasattr(WebKit2.WebContext, "new_ephemeral") else WebKit2.WebContext.get_default()
context.set_automation_allowed(True)
windows = []


def create_web_view(_session):
    content = WebKit2.UserContentManager()
    content.add_script(
        WebKit2.UserScript.new(
            RECORD_ERRORS, WebKit2.UserContentInjectedFrames.ALL_FRAMES, WebKit2.UserScriptInjectionTime.START, None, None
        )
    )
    view = WebKit2.WebView(web_context=context, is_controlled_by_automation=True, user_content_manager=content)
    view.get_settings().set_enable_developer_extras(True)
    window = Gtk.Window()
    window.set_default_size(width, height)
    window.add(view)
    window.connect("destroy", lambda _window: windows.remove(window))
    window.show_all()
    windows.append(window)
    return view


def automation_started(_context, session):
    info = WebKit2.ApplicationInfo()
    info.set_name("grainstories-webkit-browser")
    info.set_version(1, 0, 0)
    session.set_application_info(info)
    session.connect("create-web-view", create_web_view)


context.connect("automation-started", automation_started)
Gtk.main()
