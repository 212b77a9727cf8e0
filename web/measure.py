#!/usr/bin/env python3
"""The browser build's figures for BENCHMARKS.md, in headless Chromium.

Usage: python3 web/measure.py FOLDER

FOLDER is the page web/build.sh built (target/web). Served as web/serve.py
serves it (the Brotli or gzip copies build.sh made; "not modified" for a
file asked for again), it prints:
- a first visit on Chrome's "fast 4G" and "slow 4G" with the CPU slowed 4
  times: when something was first drawn (the page's loading screen), when
  the app was usable (its home screen), and the bytes until then;
- the bytes of a whole first visit (the page, its worker and the service
  worker's copy of the build);
- the time to a usable app with the cache warm, unslowed and slowed 4x;
- the longest the page's thread stood still after each of four moves in a
  solo game, at 4x;
- the expert's work a millisecond in the page (`flagfall bench --expert`
  measures the same natively).
"""

import os
import statistics
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from browser_test import (  # noqa: E402
    PHONE, Browser, PageFiles, is_blue, play_and_wait_for_answer, serve, solo_game, start_chromedriver, wait)

def serve_counted(folder):
    """Serves `folder` as web/serve.py does (Brotli or gzip copies, "not
    modified" for a file asked for again); returns the address and the
    bytes and requests served."""
    sent = {"bytes": 0, "requests": 0}
    lock = threading.Lock()

    class Handler(PageFiles):
        def send_header(self, keyword, value):
            with lock:
                sent["bytes"] += len(f"{keyword}: {value}\r\n")
                if keyword == "Content-Length":
                    sent["bytes"] += int(value)
            super().send_header(keyword, value)

        def send_response(self, code, message=None):
            with lock:
                sent["requests"] += 1
            super().send_response(code, message)

    url, _ = serve(folder, Handler)
    return url, sent


# Chrome's network presets (DevTools): download and upload in bytes a
# second, and the round trip's latency in ms.
NETWORKS = {
    "fast 4G": (9_000_000 / 8, 1_500_000 / 8, 60),
    "slow 4G": (1_600_000 / 8, 750_000 / 8, 150),
}


def first_visit(driver, url, profile, network, cpu):
    """A first visit on `network` with the CPU slowed `cpu` times: when the
    page first drew something (its loading screen), when the app was usable
    (its home screen drawn), and the bytes it took."""
    browser = Browser(driver, PHONE, touch=True, profile=profile)
    try:
        down, up, latency = NETWORKS[network]
        browser.cdp("Network.enable", {})
        browser.cdp("Network.emulateNetworkConditions", {
            "offline": False, "latency": latency, "downloadThroughput": down, "uploadThroughput": up})
        browser.cdp("Emulation.setCPUThrottlingRate", {"rate": cpu})
        browser.go(url)
        usable = wait("the app usable", lambda: browser.js("return globalThis.flagfallStartedAt"), seconds=180)
        drawn = browser.js("""
            const paint = performance.getEntriesByName("first-contentful-paint")[0];
            return paint ? paint.startTime : null;
        """)
        # As the page received them (what the server sent counts files the
        # browser had not yet taken in, on a slowed network): the page and
        # every file that had come by the time the app was usable.
        bytes_before = browser.js("""
            const usable = globalThis.flagfallStartedAt;
            const page = performance.getEntriesByType("navigation")[0];
            return performance.getEntriesByType("resource")
                .filter((e) => e.responseEnd <= usable)
                .reduce((sum, e) => sum + e.transferSize, page ? page.transferSize : 0);
        """)
        return drawn, usable, bytes_before
    finally:
        browser.quit()


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    folder = sys.argv[1]
    url, sent = serve_counted(folder)
    driver, stop = start_chromedriver()
    try:
        with tempfile.TemporaryDirectory() as profile:
            for network in NETWORKS:
                drawn, usable, bytes_sent = first_visit(
                    driver, url, os.path.join(profile, network), network, 4)
                print(f"first visit, {network}, CPU slowed 4x: something drawn at {drawn:.0f} ms,"
                      f" usable at {usable:.0f} ms, {bytes_sent:,} bytes before usable")
            browser = Browser(driver, PHONE, touch=True, profile=os.path.join(profile, "warm"))
            try:
                browser.go(url)
                wait("the app", lambda: browser.js("return globalThis.flagfallStartedAt"), seconds=120)
                wait("the service worker", lambda: browser.js_async(
                    "const done = arguments[0];"
                    "navigator.serviceWorker.ready.then(r => done(!!r.active), () => done(false));"))
                time.sleep(5)  # the service worker storing the build
                print(f"a whole first visit: {sent['bytes']:,} bytes in {sent['requests']} answers"
                      " (the page, its worker and the service worker's copy; Brotli)")
                for rate in (1, 4):
                    browser.cdp("Emulation.setCPUThrottlingRate", {"rate": rate})
                    times = []
                    for _ in range(3):
                        browser.go(url)
                        times.append(wait("the app", lambda: browser.js("return globalThis.flagfallStartedAt"),
                                          seconds=120))
                    print(f"usable, cache warm, CPU slowed {rate}x: "
                          + ", ".join(f"{t:.0f}" for t in times)
                          + f" ms (median {statistics.median(times):.0f})")
                browser.cdp("Emulation.setCPUThrottlingRate", {"rate": 4})
                print("a solo game at 4x CPU, the longest the page stood still after each move:")
                stalls = solo_stalls(browser)
                print(f"  worst {max(stalls):.0f} ms, median {statistics.median(stalls):.0f} ms")
                browser.cdp("Emulation.setCPUThrottlingRate", {"rate": 1})
                pace = browser.js_async("""
                    const done = arguments[0];
                    import("./flagfall_web.js").then(m => done(m.expert_pace("classic", 20, 250, 1)));
                """)
                print(f"expert in the page, classic: {pace}")
            finally:
                browser.quit()
    finally:
        stop()


def solo_stalls(browser):
    """Starts a solo game (Fill for me, Ready) and plays four moves; the
    longest the page's thread went without running after each, as the
    browser test measures it."""
    browser.tap(297, 362)  # Got it
    time.sleep(0.5)
    browser.tap(195, 636)  # Computer
    time.sleep(0.5)
    browser.tap(195, 812)  # Start vs computer
    wait("the setup screen", lambda: not is_blue(browser.pixel(195, 818)), seconds=60)
    browser.tap(105, 532)  # Fill for me
    wait("a full army", lambda: is_blue(browser.pixel(195, 818)), seconds=60)
    browser.tap(195, 818)  # Ready
    wait("the game saved", lambda: (g := solo_game(browser)) and g["stage"] == "play", seconds=60)
    used, stalls = set(), []
    for _ in range(4):
        play_and_wait_for_answer(browser, used, limit_ms=None)
        stalls.append(browser.last_stall)
    return stalls




if __name__ == "__main__":
    main()
