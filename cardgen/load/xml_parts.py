"""The XML parts of a workbook (a zip archive), read as a stream: a part is never held whole,
and no element tree is built. Handlers see each element's local name (its namespace dropped), its
attributes as expat gives them (a namespaced one as "namespace name"), and the text between.

Only plain XML is read: a part with a DOCTYPE (where entities, external or exponential, would be
declared) is refused before anything in it is used. Every element read counts towards the
workbook's WORKBOOK_ELEMENTS.
"""
from __future__ import annotations

import zipfile
from xml.parsers import expat

from cardgen.base.errors import ProblemError
from cardgen.base.limits import WORKBOOK_ELEMENTS, WORKBOOK_ENTRIES

CHUNK = 64 * 1024


class XmlPartError(ProblemError):
    code = "spreadsheet"


class Finished(Exception):
    """Raised by a handler that has read all it needs of a part: the rest is not read."""


class PartReader:
    """Override start, end and text; `read` feeds them one part of the archive."""

    def __init__(self):
        self.elements = 0          # counted across every part this reader reads
        self._local: dict[str, str] = {}

    def start(self, name: str, attrs: dict) -> None:
        pass

    def end(self, name: str) -> None:
        pass

    def text(self, data: str) -> None:
        pass

    def read(self, archive: zipfile.ZipFile, member: str) -> None:
        parser = expat.ParserCreate(namespace_separator=" ")
        parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
        parser.buffer_text = True
        parser.StartDoctypeDeclHandler = _no_doctype
        parser.EntityDeclHandler = _no_doctype
        parser.ExternalEntityRefHandler = _no_doctype
        parser.StartElementHandler = self._start
        parser.EndElementHandler = self._end
        parser.CharacterDataHandler = self.text
        try:
            with archive.open(member) as stream:
                while chunk := stream.read(CHUNK):
                    parser.Parse(chunk, False)
                parser.Parse(b"", True)
        except Finished:
            pass
        except expat.ExpatError as exc:
            raise XmlPartError(f"{member} is not well-formed XML "
                               f"({expat.ErrorString(exc.code)}, line {exc.lineno})") from None

    def _name(self, name: str) -> str:
        local = self._local.get(name)
        if local is None:
            local = name.rpartition(" ")[2]
            if len(self._local) < 1000:         # a workbook's parts use a few dozen names
                self._local[name] = local
        return local

    def _start(self, name: str, attrs: dict) -> None:
        self.elements += 1
        if self.elements > WORKBOOK_ELEMENTS:
            raise XmlPartError(f"more than {WORKBOOK_ELEMENTS:,} XML elements: not a workbook of "
                               "cards cardgen reads")
        self.start(self._local.get(name) or self._name(name), attrs)

    def _end(self, name: str) -> None:
        self.end(self._local.get(name) or self._name(name))


def entries(count: int, what: str) -> None:
    """A list a workbook keeps (its sheets, styles ...) that is now `count` long: within the limit."""
    if count > WORKBOOK_ENTRIES:
        raise XmlPartError(f"more than {WORKBOOK_ENTRIES:,} {what}: not a workbook of cards "
                           "cardgen reads")


def _no_doctype(*_) -> None:
    raise XmlPartError("the XML declares a DOCTYPE (where entities are declared): a workbook "
                       "never needs one, so it is refused unread")
