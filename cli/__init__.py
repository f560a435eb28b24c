"""The meridina command line."""
