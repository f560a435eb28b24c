"""TOML values as ``tomllib`` reads them: the rules' data files and the config file."""

from typing import Any, TypeAlias

# a string, number, boolean, date, or a list or table of these; loose on purpose, as each
# value is checked where it is read (see ``datafile`` and the config file's reader)
TomlValue: TypeAlias = Any
TomlTable: TypeAlias = dict[str, TomlValue]
