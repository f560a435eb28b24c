"""meridina's version, as a constant: ``meridina --version`` reads it without loading the
package metadata machinery (``importlib.metadata`` costs more than the whole ``--help``).

It must equal ``version`` in ``pyproject.toml``; a test holds the two together.
"""

VERSION = "0.1.0"
