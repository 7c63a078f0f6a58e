"""`cardgen serve`: a live preview of a game in a web page (see docs/serve.md)."""
