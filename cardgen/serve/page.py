"""The preview's one page: it reads /state.json, draws it, and reads it again each time
/events says it changed. Card text reaches the page as text (textContent), never as markup."""

PAGE = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>cardgen preview</title>
<style>
  body { font: 14px/1.4 system-ui, sans-serif; margin: 0; background: #eceae4; color: #222; }
  header { position: sticky; top: 0; background: #2f4f6f; color: #fff; padding: 8px 16px;
           display: flex; gap: 16px; align-items: baseline; z-index: 1; }
  header h1 { font-size: 18px; margin: 0; }
  #status.broken { color: #ffd0c8; font-weight: bold; }
  main { display: flex; align-items: flex-start; }
  #faces { flex: 1; padding: 0 16px 32px; min-width: 0; }
  aside { width: 340px; position: sticky; top: 44px; max-height: calc(100vh - 60px);
          overflow: auto; padding: 12px 16px; background: #fff; margin: 12px; border-radius: 6px; }
  h2 { font-size: 16px; margin: 20px 0 8px; border-bottom: 1px solid #bbb; }
  .row { display: flex; flex-wrap: wrap; gap: 10px; }
  figure { margin: 0; cursor: pointer; text-align: center; font-size: 12px; }
  figure img { display: block; height: 180px; box-shadow: 0 1px 4px #0004; background: #fff; }
  figure.selected img { outline: 3px solid #e0902a; }
  figure.pair { display: flex; gap: 3px; flex-direction: column; }
  figure.pair div { display: flex; gap: 3px; }
  .board img, .page img { height: 320px; }
  #problems { margin: 12px 0 0; padding: 0; list-style: none; }
  #problems li { background: #fff3f0; border-left: 4px solid #c0392b; padding: 4px 8px;
                 margin-bottom: 4px; font-family: ui-monospace, monospace; white-space: pre-wrap; }
  #problems li.warning { background: #fffbe8; border-color: #d4a017; }
  table { border-collapse: collapse; width: 100%; }
  td { border-bottom: 1px solid #ddd; padding: 3px 4px; vertical-align: top; }
  td:first-child { color: #555; white-space: nowrap; }
  .where { font-family: ui-monospace, monospace; color: #2f4f6f; }
</style>
</head>
<body>
<header><h1 id="title">cardgen preview</h1><span id="status">rendering&hellip;</span></header>
<main>
  <div id="faces"><ul id="problems"></ul><div id="content"></div></div>
  <aside id="details"><p>Click a card to see its data.</p></aside>
</main>
<script>
"use strict";
let state = null, selected = null;

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
  for (const child of children) node.append(child);
  return node;
}
function img(src, alt) { return el("img", {src: src, alt: alt, title: alt}); }
function where(item) { return item.file + (item.line ? ":" + item.line : ""); }

function figure(item, images, kind) {
  const fig = el("figure", {"class": images.length > 1 ? "pair " + kind : kind});
  const row = el("div");
  for (const src of images) row.append(img(src, item.name));
  fig.append(images.length > 1 ? row : row.firstChild || "", el("figcaption", {}, item.name));
  fig.addEventListener("click", () => { selected = item.key; show(); });
  if (selected === item.key) fig.classList.add("selected");
  return fig;
}

function section(title, items) {
  const row = el("div", {"class": "row"}, ...items);
  return [el("h2", {}, title), row];
}

function details() {
  const box = document.getElementById("details");
  const found = state && state.selectable ? state.selectable[selected] : null;
  if (!found) { box.replaceChildren(el("p", {}, "Click a card to see its data.")); return; }
  const rows = Object.entries(found.values || {}).map(([k, v]) =>
    el("tr", {}, el("td", {}, k), el("td", {}, v)));
  box.replaceChildren(el("h3", {}, found.name), el("p", {"class": "where"}, where(found)),
                      el("table", {}, ...rows));
}

function show() {
  if (!state || state.rendering) return;
  document.getElementById("title").textContent = state.title;
  const status = document.getElementById("status");
  status.textContent = state.ok ? "up to date " + new Date().toLocaleTimeString()
                                : "this save has errors: showing the last good images";
  status.className = state.ok ? "" : "broken";
  document.getElementById("problems").replaceChildren(...state.problems.map(p =>
    el("li", {"class": p.severity}, p.text)));
  const parts = [];
  state.selectable = {};
  for (const deck of state.decks || []) {
    const cards = deck.cards.map(card => {
      const item = {...card, key: "card/" + deck.id + "/" + card.id};
      state.selectable[item.key] = item;
      return figure(item, card.back === deck.back ? [card.front] : [card.front, card.back], "card");
    });
    cards.push(figure({name: "back", key: "back/" + deck.id}, [deck.back], "card"));
    parts.push(...section(deck.name, cards));
  }
  for (const set of state.tokens || []) {
    parts.push(...section(set.name, set.tokens.map((token, i) => {
      const item = {...token, key: "token/" + set.id + "/" + i};
      state.selectable[item.key] = item;
      return figure(item, [token.front, token.back].filter(Boolean), "token");
    })));
  }
  for (const board of state.boards || []) {
    const item = {...board, key: "board/" + board.id};
    state.selectable[item.key] = item;
    parts.push(...section(board.name, [figure(item, board.images, "board")]));
  }
  for (const doc of state.documents || []) {
    parts.push(...section(doc.title, doc.pages.map((src, i) =>
      figure({name: "page " + (i + 1), key: "page/" + doc.id + "/" + i, file: doc.file},
             [src], "page"))));
  }
  document.getElementById("content").replaceChildren(...parts);
  details();
}

async function refresh() {
  const answer = await fetch("/state.json", {cache: "no-store"});
  state = await answer.json();
  show();
}

new EventSource("/events").onmessage = () => refresh();
</script>
</body>
</html>
"""
