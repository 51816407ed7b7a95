"""Checks a report screenshot for drawn marble diagrams. Two things only the SVG draws are
counted: the light blue of the subscription window (#eef6ff, large areas) and the green of
the expected timelines (#2c7a2c; its lines are thin and anti-aliased, so any clearly green
pixel counts). Too few of either means a blank page, an error page, or SVG that did not
render. Reads 8-bit RGB/RGBA PNGs, as Chromium writes them; uses the standard library.
Usage: python3 marble-pixels.py SCREENSHOT.png"""
import struct
import sys
import zlib


def pixels(path):
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        sys.exit(f"{path}: not a PNG")
    offset, chunks, width, height, kind = 8, [], 0, 0, 0
    while offset < len(data):
        length, tag = struct.unpack(">I4s", data[offset:offset + 8])
        body = data[offset + 8:offset + 8 + length]
        if tag == b"IHDR":
            width, height, depth, kind, _, _, interlace = struct.unpack(">IIBBBBB", body)
            if depth != 8 or kind not in (2, 6) or interlace:
                sys.exit(f"{path}: expected an 8-bit RGB or RGBA PNG without interlacing")
        elif tag == b"IDAT":
            chunks.append(body)
        offset += 12 + length
    raw = zlib.decompress(b"".join(chunks))
    step = 3 if kind == 2 else 4
    stride = width * step
    previous = bytearray(stride)
    position = 0
    for _ in range(height):
        mode = raw[position]
        line = bytearray(raw[position + 1:position + 1 + stride])
        position += 1 + stride
        for i in range(stride):
            left = line[i - step] if i >= step else 0
            up = previous[i]
            corner = previous[i - step] if i >= step else 0
            if mode == 1:
                line[i] = (line[i] + left) & 255
            elif mode == 2:
                line[i] = (line[i] + up) & 255
            elif mode == 3:
                line[i] = (line[i] + (left + up) // 2) & 255
            elif mode == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                line[i] = (line[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 255
        previous = line
        for i in range(0, stride, step):
            yield line[i], line[i + 1], line[i + 2]


def near(colour, target, tolerance):
    return all(abs(a - b) <= tolerance for a, b in zip(colour, target))


def greenish(colour):
    r, g, b = colour
    return g >= r + 30 and g >= b + 30


window = green = total = 0
for colour in pixels(sys.argv[1]):
    total += 1
    if near(colour, (0xEE, 0xF6, 0xFF), 3):
        window += 1
    elif greenish(colour):
        green += 1
print(f"{sys.argv[1]}: {total} pixels, {window} of the window's blue, {green} of the expected timelines' green")
if window < 20_000 or green < 300:
    sys.exit("the screenshot does not show the marble diagrams (blank page, error page, or SVG not drawn)")
