"""One small view per region of the table, each rendering a :class:`web.model.screen.Screen`."""
