"""The meridina record notation: splitting, parsing and writing game records."""
