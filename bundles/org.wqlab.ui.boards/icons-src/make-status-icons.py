#!/usr/bin/env python3
"""Draws the Boards view's 16x16 status icons as PNGs (same approach as releng/icons/make-icons.py).
Usage: make-status-icons.py OUTDIR"""
import struct, sys, zlib, os

COLOURS = {
    'connected': ((78, 154, 6), (138, 226, 52)),
    'connecting': ((196, 160, 0), (252, 233, 79)),
    'error': ((164, 0, 0), (239, 41, 41)),
    'disconnected': ((85, 87, 83), (186, 189, 182)),
    'starting': ((32, 74, 135), (114, 159, 207)),
}

def dot(edge, fill, mark):
    rows = []
    for y in range(16):
        row = []
        for x in range(16):
            d = ((x - 7.5) ** 2 + (y - 7.5) ** 2) ** 0.5
            if d <= 5.0:
                row.append(fill + (255,))
            elif d <= 6.3:
                row.append(edge + (255,))
            else:
                row.append((0, 0, 0, 0))
        rows.append(row)
    for (x, y) in mark:
        rows[y][x] = (255, 255, 255, 255)
    return rows

MARKS = {
    'connected': [(5, 8), (6, 9), (7, 10), (8, 9), (9, 8), (10, 7), (11, 6), (6, 8), (7, 9)],
    'connecting': [(5, 7), (5, 8), (7, 7), (7, 8), (10, 7), (10, 8)],
    'error': [(7, 4), (8, 4), (7, 5), (8, 5), (7, 6), (8, 6), (7, 7), (8, 7), (7, 8), (8, 8), (7, 10), (8, 10), (7, 11), (8, 11)],
    'disconnected': [(5, 7), (6, 7), (7, 7), (8, 7), (9, 7), (10, 7), (5, 8), (6, 8), (7, 8), (8, 8), (9, 8), (10, 8)],
    'starting': [(6, 5), (6, 6), (7, 6), (6, 7), (7, 7), (8, 7), (6, 8), (7, 8), (8, 8), (9, 8), (6, 9), (7, 9), (8, 9),
                 (6, 10), (7, 10), (6, 11)],
}

def png(rows):
    h, w = len(rows), len(rows[0])
    raw = b''.join(b'\x00' + b''.join(bytes(p) for p in row) for row in rows)
    def chunk(kind, data):
        c = struct.pack('>I', len(data)) + kind + data
        return c + struct.pack('>I', zlib.crc32(kind + data) & 0xffffffff)
    ihdr = struct.pack('>IIBBBBB', w, h, 8, 6, 0, 0, 0)
    return b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', ihdr) + chunk(b'IDAT', zlib.compress(raw, 9)) + chunk(b'IEND', b'')

out = sys.argv[1]
os.makedirs(out, exist_ok=True)
for name, (edge, fill) in COLOURS.items():
    with open(os.path.join(out, 'status-' + name + '16.png'), 'wb') as f:
        f.write(png(dot(edge, fill, MARKS[name])))
