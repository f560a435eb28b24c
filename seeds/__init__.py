"""meridina: check, replay, annotate and score records of Meridian and Medina.

This folder is the top of the installed package: it holds the rules digests
(``MERIDIAN.md``, ``MEDINA.md``) as package data, read by ``meridina rules``, and
``__main__`` for ``python -m meridina``. The code lives in ``meridina.cli``,
``meridina.notation`` and ``meridina.rules``.
"""
