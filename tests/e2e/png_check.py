#!/usr/bin/env python3
"""png_check.py FILE WIDTH HEIGHT MIN_BYTES MIN_COLOURS

Checks that FILE is a PNG of WIDTH x HEIGHT pixels, of at least MIN_BYTES,
with at least MIN_COLOURS different pixel colours: a screenshot of a page
that rendered, not a blank or single-colour one. Decodes the PNG itself
(zlib and the five scanline filters), so it needs only Python's standard
library. Prints what it found; exits 1 when a check fails.
"""
import os
import struct
import sys
import zlib


def read_png(path):
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG file")
    pos = 8
    header = None
    idat = []
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        pos += 12 + length
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat.append(body)
        elif kind == b"IEND":
            break
    width, height, depth, colour_type, _, _, interlace = header
    if depth != 8 or colour_type not in (2, 6) or interlace != 0:
        raise ValueError("unexpected PNG format: depth %d, colour type %d, interlace %d"
                         % (depth, colour_type, interlace))
    return width, height, 3 if colour_type == 2 else 4, zlib.decompress(b"".join(idat))


def paeth(a, b, c):
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    if pa <= pb and pa <= pc:
        return a
    return b if pb <= pc else c


def colours(width, height, channels, raw, enough):
    """The distinct pixel colours, counting up to ENOUGH."""
    stride = width * channels
    previous = bytearray(stride)
    seen = set()
    pos = 0
    for _ in range(height):
        kind = raw[pos]
        row = bytearray(raw[pos + 1:pos + 1 + stride])
        pos += 1 + stride
        if kind == 1:
            for i in range(channels, stride):
                row[i] = (row[i] + row[i - channels]) & 0xFF
        elif kind == 2:
            row = bytearray((x + y) & 0xFF for x, y in zip(row, previous))
        elif kind == 3:
            for i in range(stride):
                left = row[i - channels] if i >= channels else 0
                row[i] = (row[i] + ((left + previous[i]) >> 1)) & 0xFF
        elif kind == 4:
            for i in range(stride):
                left = row[i - channels] if i >= channels else 0
                up_left = previous[i - channels] if i >= channels else 0
                row[i] = (row[i] + paeth(left, previous[i], up_left)) & 0xFF
        if len(seen) < enough:
            for i in range(0, stride, channels):
                seen.add(bytes(row[i:i + channels]))
        previous = row
    return len(seen)


def main():
    path, width, height, min_bytes, min_colours = sys.argv[1], *map(int, sys.argv[2:6])
    size = os.path.getsize(path)
    got_width, got_height, channels, raw = read_png(path)
    found = colours(got_width, got_height, channels, raw, min_colours)
    print("%s: %dx%d, %d bytes, %s%d colours" % (path, got_width, got_height, size,
                                                  "at least " if found >= min_colours else "",
                                                  found))
    problems = []
    if (got_width, got_height) != (width, height):
        problems.append("expected %dx%d pixels" % (width, height))
    if size < min_bytes:
        problems.append("expected at least %d bytes" % min_bytes)
    if found < min_colours:
        problems.append("expected at least %d colours: the page did not render" % min_colours)
    for problem in problems:
        print("FAIL: %s: %s" % (path, problem), file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
