"""``meridina table``: a small local web application showing the board at the table.

The command (``command``) checks its options and starts the server (``serve``), which
opens the browser by a file only the user can read (``opening_page``) and bounds slow
connections (``slow_clients``); the application (``app``) puts every route behind the
start-up token (``token_gate``) and takes changes only from its own page
(``same_origin``); record mode (``record_mode``) plays turns into one record file through
the public API, shows the game the recording holds (``record_state``) and tells every page
of each change of the file (``game_events``); position mode (``position/``) builds a
finished table click by click.
Both read their calls' bodies within bounds (``json_body``). Starlette and uvicorn are
dependencies of meridina (``server_packages`` says how to install them again in an
environment that lost them).
"""
