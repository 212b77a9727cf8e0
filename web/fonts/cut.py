#!/usr/bin/env python3
"""Cuts the browser build's Japanese font: Noto Sans CJK JP Regular (SIL Open
Font License 1.1, OFL.txt), kept to the glyphs the app draws.

Usage: python3 web/fonts/cut.py SOURCE

SOURCE is Noto Sans CJK's Regular collection (Debian's fonts-noto-cjk:
/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc); needs fontTools
(`pip install fonttools`). Writes web/fonts/flagfall-ja.otf with:
- every character of the app's Japanese text (the translations, and the
  Japanese in the screens' and the program's sources);
- the kana, the CJK punctuation and the full-width forms, and the first
  level of JIS X 0208's kanji (2,965, the everyday ones): what a player
  types in a setup's or a team's name;
- Latin letters (ASCII, Latin-1 and Latin Extended-A): a page has no
  system fonts, so its printed sheets are set in this font, English ones
  too (the screens' Latin text is Slint's own Inter).
Run it again when the translations change (a test names the characters the
font lacks).
"""

import glob
import os
import sys

from fontTools import subset, ttLib

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUT = os.path.join(ROOT, "web", "fonts", "flagfall-ja.otf")
JAPANESE_IN_A_COLLECTION = 0  # NotoSansCJK-Regular.ttc: JP, KR, SC, TC, HK, then the mono faces


def app_text():
    files = glob.glob(os.path.join(ROOT, "i18n", "ja", "**", "*.po"), recursive=True)
    files += glob.glob(os.path.join(ROOT, "ui", "**", "*.slint"), recursive=True)
    files += glob.glob(os.path.join(ROOT, "src", "**", "*.rs"), recursive=True)
    text = set()
    for name in files:
        with open(name, encoding="utf-8") as f:
            text.update(c for c in f.read() if ord(c) > 0x7F)
    return text


def typed_text():
    chars = set(map(chr, range(0x20, 0x7F))) | set(map(chr, range(0xA0, 0x180)))  # Latin
    chars |= set(map(chr, range(0x3000, 0x3100)))  # CJK punctuation, hiragana, katakana
    chars |= set(map(chr, range(0xFF01, 0xFFEF)))  # full-width and half-width forms
    for first in range(0xB0, 0xD0):  # JIS X 0208 rows 16-47: level 1 kanji
        for second in range(0xA1, 0xFF):
            try:
                chars.add(bytes([first, second]).decode("euc_jp"))
            except UnicodeDecodeError:
                pass
    return chars


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    font = ttLib.TTFont(sys.argv[1], fontNumber=JAPANESE_IN_A_COLLECTION)
    wanted = {c for c in app_text() | typed_text() if ord(c) in font.getBestCmap()}
    options = subset.Options()
    options.layout_features = ["*"]
    options.name_IDs = ["*"]
    options.notdef_outline = True
    options.hinting = False
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=[ord(c) for c in sorted(wanted)])
    subsetter.subset(font)
    font.save(OUT)
    print(f"{OUT}: {len(wanted)} characters, {os.path.getsize(OUT):,} bytes")


if __name__ == "__main__":
    main()
