"""Field types, an element and icons of one family of games (the Line Battle games: Time Line
Battle, Fantasy Line Battle, Fantasy Arena Tactics, Dragon Line Deluxe), kept out of cardgen's
core. cardgen finds them only through the entry points `pyproject.toml` declares for them, as
it would find those of any other installed distribution; nothing in `cardgen` imports them.

- field types (`cardgen.field_types`): `range` (range.py), `level_formula` and
  `level_abilities` (level_formula.py), `target_code` (target_code.py);
- element (`cardgen.elements`): `target_grid` (target_grid.py), a target code's grid;
- icons (`cardgen.icons`): the five suit icons (suit_icons.py).
"""
