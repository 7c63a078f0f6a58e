"""The preview's web server: on 127.0.0.1 only, GET only, and only what the preview rendered.

Every answer comes from memory: the page, the state as JSON, the event stream that says when it
changed, and the images of the last render, found by their URL in a map (no part of a URL ever
becomes a path on disk). A request whose Host header is not this server's own address is
refused, so a web page whose name was pointed at 127.0.0.1 (DNS rebinding) cannot read it."""
from __future__ import annotations

import errno
import json
import threading
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from pathlib import Path

from cardgen.base.errors import relative_name
from cardgen.load.game import GAME_FILE
from cardgen.serve import ServeError
from cardgen.serve.page import PAGE
from cardgen.serve.preview import Snapshot

HOST = "127.0.0.1"
KEEP_ALIVE_S = 15          # a comment on an idle event stream, so a closed tab is noticed


class Shown:
    """The snapshot the page shows, swapped whole; each new one has a higher number."""

    def __init__(self):
        self._changed = threading.Condition()
        self.number = 0
        self.state = b'{"number": 0, "rendering": true}'
        self.images: dict[str, bytes] = {}
        self.stopping = False

    def publish(self, snapshot: Snapshot) -> None:
        with self._changed:
            self.number += 1
            self.state = json.dumps({**snapshot.state, "number": self.number},
                                    ensure_ascii=False).encode("utf-8")
            self.images = dict(snapshot.images)
            self._changed.notify_all()

    def stop(self) -> None:
        with self._changed:
            self.stopping = True
            self._changed.notify_all()

    def wait_past(self, number: int, timeout: float) -> int:
        """The newest number once it is past `number` (or the timeout is over, or it stops)."""
        with self._changed:
            self._changed.wait_for(lambda: self.number > number or self.stopping, timeout)
            return self.number


def start_server(game_dir: Path, port: int) -> tuple[PreviewServer, Shown]:
    """The server listening on 127.0.0.1:`port` (0: a free port), answering in a thread of its
    own; ServeError when the folder is not a game or the port cannot be had."""
    if not (Path(game_dir) / GAME_FILE).is_file():
        raise ServeError(f"'{relative_name(Path(game_dir))}' is not a game folder: it has no "
                         f"{GAME_FILE}")
    shown = Shown()
    try:
        server = PreviewServer(port, shown)
    except OSError as exc:
        if exc.errno == errno.EADDRINUSE:
            raise ServeError(f"port {port} is in use: give another with --port, or leave it "
                             "out for a free one") from None
        raise ServeError(f"cannot listen on {HOST}:{port}: {exc.strerror or exc}") from None
    threading.Thread(target=server.serve_forever, name="cardgen-serve", daemon=True).start()
    return server, shown


class PreviewServer(ThreadingHTTPServer):
    daemon_threads = True          # an open event stream never holds up the end

    def __init__(self, port: int, shown: Shown):
        super().__init__((HOST, port), Handler)
        self.shown = shown

    @property
    def port(self) -> int:
        return self.server_address[1]

    @property
    def url(self) -> str:
        return f"http://{HOST}:{self.port}/"


class Handler(BaseHTTPRequestHandler):
    server: PreviewServer
    server_version = "cardgen"
    protocol_version = "HTTP/1.1"

    def do_GET(self) -> None:
        if not self._from_this_host():
            return self._answer(HTTPStatus.FORBIDDEN, b"not this server's address\n", "text/plain")
        shown = self.server.shown
        path = self.path.split("?", 1)[0]
        if path == "/":
            return self._answer(HTTPStatus.OK, PAGE.encode("utf-8"), "text/html; charset=utf-8")
        if path == "/state.json":
            return self._answer(HTTPStatus.OK, shown.state, "application/json")
        if path == "/events":
            return self._events()
        image = shown.images.get(path)
        if image is None:
            return self._answer(HTTPStatus.NOT_FOUND, b"not found\n", "text/plain")
        return self._answer(HTTPStatus.OK, image, "image/png", cache="max-age=31536000, immutable")

    def _refuse(self) -> None:
        self._answer(HTTPStatus.METHOD_NOT_ALLOWED, b"this server only shows: GET\n", "text/plain",
                     allow="GET")

    do_POST = do_PUT = do_DELETE = do_PATCH = do_HEAD = do_OPTIONS = do_CONNECT = do_TRACE = _refuse

    def _from_this_host(self) -> bool:
        host = (self.headers.get("Host") or "").lower()
        return host in (f"{HOST}:{self.server.port}", f"localhost:{self.server.port}")

    def _answer(self, status: HTTPStatus, body: bytes, kind: str, cache: str = "no-store",
                allow: str | None = None) -> None:
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", cache)
        self.send_header("X-Content-Type-Options", "nosniff")
        if allow:
            self.send_header("Allow", allow)
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def _events(self) -> None:
        """Server-sent events: the snapshot's number now, then each time it changes."""
        shown = self.server.shown
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Cache-Control", "no-store")
        self.send_header("Connection", "close")
        self.end_headers()
        self.close_connection = True
        seen = -1
        try:
            while not shown.stopping:
                number = shown.wait_past(seen, KEEP_ALIVE_S)
                self.wfile.write(f"data: {number}\n\n".encode() if number > seen else b": idle\n\n")
                self.wfile.flush()
                seen = number
        except (BrokenPipeError, ConnectionResetError):
            pass                                  # the tab was closed

    def log_message(self, format, *args) -> None:
        pass                                      # the terminal shows the game's problems only
