#!/usr/bin/env python3
"""The browser build's figures for BENCHMARKS.md, in headless Chromium.

Usage: python3 web/measure.py FOLDER

FOLDER is the page web/build.sh built (target/web). Served from a local
server that compresses with gzip (level 9) and answers "not modified" to a
file asked for again, as a web server would, it prints:
- the bytes a first visit transfers (every request of the page, its worker
  and its service worker, headers included, as the server sent them);
- the time from navigation to the first frame with the cache warm (the
  service worker's store) and the CPU slowed 4 times, and unslowed;
- the expert's work a millisecond in the page (`flagfall bench --expert`
  measures the same natively).
"""

import gzip
import os
import statistics
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from browser_test import PHONE, Browser, PageFiles, is_blue, serve, start_chromedriver, wait  # noqa: E402

COMPRESSIBLE = (".wasm", ".js", ".html", ".webmanifest", ".svg", "/")


def serve_compressed(folder):
    """Serves `folder` with gzip; returns the address and the byte count."""
    sent = {"bytes": 0, "requests": 0}
    lock = threading.Lock()
    packed = {}

    class Handler(PageFiles):
        def do_GET(self):
            path = self.translate_path(self.path)
            if os.path.isdir(path):
                path = os.path.join(path, "index.html")
            if not os.path.isfile(path):
                self.send_error(404)
                return
            modified = self.date_time_string(int(os.path.getmtime(path)))
            if self.headers.get("If-Modified-Since") == modified:
                self.send_response(304)
                self.end_headers()
                with lock:
                    sent["requests"] += 1
                return
            with open(path, "rb") as f:
                body = f.read()
            encoding = None
            if "gzip" in self.headers.get("Accept-Encoding", "") and path.endswith(COMPRESSIBLE):
                key = (path, os.path.getmtime(path))
                if key not in packed:
                    packed[key] = gzip.compress(body, compresslevel=9)
                body, encoding = packed[key], "gzip"
            self.send_response(200)
            self.send_header("Content-Type", self.guess_type(path))
            self.send_header("Content-Length", str(len(body)))
            if encoding:
                self.send_header("Content-Encoding", encoding)
            self.send_header("Last-Modified", modified)
            self.end_headers()
            self.wfile.write(body)
            with lock:
                sent["bytes"] += len(body)
                sent["requests"] += 1

        def send_header(self, keyword, value):
            with lock:
                sent["bytes"] += len(f"{keyword}: {value}\r\n")
            super().send_header(keyword, value)

    url, _ = serve(folder, Handler)
    return url, sent


# Records, in the page, when the canvas first shows a drawn pixel.
FIRST_FRAME = """
(function watch() {
  const canvas = document.getElementById("canvas");
  if (canvas && canvas.width > 0) {
    const context = canvas.getContext("2d");
    if (context && context.getImageData(canvas.width >> 1, canvas.height - 30, 1, 1).data[3] > 0) {
      window.__firstFrame = performance.now();
      return;
    }
  }
  requestAnimationFrame(watch);
})();
"""


def first_frame(browser, url):
    browser.go(url)
    return wait("the first frame", lambda: browser.js("return window.__firstFrame"), seconds=120)


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    folder = sys.argv[1]
    url, sent = serve_compressed(folder)
    driver, stop = start_chromedriver()
    try:
        with tempfile.TemporaryDirectory() as profile:
            browser = Browser(driver, PHONE, touch=True, profile=profile)
            try:
                browser.cdp("Page.addScriptToEvaluateOnNewDocument", {"source": FIRST_FRAME})
                browser.go(url)
                wait("the home screen", lambda: is_blue(browser.pixel(195, 812)), seconds=120)
                wait("the service worker", lambda: browser.js_async(
                    "const done = arguments[0];"
                    "navigator.serviceWorker.ready.then(r => done(!!r.active), () => done(false));"))
                time.sleep(3)  # the computer's worker loading the module
                print(f"first visit: {sent['bytes']:,} bytes in {sent['requests']} requests (gzip -9),"
                      f" first frame at {browser.js('return window.__firstFrame'):.0f} ms")

                for rate in (1, 4):
                    browser.cdp("Emulation.setCPUThrottlingRate", {"rate": rate})
                    times = [first_frame(browser, url) for _ in range(3)]
                    print(f"first frame, cache warm, CPU slowed {rate}x: "
                          + ", ".join(f"{t:.0f}" for t in times)
                          + f" ms (median {statistics.median(times):.0f})")
                browser.cdp("Emulation.setCPUThrottlingRate", {"rate": 1})
                wait("the home screen", lambda: is_blue(browser.pixel(195, 812)), seconds=60)
                pace = browser.js_async("""
                    const done = arguments[0];
                    import("./flagfall_web.js").then(m => done(m.expert_pace("classic", 20, 250, 1)));
                """)
                print(f"expert in the page, classic: {pace}")
            finally:
                browser.quit()
    finally:
        stop()


if __name__ == "__main__":
    main()
