#!/usr/bin/env python3
"""Serves the built page (web/build.sh's target/web) on localhost, sending
each file's compressed copy (NAME.br or NAME.gz, made by build.sh) to a
browser that takes Brotli or gzip: the module travels as under a third of
its size.

Usage: python3 web/serve.py [FOLDER] [--port PORT]   (target/web, 8000)

Standard library only. A compressed answer says "no-cache" with an ETag,
so a browser asks again on each visit and is told 304 when nothing changed
(the others carry Python's Last-Modified); the service worker's copy of the
build is what starts the page offline.
"""

import http.server
import os
import sys
from functools import partial


class PrecompressedFiles(http.server.SimpleHTTPRequestHandler):
    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm",
        ".js": "text/javascript",
        ".webmanifest": "application/manifest+json",
        ".otf": "font/otf",
    }

    def send_head(self):
        path = self.translate_path(self.path)
        if os.path.isdir(path):
            path = os.path.join(path, "index.html")
        takes = self.headers.get("Accept-Encoding", "")
        encoding = next((e for e in ("br", "gzip") if e in takes and os.path.isfile(f"{path}.{e[:2]}")), None)
        if encoding is None:
            return super().send_head()
        compressed = f"{path}.{encoding[:2]}"
        stat = os.stat(compressed)
        etag = f'"{stat.st_mtime_ns:x}-{stat.st_size:x}"'
        if self.headers.get("If-None-Match") == etag:
            self.send_response(304)
            self.send_header("ETag", etag)
            self.end_headers()
            return None
        f = open(compressed, "rb")
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Encoding", encoding)
        self.send_header("Content-Length", str(stat.st_size))
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Cache-Control", "no-cache")
        self.send_header("ETag", etag)
        self.end_headers()
        return f


def main():
    args = sys.argv[1:]
    port = 8000
    if "--port" in args:
        i = args.index("--port")
        port = int(args[i + 1])
        del args[i:i + 2]
    folder = args[0] if args else "target/web"
    handler = partial(PrecompressedFiles, directory=folder)
    server = http.server.ThreadingHTTPServer(("", port), handler)
    print(f"serving {folder} at http://localhost:{port}/")
    server.serve_forever()


if __name__ == "__main__":
    main()
