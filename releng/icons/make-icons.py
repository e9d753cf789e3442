#!/usr/bin/env python3
"""Draws wqlab's 16x16 view icons as PNGs from the pixel maps below (no imaging library needed).
Usage: make-icons.py OUTDIR"""
import struct, sys, zlib, os

PALETTE = {
    '.': (0, 0, 0, 0),
    'b': (32, 74, 135, 255),    # dark blue
    'l': (114, 159, 207, 255),  # light blue
    'r': (204, 0, 0, 255),      # red spike
    'g': (78, 154, 6, 255),     # green
    'G': (138, 226, 52, 255),   # light green
    'k': (46, 52, 54, 255),     # near black
    'w': (238, 238, 236, 255),  # white
    'o': (245, 121, 0, 255),    # orange
    'y': (237, 212, 0, 255),    # yellow
}

ICONS = {
 'wqlab16': [
  "bbbbbbbbbbbbbbbb",
  "bwwwwwwwwwwwwwwb",
  "bwwwwwwwrwwwwwwb",
  "bwwwwwwwrwwwwwwb",
  "bwwwwwwwrwwwwwwb",
  "bwwwwwwwrwwwwwwb",
  "bwwwwwwwrwwwwwwb",
  "bwwwwwwwrwwwwwwb",
  "bwwwwwwrwrwwwwwb",
  "bwwwwwwrwrwwwwwb",
  "bwllwllrwwrlwllb",
  "blwwlwwwwwwwlwwb",
  "bwwwwwwwwwwwwwwb",
  "bkkkkkkkkkkkkkkb",
  "bwwwwwwwwwwwwwwb",
  "bbbbbbbbbbbbbbbb"],
 'board16': [
  "................",
  ".gggggggggggggg.",
  ".gGGGGGGGGGGGGg.",
  ".gGkkkkkGGyyGGg.",
  ".gGkkkkkGGyyGGg.",
  ".gGkkkkkGGGGGGg.",
  ".gGkkkkkGGoooGg.",
  ".gGGGGGGGGoooGg.",
  ".gGwGwGwGGGGGGg.",
  ".gGwGwGwGGkkkGg.",
  ".gGGGGGGGGkkkGg.",
  ".gGyyGGGGGGGGGg.",
  ".gGGGGGGGGGGGGg.",
  ".gggggggggggggg.",
  "..k.k.k...k.k...",
  "................"],
 'plot16': [
  "k...............",
  "k.......r.......",
  "k.......r.......",
  "k.......r.......",
  "k.......r.......",
  "k.......r.......",
  "k.......r.......",
  "k......r.r......",
  "k......r.r......",
  "k......r.r......",
  "kll.ll.r..rl.ll.",
  "k..l..l.....l..l",
  "k...............",
  "kkkkkkkkkkkkkkkk",
  "................",
  "................"],
 'experiment16': [
  "................",
  ".....kkkkkk.....",
  "......kwwk......",
  "......kwwk......",
  "......kwwk......",
  "......kwwk......",
  ".....kwwwwk.....",
  "....kwwwwwwk....",
  "...kwwwwwwwwk...",
  "...kllllllllk...",
  "..kllrllllrllk..",
  "..kllllllllllk..",
  ".kllllrllllllllk",
  ".kllllllllrllllk",
  ".kkkkkkkkkkkkkkk",
  "................"],
 'kmod16': [
  "................",
  "..kkkk...kkkk...",
  "..kook...kook...",
  ".kkookkkkkookk..",
  ".kooooooooooook.",
  ".kooooooooooook.",
  "kkoookkkkkkoookk",
  "koookwwwwwwkooo.",
  "koookwwwwwwkooo.",
  "kkoookkkkkkoookk",
  ".kooooooooooook.",
  ".kooooooooooook.",
  ".kkookkkkkookk..",
  "..kook...kook...",
  "..kkkk...kkkk...",
  "................"],
 'run16': [
  "................",
  "...gg...........",
  "...gGg..........",
  "...gGGg.........",
  "...gGGGg........",
  "...gGGGGg.......",
  "...gGGGGGg......",
  "...gGGGGGGg.....",
  "...gGGGGGGg.....",
  "...gGGGGGg......",
  "...gGGGGg.......",
  "...gGGGg........",
  "...gGGg.........",
  "...gGg..........",
  "...gg...........",
  "................"],
 'stop16': [
  "................",
  "................",
  "................",
  "...rrrrrrrrrr...",
  "...rrrrrrrrrr...",
  "...rrrrrrrrrr...",
  "...rrrrrrrrrr...",
  "...rrrrrrrrrr...",
  "...rrrrrrrrrr...",
  "...rrrrrrrrrr...",
  "...rrrrrrrrrr...",
  "...rrrrrrrrrr...",
  "...rrrrrrrrrr...",
  "................",
  "................",
  "................"],
}

def png(rows, scale=1):
    h, w = len(rows) * scale, len(rows[0]) * scale
    raw = b''
    for row in rows:
        line = b'\x00' + b''.join(bytes(PALETTE[c]) * scale for c in row)
        raw += line * scale
    def chunk(kind, data):
        c = struct.pack('>I', len(data)) + kind + data
        return c + struct.pack('>I', zlib.crc32(kind + data) & 0xffffffff)
    ihdr = struct.pack('>IIBBBBB', w, h, 8, 6, 0, 0, 0)
    return b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', ihdr) + chunk(b'IDAT', zlib.compress(raw, 9)) + chunk(b'IEND', b'')

out = sys.argv[1]
os.makedirs(out, exist_ok=True)
for name, rows in ICONS.items():
    assert all(len(r) == 16 for r in rows) and len(rows) == 16, name
    with open(os.path.join(out, name + '.png'), 'wb') as f:
        f.write(png(rows))
for size in (32, 48, 64):
    with open(os.path.join(out, 'wqlab%d.png' % size), 'wb') as f:
        f.write(png(ICONS['wqlab16'], size // 16))
