"""JSON values as the ``json`` module reads and writes them: reports, views, the page's answers."""

from typing import Any, TypeAlias

# null, true or false, a number, a string, or a list or object of these. Left loose on
# purpose: a value read from JSON is checked where it is used, and a recursive union would
# make every reader narrow each value it takes out.
JsonValue: TypeAlias = Any
JsonObject: TypeAlias = dict[str, JsonValue]

# The same values typed exactly, for what the API hands its users: a type checker then
# sees no ``Any`` in a user's script (a reader narrows each value with ``isinstance``).
JsonData: TypeAlias = "bool | int | float | str | list[JsonData] | dict[str, JsonData] | None"
