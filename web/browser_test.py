#!/usr/bin/env python3
"""Flagfall in a real browser: headless Chromium, driven through chromedriver.

Usage: python3 web/browser_test.py FOLDER [--shots DIR]

FOLDER is the page web/build.sh built (target/web). The test serves it from
a local server and, at 390x844 with touch emulation, starts a solo game
against the computer, sets up with "Fill for me", plays moves by touching
squares, sees the computer answer from its worker while the page keeps
drawing, reloads the page, finds the game resumed and playable, and starts
the page again with the server gone (the service worker's store). Two
pages start a two-device game: the joiner reads the inviter's invitation
through Chromium's fake camera, fed a video of the inviter's screen, and
"Copy the code's text" fills the page's clipboard. Print and play hands a
PDF to the browser's downloads. It also opens the page at 1280x800. With --shots, it saves what it saw there
(docs/web/). Standard library only; it needs chromium and chromedriver
(Debian's chromium and chromium-driver packages).
"""

import base64
import functools
import http.server
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request

PHONE = (390, 844)
TABLET = (1280, 800)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class PageFiles(http.server.SimpleHTTPRequestHandler):
    """Serves the page's files with the types a browser wants, quietly."""

    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm",
        ".js": "text/javascript",
        ".webmanifest": "application/manifest+json",
    }

    def log_message(self, *args):
        pass


def serve(folder, handler=PageFiles):
    """Serves `folder` on a local port in a thread, with `handler`; returns
    the address and the server (whose `shutdown` takes the page's network
    away)."""
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(handler, directory=folder))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{server.server_address[1]}/", server


class Browser:
    """One headless Chromium through chromedriver's WebDriver protocol."""

    def __init__(self, driver, size, touch, profile, language="en", camera=None):
        self.driver = driver
        width, height = size
        options = {
            "args": [
                "--headless=new",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-dev-shm-usage",
                f"--user-data-dir={profile}",
                f"--lang={language}",
            ],
            "prefs": {"intl.accept_languages": language},
        }
        if camera:
            # A camera that films `camera` (a Y4M video), allowed without asking.
            options["args"] += [
                "--use-fake-device-for-media-stream",
                "--use-fake-ui-for-media-stream",
                f"--use-file-for-fake-video-capture={camera}",
            ]
        if touch:
            options["mobileEmulation"] = {
                "deviceMetrics": {"width": width, "height": height, "pixelRatio": 1.0, "touch": True}
            }
        else:
            options["args"].append(f"--window-size={width},{height}")
        caps = {"capabilities": {"alwaysMatch": {"browserName": "chrome", "goog:chromeOptions": options}}}
        self.session = "/session/" + self.call("POST", "/session", caps)["sessionId"]
        self.touch = touch
        if not touch:
            # The window's inner size, which --window-size does not set.
            self.cdp("Emulation.setDeviceMetricsOverride",
                     {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})

    def call(self, method, path, body=None):
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.driver + path, method=method, data=data,
                                         headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=300) as reply:
            return json.loads(reply.read())["value"]

    def cdp(self, command, params):
        return self.call("POST", self.session + "/goog/cdp/execute", {"cmd": command, "params": params})

    def go(self, url):
        self.call("POST", self.session + "/url", {"url": url})

    def reload(self):
        self.call("POST", self.session + "/refresh", {})

    def js(self, script, *args):
        return self.call("POST", self.session + "/execute/sync", {"script": script, "args": list(args)})

    def js_async(self, script, *args):
        return self.call("POST", self.session + "/execute/async", {"script": script, "args": list(args)})

    def tap(self, x, y):
        kind = "touch" if self.touch else "mouse"
        self.call("POST", self.session + "/actions", {"actions": [{
            "type": "pointer", "id": "finger", "parameters": {"pointerType": kind},
            "actions": [
                {"type": "pointerMove", "duration": 0, "x": int(x), "y": int(y), "origin": "viewport"},
                {"type": "pointerDown", "button": 0},
                {"type": "pause", "duration": 60},
                {"type": "pointerUp", "button": 0},
            ]}]})

    def pixel(self, x, y):
        """The canvas's colour at (x, y), or None before the app drew."""
        return self.js("""
            const canvas = document.getElementById("canvas");
            const context = canvas && canvas.width > 0 && canvas.getContext("2d");
            return context ? Array.from(context.getImageData(arguments[0], arguments[1], 1, 1).data) : null;
        """, x, y)

    def shot(self, path):
        with open(path, "wb") as f:
            f.write(base64.b64decode(self.call("GET", self.session + "/screenshot")))

    def console(self):
        return self.call("POST", self.session + "/se/log", {"type": "browser"})

    def documents(self):
        """What the app keeps in IndexedDB: each document's text by name."""
        return self.js_async("""
            const done = arguments[arguments.length - 1];
            const opening = indexedDB.open("flagfall");
            opening.onerror = () => done(null);
            opening.onsuccess = () => {
                const db = opening.result;
                if (!db.objectStoreNames.contains("documents")) { db.close(); return done({}); }
                const store = db.transaction("documents", "readonly").objectStore("documents");
                const names = store.getAllKeys(), values = store.getAll();
                values.onsuccess = () => {
                    const texts = {};
                    names.result.forEach((name, i) => texts[name] = new TextDecoder().decode(values.result[i][1]));
                    db.close();
                    done(texts);
                };
            };
        """)

    def quit(self):
        self.call("DELETE", self.session)


def wait(what, check, seconds=60):
    """Waits until `check()` gives a true value, and returns it."""
    end = time.monotonic() + seconds
    while True:
        value = check()
        if value:
            return value
        if time.monotonic() > end:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.2)


def is_blue(colour):
    """The primary buttons' blue (Start, Continue, an enabled Ready)."""
    return colour is not None and colour[2] > 150 and colour[0] < 80


def solo_game(browser):
    """The solo game in progress in IndexedDB, as its saved JSON."""
    for name, text in (browser.documents() or {}).items():
        if name.startswith("in-progress/") and name.endswith(".json"):
            game = json.loads(text)
            if game.get("mode") == "solo":
                return game
    return None


# The phone layout's board at 390x844 (both the setup and the play screen):
# column a starts at x=16, row 10 at y=118, squares 37.2 wide and tall.
def square_centre(square):
    column = ord(square[0]) - ord("a")
    row = int(square[1:])
    return 16 + 37.2 * (column + 0.5), 118 + 37.2 * (10 - row + 0.5)


IMMOBILE = {"bomb", "flag"}
# The computer's think time at the default setting (ThinkTime::Normal).
THINK_MS = 250
LAKE_COLUMNS = set("cdgh")


def next_advance(game, used):
    """A move of the player's (Red's) front row one square forward, in a
    column not used yet, whose piece can move and that no enemy move has
    reached (it might have been taken)."""
    reached = {a.split("-")[1] for a in game["actions"][1::2] if "-" in a}
    front = {p["square"]: p["piece"] for p in game["red"]["setup"] if p["square"].endswith("4")}
    for column in "abefij":
        if column in used or column in LAKE_COLUMNS:
            continue
        start, goal = f"{column}4", f"{column}5"
        if front.get(start) in IMMOBILE or start in reached or goal in reached:
            continue
        used.add(column)
        return start, goal
    raise AssertionError("no piece left to advance")


def dismiss_battle(browser):
    """Closes the battle shown over the board, if one is (its Continue)."""
    if is_blue(browser.pixel(195, 523)):
        browser.tap(195, 523)
        wait("the battle closed", lambda: not is_blue(browser.pixel(195, 523)), seconds=10)


def play_and_wait_for_answer(browser, used):
    dismiss_battle(browser)
    game = solo_game(browser)
    plies = len(game["actions"])
    start, goal = next_advance(game, used)
    browser.js("""
        window.__worst = 0; let last = performance.now();
        window.__ticking = true;
        (function tick() {
            const now = performance.now();
            window.__worst = Math.max(window.__worst, now - last); last = now;
            if (window.__ticking) setTimeout(tick, 0);
        })();
    """)
    browser.tap(*square_centre(start))
    time.sleep(0.4)
    browser.tap(*square_centre(goal))
    game = wait(f"the computer's answer to {start}-{goal}",
                lambda: (g := solo_game(browser)) and len(g["actions"]) >= plies + 2 and g)
    assert game["actions"][plies] == f"{start}-{goal}", game["actions"]
    worst = browser.js("window.__ticking = false; return window.__worst;")
    # Thinking on the page would stop it for the whole think time (250 ms).
    assert worst < THINK_MS, f"the page stood still for {worst:.0f} ms while the computer thought"
    print(f"  played {start}-{goal}, the computer answered {game['actions'][plies + 1]}"
          f" (longest the page went without running: {worst:.0f} ms)")
    return game


def phone(driver, url, server, profile, shots):
    browser = Browser(driver, PHONE, touch=True, profile=profile)
    try:
        browser.go(url)
        wait("the home screen", lambda: is_blue(browser.pixel(195, 812)))
        if shots:
            browser.shot(os.path.join(shots, "home-390x844.png"))
        # A phone may add it to its home screen: the manifest, its icons and
        # the service worker are as the browser wants them.
        problems = lambda: browser.cdp("Page.getInstallabilityErrors", {})["installabilityErrors"]
        try:
            wait("an installable page", lambda: not problems(), seconds=20)
        except AssertionError:
            raise AssertionError(f"not installable: {problems()}") from None
        browser.tap(195, 334)  # Got it (the first visit's welcome)
        time.sleep(0.5)
        browser.tap(195, 566)  # Computer
        time.sleep(0.5)
        browser.tap(195, 812)  # Start vs computer
        wait("the setup screen", lambda: not is_blue(browser.pixel(195, 818)))
        browser.tap(105, 532)  # Fill for me
        wait("a full army", lambda: is_blue(browser.pixel(195, 818)))
        browser.tap(195, 818)  # Ready
        wait("the game saved at the first move",
             lambda: (g := solo_game(browser)) and g["stage"] == "play")
        print("solo game: set up with Fill for me")
        used = set()
        play_and_wait_for_answer(browser, used)
        play_and_wait_for_answer(browser, used)
        if shots:
            browser.shot(os.path.join(shots, "play-390x844.png"))

        browser.reload()
        wait("home after the reload", lambda: is_blue(browser.pixel(150, 103)))
        print("reloaded: home offers to continue the game")
        browser.tap(150, 103)  # Continue
        time.sleep(1)
        game = play_and_wait_for_answer(browser, used)
        assert len(game["actions"]) == 6, game["actions"]
        print("the resumed game went on")
        errors = [e["message"] for e in browser.console() if e["level"] == "SEVERE"]
        assert not errors, errors

        # Offline: with the server gone, the page starts from what the
        # service worker stored, and the game is still there.
        assert browser.js_async("""
            const done = arguments[0];
            navigator.serviceWorker.ready.then(r => done(!!r.active), () => done(false));
        """), "no service worker"
        server.shutdown()
        browser.reload()
        wait("home, offline", lambda: is_blue(browser.pixel(150, 103)))
        print("offline: the page started from the service worker's store, the game listed")
    except Exception:
        seen = os.path.join(tempfile.gettempdir(), "flagfall-browser-failure.png")
        browser.shot(seen)
        print(f"what the page showed: {seen}", file=sys.stderr)
        raise
    finally:
        browser.quit()


def canvas_as_video(browser, path):
    """Films the app's canvas as a camera would see it: a Y4M video (what
    Chromium's fake camera plays) of a few frames of it, in greys."""
    width, height, pixels = browser.js("""
        const canvas = document.getElementById("canvas");
        const rgba = new Uint8Array(canvas.getContext("2d")
            .getImageData(0, 0, canvas.width, canvas.height).data.buffer);
        let text = "";
        for (let i = 0; i < rgba.length; i += 32768)
            text += String.fromCharCode.apply(null, rgba.subarray(i, i + 32768));
        return [canvas.width, canvas.height, btoa(text)];
    """)
    rgba = base64.b64decode(pixels)
    luma = bytes((77 * rgba[i] + 150 * rgba[i + 1] + 29 * rgba[i + 2]) >> 8
                 for i in range(0, len(rgba), 4))
    grey = bytes([128]) * ((width // 2) * (height // 2))
    with open(path, "wb") as f:
        f.write(f"YUV4MPEG2 W{width} H{height} F5:1 Ip A1:1 C420jpeg\n".encode())
        for _ in range(3):
            f.write(b"FRAME\n" + luma + grey + grey)


def linked_games(browser):
    """The two-device games in IndexedDB, by name."""
    return [n for n in (browser.documents() or {}) if n.startswith("in-progress/linked/")]


def two_devices(driver, url, profile, shots):
    """The inviter's page shows its invitation; the joiner's page reads it
    through its (fake) camera, and the same game starts on both."""
    inviter = Browser(driver, PHONE, touch=True, profile=os.path.join(profile, "inviter"))
    joiner = None
    try:
        inviter.go(url)
        wait("the inviter's home", lambda: is_blue(inviter.pixel(195, 812)))
        inviter.tap(195, 334)  # Got it
        time.sleep(0.5)
        inviter.tap(318, 566)  # Other device
        time.sleep(0.5)
        inviter.tap(195, 812)  # Start
        wait("the inviter's setup", lambda: not is_blue(inviter.pixel(195, 818)))
        inviter.tap(105, 532)  # Fill for me
        wait("the inviter's full army", lambda: is_blue(inviter.pixel(195, 818)))
        inviter.tap(195, 818)  # Ready: the invitation shows
        # The invitation's code: black modules at its top left finder.
        wait("the invitation", lambda: (c := inviter.pixel(97, 187)) and c[0] < 60)
        time.sleep(0.5)
        if shots:
            inviter.shot(os.path.join(shots, "invitation-390x844.png"))
        (invited,) = linked_games(inviter)
        # "Copy the code's text" puts the invitation on the page's clipboard.
        inviter.cdp("Browser.grantPermissions", {
            "permissions": ["clipboardReadWrite", "clipboardSanitizedWrite"], "origin": url.rstrip("/")})
        inviter.tap(110, 746)
        copied = wait("the copied invitation", lambda: inviter.js_async(
            "const done = arguments[0]; navigator.clipboard.readText().then(done, () => done(''));"))
        assert copied.startswith("FLAGFALL:"), copied
        video = os.path.join(profile, "invitation.y4m")
        canvas_as_video(inviter, video)

        joiner = Browser(driver, PHONE, touch=True, profile=os.path.join(profile, "joiner"), camera=video)
        joiner.go(url)
        wait("the joiner's home", lambda: is_blue(joiner.pixel(195, 812)))
        joiner.tap(195, 334)  # Got it
        time.sleep(0.5)
        joiner.tap(86, 100)  # Read a code
        wait("the codes screen's camera button", lambda: is_blue(joiner.pixel(195, 149)))
        joiner.tap(195, 149)  # Scan with the camera
        (joined,) = wait("the joiner's game", lambda: linked_games(joiner), seconds=30)
        game = invited.removeprefix("in-progress/linked/").removesuffix("-red.json")
        assert joined == f"in-progress/linked/{game}-blue.json", (invited, joined)
        print(f"two devices: Copy put the invitation on the clipboard; the joiner read it"
              f" by camera, and joined {game} as Blue")
        for page in (inviter, joiner):
            errors = [e["message"] for e in page.console() if e["level"] == "SEVERE"]
            assert not errors, errors
    finally:
        inviter.quit()
        if joiner:
            joiner.quit()


def printed_sheet(driver, url, profile):
    """Print and play hands the rules of the classic game to the browser's
    downloads as a PDF, its text set in the font the page brings."""
    browser = Browser(driver, PHONE, touch=True, profile=os.path.join(profile, "browser"))
    downloads = os.path.join(profile, "downloads")
    os.makedirs(downloads)
    try:
        browser.cdp("Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": downloads})
        browser.go(url)
        wait("home", lambda: is_blue(browser.pixel(195, 812)))
        browser.tap(195, 334)  # Got it
        time.sleep(0.5)
        browser.tap(306, 156)  # Print and play
        time.sleep(1)
        browser.tap(195, 589)  # Rules: Classic
        time.sleep(0.5)
        browser.tap(318, 746)  # Save the PDF
        pdf = os.path.join(downloads, "flagfall-rules-classic-a4.pdf")
        wait("the downloaded PDF", lambda: os.path.exists(pdf) and os.path.getsize(pdf) > 0)
        with open(pdf, "rb") as f:
            assert f.read(5) == b"%PDF-"
        if shutil.which("pdftotext"):
            text = subprocess.run(["pdftotext", pdf, "-"], capture_output=True, text=True).stdout
            assert "Classic: the rules" in text, text[:200]
        print(f"print and play: the rules downloaded as a PDF ({os.path.getsize(pdf):,} bytes)")
    finally:
        browser.quit()


def tablet(driver, url, profile, shots):
    browser = Browser(driver, TABLET, touch=False, profile=profile)
    try:
        browser.go(url)
        wait("the home screen at 1280x800", lambda: browser.pixel(640, 400) is not None
             and browser.js("return document.getElementById('canvas').width") == TABLET[0])
        time.sleep(1)
        if shots:
            browser.shot(os.path.join(shots, "home-1280x800.png"))
        print("tablet: the page opened at 1280x800")
    finally:
        browser.quit()


def start_chromedriver():
    """Starts chromedriver on a free port; returns its address and a stop."""
    chromedriver = shutil.which("chromedriver") or "/usr/bin/chromedriver"
    port = free_port()
    process = subprocess.Popen([chromedriver, f"--port={port}"],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    driver = f"http://127.0.0.1:{port}"

    def answers():
        try:
            with urllib.request.urlopen(driver + "/status", timeout=2) as reply:
                return json.loads(reply.read())["value"]["ready"]
        except OSError:
            return False

    try:
        wait("chromedriver", answers, seconds=20)
    except AssertionError:
        process.terminate()
        raise
    return driver, process.terminate


def main():
    args = sys.argv[1:]
    if not args:
        sys.exit(__doc__)
    folder = args[0]
    shots = args[args.index("--shots") + 1] if "--shots" in args else None
    if shots:
        os.makedirs(shots, exist_ok=True)
    driver, stop = start_chromedriver()
    try:
        url, server = serve(folder)
        with tempfile.TemporaryDirectory() as profile:
            tablet(driver, url, os.path.join(profile, "tablet"), shots)
            two_devices(driver, url, os.path.join(profile, "two"), shots)
            printed_sheet(driver, url, os.path.join(profile, "print"))
            phone(driver, url, server, os.path.join(profile, "phone"), shots)
    finally:
        stop()
    print("browser test passed")


if __name__ == "__main__":
    main()
