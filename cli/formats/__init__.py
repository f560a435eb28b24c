"""What the commands write: per-game results and exit statuses (``output``, ``exits``), one
reporter per format (``reporters/``) with its JSON schemas (``schemas/``), the HTML replay
(``html_replay``, ``templates/``), standings, rule texts and listings of legal turns."""
