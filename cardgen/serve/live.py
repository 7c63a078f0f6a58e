"""`cardgen serve`: the preview server started, the game rendered, and rendered again each time
one of its files is saved (the watcher of `build --watch`), until Ctrl-C."""
from __future__ import annotations

import webbrowser
from pathlib import Path
from typing import Callable

from cardgen.authoring.watching import changes
from cardgen.serve.preview import Previewer, Snapshot
from cardgen.serve.server import start_server

# files read as values: a change to one shows in the faces it changes; any other file (a
# picture, a font) is named by its path in a face, so every face is drawn again
DATA_SUFFIXES = frozenset({".yaml", ".yml", ".csv", ".md", ".xlsx", ".ods"})


def serve(game_dir: Path, port: int, cache: Path, announce: Callable[[str], None],
          shown_now: Callable[[Snapshot], None], open_browser: bool = False,
          stop_event=None) -> None:
    """Serve the game's preview on 127.0.0.1 until `stop_event` is set (or Ctrl-C): `announce`
    is told its address once it listens, `shown_now` each snapshot as the page gets it."""
    server, shown = start_server(game_dir, port)
    try:
        announce(server.url)
        if open_browser:
            webbrowser.open(server.url)
        previewer = Previewer(game_dir, cache)

        def render() -> None:
            snapshot = previewer.render()
            shown.publish(snapshot)
            shown_now(snapshot)

        render()
        for _, changed in changes([Path(game_dir)], cache, stop_event):
            if any(path.suffix.lower() not in DATA_SUFFIXES for path in changed):
                previewer.forget()
            render()
    finally:
        shown.stop()
        server.shutdown()
        server.server_close()
