"""A synthetic game for the benchmark, written in cardgen's own data format: one poker deck of
cards with a frame, a title that shrinks to fit, two numbers, a picture (one of a few shared
ones) and rules text of varied length, one shared back, some cards printed twice.

    python bench/synthetic.py CARDS FOLDER      # writes FOLDER/game.yaml and the rest
"""
from __future__ import annotations

import random
import sys
from pathlib import Path

import yaml
from PIL import Image, ImageDraw

WORDS = ("strike front rear ally enemy deal damage heal shield move draw card turn each until "
         "the a of to and any your its this when if then gains loses twice half mana gold").split()
NAMES = ("Ash Brass Cinder Dusk Ember Frost Gale Hollow Iron Jade Kestrel Lumen Moss Night "
         "Onyx Pike Quill Rook Sable Thorn Umber Vale Wisp Yew Zephyr").split()
ROLES = "Knight Archer Warden Scout Mage Golem Drake Rogue Oracle Herald".split()

GAME = """title: Benchmark
version: "1.0"
players: "2"
card_types:
  unit:
    layout: card
    fields:
      name: {type: text, required: true}
      cost: {type: integer, required: true, min: 0, max: 10}
      power: {type: integer, required: true, min: 0, max: 20}
      text: {type: text, required: true}
      art: {type: image}
decks:
  - id: units
    name: Units
    card_type: unit
    cards: cards/units.yaml
    size: poker
    back: {layout: back, values: {label: Units}}
print:
  page: a4
  duplex: long
  mark_every_cut: false
"""
CARD = """elements:
  frame: {type: rect, bleed: true, fill: "#2f4f6f"}
  panel: {type: rect, x: 3mm, y: 3mm, width: 57.5mm, height: 82.9mm, radius: 2mm, fill: "#fbf7ee"}
  title: {type: text, text: "**{{name}}**", font: condensed, x: 6mm, y: 5mm, width: 40mm, height: 8mm, size: 14, min_size: 8, color: "#231f20"}
  cost: {type: badge, text: "**{{cost}}**", x: 47mm, y: 4.5mm, width: 10mm, height: 10mm, fill: "#2f4f6f", size: 14}
  art: {type: image, when: art, src: "{{art}}", fit: fill, x: 6mm, y: 15mm, width: 51.5mm, height: 30mm}
  text: {type: textbox, text: "{{text}}", x: 6mm, y: 48mm, width: 51.5mm, height: 26mm, size: 9, min_size: 6, color: "#231f20"}
  power: {type: text, text: "**{{power}}**", font: condensed, x: 6mm, y: 76mm, width: 20mm, height: 7mm, size: 14, color: "#8c1d18"}
"""
BACK = """elements:
  field: {type: rect, bleed: true, fill: "#2f4f6f"}
  ring: {type: ellipse, x: 16.75mm, y: 29.45mm, width: 30mm, height: 30mm, stroke: "#ffffff", stroke_width: 0.6mm}
  label: {type: text, text: "**{{label}}**", font: condensed, x: 6mm, y: 70mm, width: 51.5mm, height: 8mm, size: 14, color: "#ffffff", align: center}
"""


def cards(count: int, seed: int = 7) -> list[dict]:
    """`count` printed cards: varied names and text, every seventh card printed twice."""
    rng = random.Random(seed)
    out, printed, n = [], 0, 0
    while printed < count:
        n += 1
        copies = 2 if n % 7 == 0 and printed + 2 <= count else 1
        words = rng.randint(8, 45)
        text = " ".join(rng.choice(WORDS) for _ in range(words)).capitalize() + "."
        card = {"name": f"{rng.choice(NAMES)} {rng.choice(ROLES)} {n}", "cost": rng.randint(0, 10),
                "power": rng.randint(0, 20), "text": text, "art": f"art/art{n % 3}.png"}
        if copies > 1:
            card["copies"] = copies
        out.append(card)
        printed += copies
    return out


def write_game(count: int, folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    for sub in ("cards", "layouts", "art"):
        (folder / sub).mkdir(exist_ok=True)
    (folder / "game.yaml").write_text(GAME, encoding="utf-8")
    (folder / "layouts" / "card.yaml").write_text(CARD, encoding="utf-8")
    (folder / "layouts" / "back.yaml").write_text(BACK, encoding="utf-8")
    for i, colour in enumerate(((170, 90, 60), (60, 120, 90), (80, 80, 150))):
        image = Image.new("RGB", (640, 380), colour)
        draw = ImageDraw.Draw(image)
        for k in range(0, 600, 40):
            draw.ellipse((k, 100 + (k * 7) % 120, k + 60, 160 + (k * 7) % 120), fill=(240, 230, 200))
        image.save(folder / "art" / f"art{i}.png")
    (folder / "cards" / "units.yaml").write_text(
        yaml.safe_dump({"cards": cards(count)}, sort_keys=False, allow_unicode=True), encoding="utf-8")
    return folder


if __name__ == "__main__":
    write_game(int(sys.argv[1]), Path(sys.argv[2]))
