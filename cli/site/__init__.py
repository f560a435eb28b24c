"""``meridina site``: the command that writes a club's static site (``command``)."""
