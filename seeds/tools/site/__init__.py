"""A club's static site of its records (``meridina site``): ``build_site`` writes it.

``building`` writes the pages and the records into the site's folder, ``pages`` makes each
page's markup, ``model`` holds what the pages are made of (the games, the players, their
ids), and ``cache`` keeps what a rebuild need not read again.
"""

from .building import Built, SiteError, build_site

__all__ = ["Built", "SiteError", "build_site"]
