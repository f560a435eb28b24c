"""The board at the table: a local page that records a game or a position by clicks."""
