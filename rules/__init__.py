"""The rules cores of meridina: one per game, behind the interface in ``game``."""
