#!/bin/bash
# Builds Flagfall for the browser into target/web/ (README "In a browser"):
# the app compiled to WebAssembly, wrapped by wasm-bindgen for the page, and
# the page itself. Serve the folder with any static file server.
set -euo pipefail
cd "$(dirname "$0")/.."
wanted=$(sed -n 's/^wasm-bindgen = "=\(.*\)"$/\1/p' web/Cargo.toml)
if [ "$(wasm-bindgen --version 2>/dev/null | cut -d' ' -f2)" != "$wanted" ]; then
    echo "== installing wasm-bindgen $wanted (once)"
    cargo install wasm-bindgen-cli --version "$wanted"
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
cp web/index.html "$out/"
echo "built $out"
