"""Pictures of a position as SVG: the builder both games draw with, and any turn's picture."""
