"""What an output kind may be told: its options, each declared once on the kind's class.

A build hands every kind it makes the values of its own options (`BuildOptions.for_kind`), every
option not given at its default; `cardgen export <kind>` makes its command-line options from the
same declarations. An option is known by its name, written as on the command line with `_` for
`-` (`no_cache` is `--no-cache`).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, Union
from urllib.parse import urlsplit

from cardgen.base.model import frozen_map


@dataclass(frozen=True)
class Choice:
    """One of a few words."""

    values: tuple[str, ...]


@dataclass(frozen=True)
class Number:
    """A number from `low` to `high`; with `whole`, an integer."""

    low: float
    high: float
    whole: bool = False


@dataclass(frozen=True)
class Flag:
    """Yes or no: `--name/--no-name`, or with `paired` False a lone `--name` that says yes."""

    paired: bool = True


@dataclass(frozen=True)
class Folder:
    """A folder; `in_out`: the folder inside --out an export uses when none is named (with
    `in_build`, a build's too)."""

    in_out: str | None = None
    in_build: bool = False


@dataclass(frozen=True)
class WebAddress:
    """An http or https address that file names are added to (where the files are hosted)."""


OptionType = Union[Choice, Number, Flag, Folder, WebAddress]
OPTION_TYPES = (Choice, Number, Flag, Folder, WebAddress)


@dataclass(frozen=True)
class Option:
    name: str
    type: OptionType
    default: object = None
    help: str = ""
    export: bool = True                # an option of the kind's `cardgen export` command
    excludes: tuple[str, ...] = ()     # options it sets itself, so may not be given with it
    excludes_why: str = ""             # "sets the dpi ...", as the usage error says it

    @property
    def flag(self) -> str:
        return "--" + self.name.replace("_", "-")


@dataclass(frozen=True)
class ExportCommand:
    """A kind's `cardgen export <name>` command: what it says it makes, and how to run it."""

    help: str
    examples: tuple[str, ...]


class OptionConflict(ValueError):
    """Options given together that say opposite things: a usage error of the command."""


def settled(declared: tuple[Option, ...], given: Mapping) -> Mapping:
    """Every declared option's value: the one given, or its default. A name the kind does not
    declare is a fault of the caller, never of the data."""
    names = {option.name for option in declared}
    unknown = sorted(set(given) - names)
    if unknown:
        raise ValueError(f"no option {', '.join(unknown)}; the kind declares "
                         f"{', '.join(sorted(names)) or 'none'}")
    return frozen_map({option.name: given.get(option.name, option.default) for option in declared})


def check_excludes(declared: tuple[Option, ...], values: Mapping, given: set[str]) -> None:
    """An option given with one it sets itself (a print service's preset and --dpi, say)."""
    flags = {option.name: option.flag for option in declared}
    for option in declared:
        if option.name not in given or values.get(option.name) is None:
            continue
        clash = [flags[name] for name in option.excludes if name in given]
        if clash:
            raise OptionConflict(f"{option.flag} {values[option.name]} {option.excludes_why}: "
                                 f"leave out {', '.join(clash)}")


def web_address(text: str) -> str:
    """`text` as an address file names are added to, ending in "/"; ValueError saying what is
    wrong when it is not an http or https address of a host with no query or fragment."""
    if any(ch.isspace() or ord(ch) < 32 or ord(ch) == 127 for ch in text):
        raise ValueError("an address cannot contain spaces or control characters")
    try:
        parts = urlsplit(text)
        parts.port                                 # read only to refuse a port that is no number
    except ValueError as exc:
        raise ValueError(f"not a web address ({exc})") from None
    if parts.scheme.lower() not in ("http", "https") or not parts.hostname:
        raise ValueError("expected an http:// or https:// address, such as "
                         "https://example.com/my-game/")
    if parts.username is not None or parts.password is not None:
        raise ValueError("the address goes into a saved object meant to be shared: give it no "
                         "user name or password")
    if parts.query or parts.fragment or text.endswith(("?", "#")):
        raise ValueError("the address of a folder has no ?query or #fragment: file names are "
                         "added to its end")
    return text if text.endswith("/") else text + "/"
