"""`cardgen serve`: a live preview of a game in a web page (see docs/serve.md)."""


class ServeError(Exception):
    """The preview cannot start: the folder is not a game, or the port cannot be had."""
