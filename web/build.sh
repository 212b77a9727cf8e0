#!/bin/bash
# Builds Flagfall for the browser into target/web/ (README "In a browser"):
# the app compiled to WebAssembly, wrapped by wasm-bindgen for the page, and
# the page itself. Serve the folder with any static file server.
set -euo pipefail
cd "$(dirname "$0")/.."
wanted=$(sed -n 's/^wasm-bindgen = "=\(.*\)"$/\1/p' web/Cargo.toml)
if [ "$(wasm-bindgen --version 2>/dev/null | cut -d' ' -f2)" != "$wanted" ]; then
    echo "== installing wasm-bindgen $wanted (once)"
    # Built in a folder of its own, thrown away after (not the target folder).
    build_dir=$(mktemp -d)
    cargo install --locked --quiet wasm-bindgen-cli --version "$wanted" --target-dir "$build_dir"
    rm -rf "$build_dir"
fi
rustup target add wasm32-unknown-unknown >/dev/null
profile=${PROFILE:-release}
cargo build -p flagfall-web --lib --target wasm32-unknown-unknown --profile "$profile"
target=$(cargo metadata --format-version 1 --no-deps | sed 's/.*"target_directory":"\([^"]*\)".*/\1/')
dir=$profile
[ "$profile" = dev ] && dir=debug
out=target/web
rm -rf "$out"
mkdir -p "$out"
wasm-bindgen --target web --no-typescript --out-dir "$out" \
    "$target/wasm32-unknown-unknown/$dir/flagfall_web.wasm"
cp web/index.html web/worker.js web/manifest.webmanifest "$out/"
mkdir -p "$out/icons"
cp packaging/linux/icons/256x256.png packaging/linux/icons/512x512.png "$out/icons/"
cp packaging/linux/io.github.flagfall.Flagfall.svg "$out/icons/flagfall.svg"
# The build's name (its files' digest) and its files, for the service
# worker: a new build is a new service worker.
build=$(cd "$out" && find . -type f | sort | xargs sha256sum | sha256sum | cut -c1-16)
files=$(cd "$out" && find . -type f | sed 's|^\./||' | sort | sed 's/.*/"&"/' | paste -sd, -)
sed -e "s/@BUILD@/$build/" -e "s|@FILES@|$files|" web/service-worker.js > "$out/service-worker.js"
echo "built $out"
