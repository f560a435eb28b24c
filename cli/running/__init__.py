"""How a command goes over its records: one stream of per-game results (``batch``), worker
processes for ``-j`` (``workers``), the problems it lists (``problem_filter``) and the mends
``annotate --fix`` makes (``fixes``)."""
