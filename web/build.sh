#!/bin/bash
# Builds Flagfall for the browser into target/web/ (docs/browser.md; README, "In a browser"):
# the app compiled to WebAssembly, wrapped by wasm-bindgen for the page, and
# the page itself, each file also gzipped beside it. Serve the folder with
# web/serve.py (which sends the gzipped files) or any static file server.
set -euo pipefail
cd "$(dirname "$0")/.."
rustup target add wasm32-unknown-unknown >/dev/null
profile=${PROFILE:-release}
cargo build -p flagfall-web --lib --target wasm32-unknown-unknown --profile "$profile"
target=$(cargo metadata --format-version 1 --no-deps | sed 's/.*"target_directory":"\([^"]*\)".*/\1/')
dir=$profile
[ "$profile" = dev ] && dir=debug
out=target/web
rm -rf "$out"
mkdir -p "$out"
# wasm-bindgen's library, built from web/bindgen's own lock file:
# nothing to install, the same on every machine.
cargo run --quiet --locked --manifest-path web/bindgen/Cargo.toml -- wrap \
    "$target/wasm32-unknown-unknown/$dir/flagfall_web.wasm" "$out"
cp web/worker.js web/manifest.webmanifest "$out/"
# The Japanese font, fetched by the page only for Japanese
# (web/src/japanese_font.rs).
cp web/fonts/flagfall-ja.otf "$out/"
# The page shows how much of the module has come (its size as it arrives,
# whether or not it travelled compressed).
module_bytes=$(stat -c %s "$out/flagfall_web_bg.wasm")
# The module's address names its contents (?v=DIGEST), so that the service
# worker may take the copy the page just downloaded from the browser's cache
# instead of downloading it again, and never an older build's.
module_digest=$(sha256sum "$out/flagfall_web_bg.wasm" | cut -c1-16)
sed -e "s/@MODULE_BYTES@/$module_bytes/" -e "s/@MODULE_DIGEST@/$module_digest/" \
    web/index.html > "$out/index.html"
mkdir -p "$out/icons"
cp packaging/linux/icons/256x256.png packaging/linux/icons/512x512.png "$out/icons/"
cp packaging/linux/io.github.flagfall.Flagfall.svg "$out/icons/flagfall.svg"
# The build's name (its files' digest) and its files, for the service
# worker: a new build is a new service worker.
build=$(cd "$out" && find . -type f | sort | xargs sha256sum | sha256sum | cut -c1-16)
files=$(cd "$out" && find . -type f | sed 's|^\./||' | sort \
    | sed "s/^flagfall_web_bg.wasm\$/&?v=$module_digest/" | sed 's/.*/"&"/' | paste -sd, -)
sed -e "s/@BUILD@/$build/" -e "s|@FILES@|$files|" web/service-worker.js > "$out/service-worker.js"
# Each file also compressed beside it (NAME.br and NAME.gz), for a server
# that sends those to browsers that take them (web/serve.py does).
find "$out" -type f ! -name '*.png' -exec gzip -9 --keep --force {} +
cargo run --quiet --locked --manifest-path web/bindgen/Cargo.toml -- compress "$out"
echo "built $out"
