#!/usr/bin/env bash
# Remakes the app's PNG icons (icons/SIZExSIZE.png) from the hand-drawn
# io.github.flagfall.Flagfall.svg, at the sizes desktops look for in the
# hicolor theme. rsvg-convert (Debian's librsvg2-bin, the SVG renderer GNOME
# itself uses; `apt-get install librsvg2-bin`) draws them: a packaged tool,
# so nothing is built for it. The PNGs are committed: building the app or
# its .deb does not need this script.
set -euo pipefail
cd "$(dirname "$0")"
command -v rsvg-convert > /dev/null || {
    echo "make-icons.sh: rsvg-convert is missing (apt-get install librsvg2-bin)" >&2
    exit 1
}
mkdir -p icons
for size in 16 24 32 48 64 128 256 512; do
    rsvg-convert --width "$size" --height "$size" io.github.flagfall.Flagfall.svg \
        --output "icons/${size}x${size}.png"
done
