"""Read the pixels of a PNG screenshot with the standard library (8-bit RGB/RGBA only)."""

from __future__ import annotations

import struct
import zlib

SIGNATURE = b"\x89PNG\r\n\x1a\n"


def _paeth(left: int, up: int, corner: int) -> int:
    guess = left + up - corner
    dl, du, dc = abs(guess - left), abs(guess - up), abs(guess - corner)
    if dl <= du and dl <= dc:
        return left
    return up if du <= dc else corner


def pixels(data: bytes) -> tuple[int, int, list[bytes]]:
    """Width, height and each row's bytes (``channels`` bytes per pixel)."""
    assert data.startswith(SIGNATURE), "not a PNG"
    offset, chunks, header = len(SIGNATURE), [], b""
    while offset < len(data):
        (length,) = struct.unpack(">I", data[offset : offset + 4])
        kind = data[offset + 4 : offset + 8]
        body = data[offset + 8 : offset + 8 + length]
        if kind == b"IHDR":
            header = body
        elif kind == b"IDAT":
            chunks.append(body)
        offset += 12 + length
    width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", header)
    assert depth == 8 and colour in (2, 6) and interlace == 0, "only plain 8-bit RGB(A)"
    channels = 4 if colour == 6 else 3
    raw = zlib.decompress(b"".join(chunks))
    stride = width * channels
    rows: list[bytes] = []
    previous = bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1 : start + 1 + stride])
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up = previous[i]
            corner = previous[i - channels] if i >= channels else 0
            line[i] = (
                line[i] + (0, left, up, (left + up) // 2, _paeth(left, up, corner))[kind]
            ) & 0xFF
        rows.append(bytes(line))
        previous = line
    return width, height, [row if channels == 3 else _rgb(row) for row in rows]


def _rgb(row: bytes) -> bytes:
    return bytes(b for i, b in enumerate(row) if i % 4 != 3)
