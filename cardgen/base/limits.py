"""Every limit cardgen puts on what it reads and makes: how much work one file, value or command
may ask for. Each counts work (bytes read, cells, rows, glyphs, characters) and is checked while
reading, never after. docs/limits.md lists them all, and tests/test_limits.py keeps the two equal.
"""
from __future__ import annotations

from dataclasses import dataclass

KiB = 1024
MiB = 1024 * KiB

# data files ----------------------------------------------------------------------------------------
DATA_FILE_BYTES = 16 * MiB          # a YAML or CSV data file
YAML_DEPTH = 64                     # lists and mappings inside each other
YAML_NODES = 2_000_000              # values in one YAML file
INTEGER_DIGITS = 1000               # digits of a whole number before it is even parsed
NUMBER_MAGNITUDE = 1_000_000        # no number in game data is larger, or smaller than its negative
ID_CHARS = 100                      # ids name output files
CONDITION_CHARS = 1000              # a when:/where: condition
PATH_CHARS = 1024                   # a whole relative path as the data writes it
NAME_BYTES = 255                    # one file or folder name, as most file systems allow
COMMAND_PATH_BYTES = 4095           # a whole path on the command line, as Linux allows
EXTENDS_DEPTH = 32                  # a layout and its parents, grandparents ...
TEXT_EXPANSION = 20_000             # characters card text may grow by, beyond twice its fields' own
HYPHENATED_WORD_CHARS = 64          # a word of card text longer than this is never hyphenated
PATH_POINTS = 64                    # corners of a token's path
COPIES = 1000                       # copies of a deck or a card
PRINTED_CARDS = 10_000              # printed cards in one deck
PRINTED_TOKENS = 2000               # printed tokens in one set
BOARD_TILES = 64                    # pages one board is tiled across

# tables of cards (CSV, .xlsx, .ods) ----------------------------------------------------------------
TABLE_ROWS = 20_000                 # rows of cards in one CSV file or one sheet
TABLE_ROWS_READ = 2_000_000         # rows read from one table, empty ones included
TABLE_COLUMNS = 200                 # columns of one sheet
SHEET_COLUMNS = 16_384              # columns an .xlsx sheet has (A to XFD), empty ones included
TABLE_CELLS = 4_000_000             # cells read from one table file, empty ones included
CELL_CHARS = 131_072                # characters in one cell
SHARED_STRINGS = 1_000_000          # texts in an .xlsx workbook's shared-string table
SHARED_STRING_CHARS = 16 * MiB      # characters of all those texts together
WORKBOOK_ELEMENTS = 10_000_000      # XML elements read from one workbook, every part read
WORKBOOK_ENTRIES = 65_536           # sheets, relations, number formats, cell or table styles
WORKBOOK_BYTES = 16 * MiB           # an .xlsx or .ods file
WORKBOOK_UNPACKED_BYTES = 128 * MiB  # every part of a workbook's archive, unpacked

# documents (rules.md) ------------------------------------------------------------------------------
DOCUMENT_BYTES = 1 * MiB            # a document's text
DOCUMENT_BLOCKS = 5000              # blocks, list items and table rows, with what directives make
HEADING_CHARS = 150                 # a heading is kept whole on one page
DOCUMENT_TABLE_COLUMNS = 12         # columns of a table in a document
DOCUMENT_DEPTH = 8                  # notes and lists inside each other in a document

# fonts and pictures --------------------------------------------------------------------------------
FONT_BYTES = 32 * MiB               # a font file
FONT_CHARACTERS = 200_000           # characters one character map of a font gives glyphs to
PICTURE_BYTES = 64 * MiB            # a picture file
PICTURE_PIXELS = 60_000_000         # a 300 dpi A3 sheet is ~17.4 MP; anything far beyond is refused
PICTURE_DPI = 600                   # beyond this a printer shows nothing more: pictures are scaled down
SVG_BYTES = 4 * MiB                 # an SVG picture file (an icon is a few KiB)
SVG_ELEMENTS = 10_000               # elements an SVG picture draws, each <use> counted as what it repeats
SVG_PATH_CHARS = 1_000_000          # characters of path data (d, points) in one SVG picture
SVG_DEPTH = 64                      # elements inside each other in an SVG picture

# outputs -------------------------------------------------------------------------------------------
IMAGE_SIDE = 16_383                 # pixels: WebP's limit, and past what most viewers open
IMAGE_PIXELS = 100_000_000          # about 400 MB to draw in
IMAGE_CACHE_BYTES = 500 * MiB       # the image cache folder, past which the images used longest ago go

# git -----------------------------------------------------------------------------------------------
GIT_SECONDS = 60                    # one git command
GIT_FILES = 20_000                  # files of a game (and its shared layouts) at a revision
GIT_BYTES = 256 * MiB               # those files' bytes, all told


@dataclass(frozen=True)
class Limit:
    """One limit as docs/limits.md shows it: its name here, its value, what it counts and bounds,
    and the error a run past it prints: N stands for a number the input gives, '...' for a name
    or text it gives."""

    name: str
    value: int
    counts: str
    bounds: str
    error: str


_IMAGE_TOO_LARGE = ("deck '...': a N x N mm face with N mm bleed is N x N pixels at N dpi; an image "
                   "may be at most 16,383 pixels a side and 100,000,000 pixels in all: export at a "
                   "lower --dpi")

ALL: tuple[Limit, ...] = (
    Limit("DATA_FILE_BYTES", DATA_FILE_BYTES, "bytes", "a YAML or CSV data file",
          "file is N bytes; the limit is 16,777,216"),
    Limit("YAML_DEPTH", YAML_DEPTH, "levels", "lists and mappings nested in a YAML file",
          "nested deeper than 64 levels"),
    Limit("YAML_NODES", YAML_NODES, "values", "values in one YAML file",
          "more than 2,000,000 values in one file"),
    Limit("INTEGER_DIGITS", INTEGER_DIGITS, "digits", "a whole number, before it is parsed",
          "expected a number from -1,000,000 to 1,000,000, found ... (a number of N characters)"),
    Limit("NUMBER_MAGNITUDE", NUMBER_MAGNITUDE, "size", "any number in game data, either sign",
          "expected a number from -1,000,000 to 1,000,000, found N"),
    Limit("ID_CHARS", ID_CHARS, "characters", "an id (card type, deck, card, token set, board)",
          "expected an id of at most 100 characters, found one of N"),
    Limit("CONDITION_CHARS", CONDITION_CHARS, "characters", "a condition (when:, where:, rules)",
          "a condition is at most 1000 characters; this one has N ('...')"),
    Limit("PATH_CHARS", PATH_CHARS, "characters", "a path written in the data",
          "path is N characters long; the limit is 1,024"),
    Limit("NAME_BYTES", NAME_BYTES, "bytes", "one file or folder name in a path",
          "a name in path '...' is longer than 255 bytes"),
    Limit("COMMAND_PATH_BYTES", COMMAND_PATH_BYTES, "bytes", "a path given on the command line",
          "Invalid value for '--out': the path is longer than 4,095 bytes"),
    Limit("EXTENDS_DEPTH", EXTENDS_DEPTH, "layouts", "an extends chain",
          "extends chain is more than 32 layouts deep (...)"),
    Limit("TEXT_EXPANSION", TEXT_EXPANSION, "characters",
          "what a card's text may grow by when its fields are filled in, beyond twice their own",
          "the text grows past N characters as its fields are filled in ({{...}} again and again)"),
    Limit("HYPHENATED_WORD_CHARS", HYPHENATED_WORD_CHARS, "characters",
          "a word of card text too wide for its box, looked up for its hyphenation points",
          "no error: a longer word is not hyphenated (the text shrinks to fit it, as it did)"),
    Limit("PATH_POINTS", PATH_POINTS, "corners", "a token's path",
          "expected a list of 3 to 64 corners [x, y], found N corner(s)"),
    Limit("COPIES", COPIES, "copies", "copies of a deck, a card or a token",
          "expected at most 1000, found N"),
    Limit("PRINTED_CARDS", PRINTED_CARDS, "cards", "printed cards in one deck",
          "deck '...' prints N cards (copies counted); the limit is 10,000 a deck: split it "
          "into several decks"),
    Limit("PRINTED_TOKENS", PRINTED_TOKENS, "tokens", "printed tokens in one set",
          "token set '...' prints N tokens; the limit is 2,000 a set"),
    Limit("BOARD_TILES", BOARD_TILES, "pages", "the pages one board is tiled across",
          "a N x N mm board takes N pages; the limit is 64"),
    Limit("TABLE_ROWS", TABLE_ROWS, "rows", "rows of cards in a CSV file or a sheet",
          "more than 20,000 rows of cards: split them into several files"),
    Limit("TABLE_ROWS_READ", TABLE_ROWS_READ, "rows",
          "rows read from a CSV file or a workbook, empty ones included (a repeated .ods row once)",
          "more than 2,000,000 rows, empty ones included"),
    Limit("TABLE_COLUMNS", TABLE_COLUMNS, "columns", "columns of a CSV file or a sheet",
          "a value past the first 200 columns"),
    Limit("SHEET_COLUMNS", SHEET_COLUMNS, "columns",
          "the cells of one row of an .xlsx sheet, empty ones included: A to XFD, as in Excel",
          "a damaged cell: a cell past column XFD, the last a sheet has"),
    Limit("TABLE_CELLS", TABLE_CELLS, "cells",
          "cells read from a CSV file or a workbook, empty ones included (a repeated .ods cell once)",
          "more than 4,000,000 cells, empty ones included"),
    Limit("CELL_CHARS", CELL_CHARS, "characters",
          "one cell of a CSV file or a sheet, and one shared string of an .xlsx workbook",
          "a cell is longer than 131,072 characters"),
    Limit("SHARED_STRINGS", SHARED_STRINGS, "texts", "an .xlsx workbook's shared-string table",
          "more than 1,000,000 shared strings"),
    Limit("SHARED_STRING_CHARS", SHARED_STRING_CHARS, "characters",
          "all the texts of an .xlsx workbook's shared-string table together",
          "shared strings of more than 16,777,216 characters in all"),
    Limit("WORKBOOK_ELEMENTS", WORKBOOK_ELEMENTS, "XML elements",
          "the XML read from one workbook, every part read (sheet, shared strings, styles ...)",
          "more than 10,000,000 XML elements"),
    Limit("WORKBOOK_ENTRIES", WORKBOOK_ENTRIES, "entries",
          "each list a workbook keeps: its sheets, relationships, number formats, cell styles, "
          "table styles",
          "more than 65,536 sheets (or relationships, number formats, cell styles)"),
    Limit("WORKBOOK_BYTES", WORKBOOK_BYTES, "bytes", "an .xlsx or .ods file",
          "file is N bytes; the limit is 16,777,216"),
    Limit("WORKBOOK_UNPACKED_BYTES", WORKBOOK_UNPACKED_BYTES, "bytes",
          "every part of a workbook's archive, unpacked", "unpacks to N bytes; the limit is 134,217,728"),
    Limit("DOCUMENT_BYTES", DOCUMENT_BYTES, "bytes", "a document's text (rules.md)",
          "a document's text is at most 1,048,576 bytes; this one is N"),
    Limit("DOCUMENT_BLOCKS", DOCUMENT_BLOCKS, "blocks",
          "a document's blocks, list items and table rows, all told, with those its directives "
          "make from the game's data",
          "more than 5,000 blocks, list items and table rows in one document"),
    Limit("HEADING_CHARS", HEADING_CHARS, "characters", "a heading in a document",
          "a heading is at most 150 characters; this one is N"),
    Limit("DOCUMENT_TABLE_COLUMNS", DOCUMENT_TABLE_COLUMNS, "columns", "a table in a document",
          "a table has at most 12 columns; this one has N"),
    Limit("DOCUMENT_DEPTH", DOCUMENT_DEPTH, "levels", "notes and lists nested in a document",
          "notes and lists are nested at most 8 deep"),
    Limit("FONT_BYTES", FONT_BYTES, "bytes", "a font file", "font '...', ... face: '...': it is larger than 33,554,432 bytes"),
    Limit("FONT_CHARACTERS", FONT_CHARACTERS, "characters",
          "characters one character map (cmap subtable) of a font file maps to glyphs",
          "its character map claims more than 200,000 characters"),
    Limit("PICTURE_BYTES", PICTURE_BYTES, "bytes", "a picture file",
          "picture '...' is N bytes; the limit is 67,108,864"),
    Limit("PICTURE_PIXELS", PICTURE_PIXELS, "pixels", "a picture, as its header says",
          "picture '...' is N x N pixels; the limit is 60,000,000 pixels"),
    Limit("PICTURE_DPI", PICTURE_DPI, "dots an inch", "a picture as drawn",
          "no error: a larger picture is scaled down"),
    Limit("SVG_BYTES", SVG_BYTES, "bytes", "an SVG picture file, before and while it is parsed",
          "picture '...' is N bytes; the limit for an SVG drawing is 4,194,304"),
    Limit("SVG_ELEMENTS", SVG_ELEMENTS, "elements",
          "the elements an SVG picture draws, counted while it is parsed, each use element as "
          "what it repeats",
          "picture '...' draws more than 10,000 elements (<use> copies counted)"),
    Limit("SVG_PATH_CHARS", SVG_PATH_CHARS, "characters",
          "the path data (d, points) of an SVG picture, all told, counted while it is parsed",
          "picture '...' has more than 1,000,000 characters of path data"),
    Limit("SVG_DEPTH", SVG_DEPTH, "levels", "elements nested inside each other in an SVG picture",
          "picture '...' nests its elements deeper than 64 levels"),
    Limit("IMAGE_SIDE", IMAGE_SIDE, "pixels", "a side of an exported image",
          _IMAGE_TOO_LARGE),
    Limit("IMAGE_PIXELS", IMAGE_PIXELS, "pixels", "an exported image",
          _IMAGE_TOO_LARGE),
    Limit("IMAGE_CACHE_BYTES", IMAGE_CACHE_BYTES, "bytes",
          "the image cache's images, once a build has added some (the build's own are kept)",
          "no error: the images used longest ago are removed"),
    Limit("GIT_SECONDS", GIT_SECONDS, "seconds", "one git command (diff and errata --since)",
          "git took longer than 60 s"),
    Limit("GIT_FILES", GIT_FILES, "files",
          "files of a game and its shared layouts at a revision (diff and errata --since)",
          "more than 20,000 files at this revision; the limit is 20,000"),
    Limit("GIT_BYTES", GIT_BYTES, "bytes",
          "the bytes of those files, all told, as git lists them before any is read",
          "the files at this revision come to N bytes or more; the limit is 268,435,456"),
)
