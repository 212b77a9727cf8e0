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
PDF to the browser's downloads. It also opens the page at 1280x800, and on
a phone turned on its side. Before all that it opens every screen
`flagfall screenshot` knows, and the two-device ones, and plays every step of
every lesson, at 390x844 (in English
and Japanese) and 1280x800, typing into each text field and scrolling each
list, and fails on any console error or a stopped app. With --shots, it
saves what it saw there (docs/web/). Standard library only; it needs chromium and chromedriver
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
import struct
import time
import urllib.error
import urllib.request
import zlib

from serve import PrecompressedFiles

PHONE = (390, 844)
TABLET = (1280, 800)


def png_rows(data):
    """Decodes an 8-bit RGB or RGBA PNG (Chromium's screenshots): its width,
    height and rows, each as RGBA bytes."""
    pos, idat, header = 8, b"", None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        chunk = data[pos + 8:pos + 8 + length]
        pos += 12 + length
        if kind == b"IHDR":
            header = struct.unpack(">IIBB", chunk[:10])
        elif kind == b"IDAT":
            idat += chunk
    width, height, depth, colour = header
    assert depth == 8 and colour in (2, 6), f"a PNG of depth {depth}, colour type {colour}"
    channels = 4 if colour == 6 else 3
    raw, stride = zlib.decompress(idat), width * channels
    rows, previous, at = [], bytearray(stride), 0
    for _ in range(height):
        kind, line = raw[at], bytearray(raw[at + 1:at + 1 + stride])
        at += 1 + stride
        for x in range(stride):
            a = line[x - channels] if x >= channels else 0
            b = previous[x]
            c = previous[x - channels] if x >= channels else 0
            if kind == 1:
                line[x] = (line[x] + a) & 255
            elif kind == 2:
                line[x] = (line[x] + b) & 255
            elif kind == 3:
                line[x] = (line[x] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        previous = line
        if channels == 3:
            rows.append(b"".join(bytes(line[i:i + 3]) + b"\xff" for i in range(0, stride, 3)))
        else:
            rows.append(bytes(line))
    return width, height, rows


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class PageFiles(PrecompressedFiles):
    """Serves the page's files as web/serve.py does (gzipped where the
    build made them so), quietly."""

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
                # WebGL (the app draws with it) on the CPU: no GPU here.
                "--use-angle=swiftshader",
                "--enable-unsafe-swiftshader",
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
        try:
            with urllib.request.urlopen(request, timeout=300) as reply:
                return json.loads(reply.read())["value"]
        except urllib.error.HTTPError as e:
            # WebDriver says what went wrong in the body.
            raise AssertionError(f"{method} {path}: {e.read()[:600]!r}") from None

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
        """The page's colour at (x, y) as [r, g, b, a] (the canvas is
        WebGL's, whose pixels a script cannot read back: a one-pixel
        screenshot)."""
        shot = self.cdp("Page.captureScreenshot", {
            "format": "png", "clip": {"x": x, "y": y, "width": 1, "height": 1, "scale": 1}})
        width, height, rows = png_rows(base64.b64decode(shot["data"]))
        return list(rows[0][:4])

    def screen_rgba(self):
        """The whole page as (width, height, RGBA bytes)."""
        shot = self.cdp("Page.captureScreenshot", {"format": "png"})
        width, height, rows = png_rows(base64.b64decode(shot["data"]))
        return width, height, b"".join(rows)

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


def play_and_wait_for_answer(browser, used, limit_ms=THINK_MS):
    """Plays Red's next advance and waits for the computer's answer; the
    longest the page's thread went without running meanwhile is kept as
    `browser.last_stall` (and must stay under `limit_ms`, if given)."""
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
    browser.last_stall = worst
    # Thinking on the page would stop it for the whole think time (250 ms).
    assert limit_ms is None or worst < limit_ms, \
        f"the page stood still for {worst:.0f} ms while the computer thought"
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
        browser.tap(297, 362)  # Got it (the first visit's welcome)
        time.sleep(0.5)
        browser.tap(195, 636)  # Computer
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

        # The page holds the play screen as text for a screen reader.
        moves = browser.js("return [...document.querySelectorAll('#readable-moves li')].map((l) => l.textContent);")
        assert len(moves) == 4 and moves[0].startswith("2. "), moves
        browser.reload()
        wait("the game again after the reload", lambda: "your turn" in readable_now(browser))
        print(f"reloaded: the game is on screen again ({readable_now(browser)!r})")
        time.sleep(0.5)
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
        wait("the game, offline", lambda: "your turn" in readable_now(browser))
        print("offline: the page started from the service worker's store, on the game")
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
    width, height, rgba = browser.screen_rgba()
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
        inviter.tap(297, 362)  # Got it
        time.sleep(0.5)
        inviter.tap(318, 636)  # Other device
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
        joiner.tap(297, 362)  # Got it
        time.sleep(0.5)
        joiner.tap(290, 100)  # Read a code
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
        browser.tap(297, 362)  # Got it
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


def started(browser):
    """Whether the app is on the page (index.html took its loading screen
    away) and has not stopped."""
    return browser.js("""
        return document.getElementById("loading").hidden
            && document.getElementById("stopped").hidden;
    """)


def readable_now(browser):
    """What the page holds for a screen reader as the play screen's turn
    and last move (empty on every other screen)."""
    return browser.js("return document.getElementById('readable-now').textContent;")


def hook(browser, name, *args):
    """Calls one of the page's test hooks (web/src/test_hooks.rs)."""
    return browser.js_async("""
        const done = arguments[arguments.length - 1];
        const [name, ...args] = Array.from(arguments).slice(0, -1);
        import("./flagfall_web.js").then((m) => {
            try { done(m[name](...args)); } catch (e) { done("failed: " + e); }
        }, (e) => done("no module: " + e));
    """, name, *args)


def elements(browser, kind, screen, problems):
    """Where the shown elements of `kind` are, as [x, y, width, height];
    none, and a problem noted, when the page could not say."""
    answer = hook(browser, "test_elements", kind)
    try:
        return json.loads(answer)
    except (TypeError, ValueError):
        problems.append(f"{screen}: no answer for where its {kind}s are: {answer!r}")
        return []


def drag(browser, x, y, dy):
    """A finger (or the mouse wheel, on a desktop page) scrolling by `dy`."""
    if browser.touch:
        steps = [{"type": "pointerMove", "duration": 40, "x": int(x), "y": int(y - dy * i / 5),
                  "origin": "viewport"} for i in range(1, 6)]
        browser.call("POST", browser.session + "/actions", {"actions": [{
            "type": "pointer", "id": "finger", "parameters": {"pointerType": "touch"},
            "actions": [{"type": "pointerMove", "duration": 0, "x": int(x), "y": int(y), "origin": "viewport"},
                        {"type": "pointerDown", "button": 0}, *steps, {"type": "pointerUp", "button": 0}]}]})
    else:
        browser.call("POST", browser.session + "/actions", {"actions": [{
            "type": "wheel", "id": "wheel", "actions": [
                {"type": "scroll", "x": int(x), "y": int(y), "deltaX": 0, "deltaY": int(dy), "duration": 100}]}]})


def every_screen(driver, url, profile, size, language, shots):
    """Opens every screen `flagfall screenshot` knows (and the two-device
    ones) at `size`, types into each text field, scrolls each list, and
    fails on any console error or a stopped app (issue 78)."""
    width, height = size
    browser = Browser(driver, size, touch=width < 600, profile=profile, language=language)
    problems = []
    try:
        browser.go(url)
        wait("the app on the page", lambda: started(browser))
        screens = json.loads(hook(browser, "test_screens"))
        typed = scrolled = 0
        for screen in screens:
            print(f"  {screen}", flush=True)
            variant = "domino" if screen == "deal" else "classic"
            why = hook(browser, "test_stage", variant, screen)
            if why:
                problems.append(f"{screen}: not staged: {why}")
                continue
            time.sleep(0.3)
            if shots:
                browser.shot(os.path.join(shots, f"{screen}-{width}x{height}-{language}.png"))
            for kind in ("LineEdit", "TextEdit"):
                for x, y, w, h in elements(browser, kind, screen, problems):
                    if y + h / 2 > height:
                        continue
                    browser.tap(x + min(w / 2, 40), y + h / 2)
                    time.sleep(0.1)
                    # A text of its own for each field: two player names
                    # alike are refused, and that would stop every staged game.
                    browser.cdp("Input.insertText", {"text": f"Ana 日本 {typed + 1}"})
                    typed += 1
            for kind in ("ScrollView", "ListView"):
                for x, y, w, h in elements(browser, kind, screen, problems):
                    x0, y0 = max(x, 0) + min(w, width) / 2, max(y, 0) + min(h, height - max(y, 0)) / 2
                    drag(browser, x0, y0, min(h, 300) / 3)
                    drag(browser, x0, y0 - min(h, 300) / 3, -min(h, 300) / 3)
                    scrolled += 1
            time.sleep(0.2)
            errors = [e["message"] for e in browser.console() if e["level"] == "SEVERE"]
            if errors or not started(browser):
                problems.append(f"{screen}: {'the app stopped; ' if not started(browser) else ''}{errors}")
                if not started(browser):
                    browser.shot(os.path.join(tempfile.gettempdir(), f"flagfall-stopped-{screen}.png"))
                    break
        lessons = every_lesson_step(browser, shots, f"{width}x{height}-{language}", problems)
        # The Japanese font is fetched before the app starts in Japanese,
        # and after it started in any other language (web/src/japanese_font.rs).
        fetches = browser.js("return performance.getEntriesByType('resource')"
                             ".filter((e) => e.name.includes('flagfall-ja.otf'))"
                             ".map((e) => e.startTime - globalThis.flagfallStartedAt);")
        assert len(fetches) == 1, f"the Japanese font was fetched {len(fetches)} times in {language}"
        if language == "ja":
            assert fetches[0] < 0, f"the Japanese font came {fetches[0]:.0f} ms after a Japanese start"
        else:
            assert fetches[0] > 0, f"the Japanese font came {-fetches[0]:.0f} ms before the app, in {language}"
        print(f"every screen at {width}x{height} in {language}: {len(screens)} screens,"
              f" {typed} text fields typed into, {scrolled} lists scrolled,"
              f" {lessons} lesson screens")
        assert not problems, "\n".join(problems)
    finally:
        browser.quit()


def every_lesson_step(browser, shots, suffix, problems):
    """Plays every lesson through in the page as a learner would, by its
    own hints (`lesson_walk`), drawing each step before its answer and after
    it, and the list at the end (issue 82); a picture of each lesson's first
    step when `shots`. Returns how many screens were drawn."""
    stops = json.loads(hook(browser, "test_lesson_stops"))
    if isinstance(stops, dict):
        problems.append(f"the lesson walk: {stops['error']}")
        return 0
    for index, label in enumerate(stops):
        why = hook(browser, "test_lesson_stop", index)
        if why:
            problems.append(f"{label}: {why}")
            break
        time.sleep(0.05)
        if shots and (label.endswith(" step 1") or index == len(stops) - 1):
            name = label.replace(" step 1", "").replace(" ", "-").replace(",", "")
            browser.shot(os.path.join(shots, f"lesson-{name}-{suffix}.png"))
        errors = [e["message"] for e in browser.console() if e["level"] == "SEVERE"]
        if errors or not started(browser):
            problems.append(f"{label}: {'the app stopped; ' if not started(browser) else ''}{errors}")
            break
    return len(stops)


def landscape(driver, url, profile):
    """A phone turned on its side (844x390) and the smallest (480x320):
    the app is drawn within the page, not taller than it."""
    for size in ((844, 390), (480, 320)):
        browser = Browser(driver, size, touch=True, profile=os.path.join(profile, f"{size[0]}"))
        try:
            browser.go(url)
            wait("the app on the page", lambda: started(browser))
            time.sleep(0.5)
            drawn = browser.js("const c = document.getElementById('canvas'); return [c.clientWidth, c.clientHeight];")
            assert drawn == list(size), f"at {size[0]}x{size[1]} the app is drawn {drawn[0]}x{drawn[1]}"
        finally:
            browser.quit()
    print("landscape: the app is drawn within 844x390 and 480x320")


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
            for size, language in ((PHONE, "en"), (PHONE, "ja"), (TABLET, "en")):
                every_screen(driver, url, os.path.join(profile, f"screens-{size[0]}-{language}"),
                             size, language, shots)
            tablet(driver, url, os.path.join(profile, "tablet"), shots)
            landscape(driver, url, os.path.join(profile, "landscape"))
            two_devices(driver, url, os.path.join(profile, "two"), shots)
            printed_sheet(driver, url, os.path.join(profile, "print"))
            phone(driver, url, server, os.path.join(profile, "phone"), shots)
    finally:
        stop()
    print("browser test passed")


if __name__ == "__main__":
    main()
