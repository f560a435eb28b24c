"""Each command's module (``*_cmd.py``, loaded by ``main`` only when its command runs), and the
options several commands share (``options``, ``rulings_option``, ``verbosity``)."""
