"""The table page's position mode: a finished table's pieces clicked onto an empty board
(``position_board``, with each game's ``PositionPieces``), its JSON routes
(``position_mode``) and the options it starts from (``position_setup``)."""
