"""The preview server serves only what it rendered, from memory: no URL reaches a file (`..`,
percent-encoded `..`, absolute paths, a link in the game folder pointing out of it), nothing is
written (every method but GET refused), and a request for another host name is refused."""
from __future__ import annotations

import http.client
import shutil

import pytest

from conftest import game_source

from cardgen.serve.preview import Previewer
from cardgen.serve.server import ServeError, start_server

SECRET = "secret-outside-the-game-7f3a"


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    """A game with a link to a file outside it, rendered and served: (server, game folder)."""
    tmp_path = tmp_path_factory.mktemp("served")
    game = tmp_path / "game"
    shutil.copytree(game_source("valid-minimal"), game)
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "secret.png").write_text(SECRET)
    (game / "art" / "leak.png").symlink_to(outside / "secret.png")
    (game / "leak").symlink_to(outside, target_is_directory=True)
    server, shown = start_server(game, 0)
    shown.publish(Previewer(game, tmp_path / "cache").render())
    yield server, game
    shown.stop()
    server.shutdown()
    server.server_close()


def ask(server, target: str, method: str = "GET", host: str | None = None, body: bytes | None = None):
    """(status, body) of one request sent as written: the target is not normalised on the way."""
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    try:
        connection.putrequest(method, target, skip_host=True, skip_accept_encoding=True)
        if host is not False:
            connection.putheader("Host", host or f"127.0.0.1:{server.port}")
        connection.putheader("Content-Length", str(len(body or b"")))
        connection.endheaders(body)
        answer = connection.getresponse()
        return answer.status, answer.read()
    finally:
        connection.close()


def test_the_page_state_and_images_are_served(served):
    server, _ = served
    status, page = ask(server, "/")
    assert status == 200 and b"EventSource" in page
    status, state = ask(server, "/state.json")
    assert status == 200 and b"First Hero" in state
    image = state.split(b'"front": "')[1].split(b'"')[0].decode()
    status, png = ask(server, image)
    assert status == 200 and png.startswith(b"\x89PNG")


@pytest.mark.parametrize("target", [
    "/../../../../etc/passwd", "/img/../../../../etc/passwd", "/img/../game.yaml",
    "/%2e%2e%2f%2e%2e%2f%2e%2e%2fetc%2fpasswd", "/img/%2e%2e%2f%2e%2e%2fgame.yaml",
    "/%2E%2E/%2E%2E/etc/passwd", "/..%2f..%2fetc%2fpasswd", "/img/..%5c..%5cgame.yaml",
    "/etc/passwd", "//etc/passwd", "http://127.0.0.1/etc/passwd", "/game.yaml",
    "/cards/heroes.yaml", "/art/hero.png",
])
def test_no_path_in_a_url_reaches_a_file(served, target):
    server, game = served
    status, body = ask(server, target)
    assert status == 404
    assert b"root:" not in body and b"cards:" not in body and not body.startswith(b"\x89PNG")


@pytest.mark.parametrize("target", ["/art/leak.png", "/img/leak.png", "/leak/secret.png",
                                    "/img/../leak/secret.png", "/img/%2e%2e%2fleak%2fsecret.png"])
def test_a_link_in_the_game_folder_pointing_out_of_it_is_not_followed(served, target):
    server, _ = served
    status, body = ask(server, target)
    assert status == 404 and SECRET.encode() not in body


@pytest.mark.parametrize("method", ["POST", "PUT", "DELETE", "PATCH"])
def test_nothing_but_get_is_answered_and_nothing_is_written(served, method):
    server, game = served
    before = sorted((p, p.lstat().st_mtime_ns) for p in game.rglob("*"))
    for target in ("/", "/state.json", "/cards/heroes.yaml", "/new.yaml"):
        status, _ = ask(server, target, method, body=b"cards: []\n")
        assert status == 405, (method, target)
    assert sorted((p, p.lstat().st_mtime_ns) for p in game.rglob("*")) == before


@pytest.mark.parametrize("host, status", [
    ("127.0.0.1:{port}", 200), ("localhost:{port}", 200), ("LOCALHOST:{port}", 200),
    ("evil.example:{port}", 403), ("evil.example", 403), ("127.0.0.1", 403),
    ("localhost.evil.example:{port}", 403), ("127.0.0.1:{other}", 403), ("", 403),
])
def test_another_host_name_is_refused(served, host, status):
    server, _ = served
    named = host.format(port=server.port, other=server.port + 1)
    for target in ("/", "/state.json"):
        assert ask(server, target, host=named or False)[0] == status, named


def test_it_listens_on_the_loopback_address_only(served):
    server, _ = served
    assert server.server_address[0] == "127.0.0.1"


def test_a_folder_that_is_no_game_or_a_port_in_use_is_a_sentence(served, tmp_path):
    server, game = served
    with pytest.raises(ServeError, match="not a game folder: it has no game.yaml"):
        start_server(tmp_path, 0)
    with pytest.raises(ServeError, match=f"port {server.port} is in use"):
        start_server(game, server.port)
