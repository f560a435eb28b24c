"""Text from a record made fit for XML and HTML: characters they cannot carry become visible.

XML 1.0 forbids most control characters, U+FFFE and U+FFFF (one in a picture makes the
whole file unreadable); DEL and the C1 controls are allowed but invisible. Each is shown
as its escape (``\\x1b``, ``\\ufffe``), so a name keeps every character it had, readably.
"""

from __future__ import annotations

import re

UNSHOWABLE = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff\ufffe\uffff]")


def visible(text: str) -> str:
    """``text`` with every character XML forbids (or hides) written as its escape."""
    return UNSHOWABLE.sub(_escape, text)


def _escape(found: re.Match[str]) -> str:
    code = ord(found.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"
