"use strict";
// Position mode: the pieces are kept by the server; every click or change is sent to it,
// and the board, score and problems it answers with are shown. Requests go one at a time,
// in the order they were made, so quick clicks are never reordered.
(function () {
  const SWATCH = {
    grey: "#9a9996", black: "#241f31", brown: "#865e3c", orange: "#ff7800",
    red: "#e01b24", blue: "#1c71d8", green: "#2ec27e", yellow: "#f6d32d",
    white: "#ffffff", neutral: "#c0bfbc",
  };
  let tool = null;
  let pieces = null;
  let queue = Promise.resolve();
  let pending = 0;
  // the board zoomed in on a small screen (board-zoom.js)
  const zoom = window.boardZoom(document.getElementById("board-frame"),
    document.getElementById("board"), document.getElementById("zoom-out"));

  function el(tag, attrs, text) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs || {})) node.setAttribute(key, value);
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function send(path, body) {
    pending += 1;
    document.body.setAttribute("data-state", "busy");
    const options = body === undefined ? {} : {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
    };
    const done = queue.then(() => fetch("/position/api/" + path, options))
      .then((response) => response.json())
      .then(show)
      .catch((error) => notice("The page could not reach meridina: " + error, true))
      .finally(() => {
        pending -= 1;
        if (pending === 0) document.body.setAttribute("data-state", "ready");
      });
    queue = done;
    return done;
  }

  function notice(text, refused) {
    const box = document.getElementById("notice");
    box.textContent = text;
    box.className = refused ? "refused" : "";
  }

  function swatch(colour) {
    const fill = (pieces && pieces.swatches[colour]) || SWATCH[colour] || "#cccccc";
    return el("span", { class: "swatch", style: "background:" + fill });
  }

  function choose(button, chosen) {
    tool = chosen;
    for (const other of document.querySelectorAll("#palette button[data-tool]")) {
      other.classList.toggle("chosen", other === button);
    }
  }

  function toolButton(box, name, label, chosen, colour) {
    const button = el("button", { type: "button", "data-tool": name });
    if (colour) button.append(swatch(colour));
    button.append(label);
    button.addEventListener("click", () => choose(button, chosen));
    box.append(button);
    return button;
  }

  function holderSelect(label, attrs, value, onChange) {
    const select = el("select", attrs);
    select.append(el("option", { value: "" }, "worked out"));
    select.append(el("option", { value: "nobody" }, "nobody"));
    for (const player of pieces.players) {
      select.append(el("option", { value: player.colour }, player.name + " (" + player.colour + ")"));
    }
    select.value = value || "";
    select.addEventListener("change", () => onChange(select.value));
    const wrap = el("label", {}, label + " ");
    wrap.append(select);
    return wrap;
  }

  function medinaPalette(box) {
    box.append(el("h2", {}, "Buildings"));
    let first = null;
    for (const colour of pieces.colours) {
      const names = [colour, ...(pieces.also_called[colour] || [])].join(" / ");
      const button = toolButton(box, "building:" + colour, names,
        { kind: "building", colour: colour }, colour);
      first = first || button;
    }
    box.append(el("h2", {}, "Other pieces"));
    toolButton(box, "stable", "stable", { kind: "stable" });
    toolButton(box, "merchant", "merchant", { kind: "merchant" });
    toolButton(box, "wall", "wall", { kind: "wall" });
    if (pieces.well) toolButton(box, "well", "well", { kind: "well" });
    const street = el("button", { type: "button", id: "new-street",
      title: "The merchants clicked next start a street of their own (one that touches an older street)" },
      "new street");
    street.addEventListener("click", () => send("change", { action: "street" }));
    box.append(street);
    box.append(el("h2", {}, "Roofs"));
    for (const player of pieces.players) {
      toolButton(box, "roof:" + player.colour, player.name,
        { kind: "roof", owner: player.colour }, player.colour);
    }
    if (pieces.neutral) toolButton(box, "roof:neutral", "neutral", { kind: "roof", owner: "neutral" }, "neutral");
    box.append(el("h2", {}, "Palace tiles"));
    for (const colour of pieces.colours) {
      box.append(holderSelect(colour, { "data-palace-tile": colour }, pieces.palace_tiles[colour],
        (holder) => send("change", { action: "palace-tile", colour: colour, holder: holder })));
    }
    box.append(el("h2", {}, "Tower tiles"));
    for (const tower of pieces.towers) {
      box.append(holderSelect("tower " + tower, { "data-tower-tile": tower },
        pieces.tower_tiles[String(tower)],
        (holder) => send("change", { action: "tower-tile", tower: tower, holder: holder })));
    }
    if (pieces.tea) {
      box.append(el("h2", {}, "Tea tiles"));
      for (const player of pieces.players) {
        const input = el("input", { type: "number", min: "0", max: "99", value: String(pieces.tea_tiles[player.colour] || 0),
          "data-tea": player.colour });
        input.addEventListener("change", () => send("change",
          { action: "tea", player: player.colour, count: Math.max(0, parseInt(input.value, 10) || 0) }));
        const wrap = el("label", {}, player.name + " ");
        wrap.append(input);
        box.append(wrap);
      }
    }
    if (first) choose(first, { kind: "building", colour: pieces.colours[0] });
  }

  function meridianPalette(box) {
    let colour = pieces.colours[0];
    let height = 1;
    box.append(el("h2", {}, "Tower colour"));
    const owner = {};
    for (const player of pieces.players) for (const c of player.colours) owner[c] = player.name;
    const colourButtons = [];
    const heightButtons = [];
    function pick() {
      tool = { colour: colour, height: height };
      for (const b of colourButtons) b.classList.toggle("chosen", b.getAttribute("data-colour") === colour);
      for (const b of heightButtons) b.classList.toggle("chosen", b.getAttribute("data-height") === String(height));
    }
    for (const c of pieces.colours) {
      const button = el("button", { type: "button", "data-colour": c });
      button.append(swatch(c), c + " (" + owner[c] + ")");
      button.addEventListener("click", () => { colour = c; pick(); });
      colourButtons.push(button);
      box.append(button);
    }
    box.append(el("h2", {}, "Height"));
    for (let h = 1; h <= 9; h += 1) {
      const button = el("button", { type: "button", "data-height": String(h) }, String(h));
      button.addEventListener("click", () => { height = h; pick(); });
      heightButtons.push(button);
      box.append(button);
    }
    const taller = el("input", { type: "number", min: "1", max: "20", id: "height",
      title: "Any height from 1 to 20" });
    taller.addEventListener("change", () => {
      const h = parseInt(taller.value, 10);
      if (h >= 1 && h <= 20) { height = h; pick(); }
    });
    box.append(" ", taller);
    box.append(el("h2", {}, "Cards played"));
    for (const c of pieces.colours) {
      const row = el("div", { class: "cards", "data-cards": c });
      row.append(swatch(c), c + ": ");
      for (const card of pieces.cards) {
        const input = el("input", { type: "checkbox", "data-card": c + ":" + card });
        input.addEventListener("change", () => send("change",
          { action: "card", colour: c, card: card, played: input.checked }));
        const label = el("label", {});
        label.append(input, card);
        row.append(label);
      }
      for (const [word, played] of [["all", true], ["none", false]]) {
        const button = el("button", { type: "button", "data-all-cards": c + ":" + word }, word);
        button.addEventListener("click", () => send("change",
          { action: "card", colour: c, card: "all", played: played }));
        row.append(button);
      }
      box.append(row);
    }
    pick();
  }

  function showCards() {
    if (pieces.game !== "meridian") return;
    for (const input of document.querySelectorAll("input[data-card]")) {
      const [colour, card] = input.getAttribute("data-card").split(":");
      input.checked = pieces.played[colour].includes(card);
    }
  }

  function showScore(score) {
    const body = document.querySelector("#score tbody");
    body.replaceChildren();
    if (!score) return;
    for (const row of score.players) {
      const line = el("tr", { "data-player": row.name });
      line.append(el("td", {}, String(row.rank)), el("td", {}, row.name + " (" + row.colours.join(", ") + ")"),
        el("td", { class: "points" }, String(row.points)));
      body.append(line);
    }
  }

  function showProblems(problems) {
    const list = document.getElementById("problems");
    list.replaceChildren();
    for (const target of document.querySelectorAll("#board .fault")) target.classList.remove("fault");
    const errors = problems.filter((p) => p.severity === "error").length;
    document.getElementById("problem-count").textContent = "(" + errors + ")";
    for (const problem of problems) {
      const item = el("li", { class: problem.severity, "data-rule": problem.rule });
      item.append(el("span", { class: "rule", title: problem.title }, problem.rule), " " + problem.message + " ");
      const where = problem.piece ? "at " + problem.piece : (problem.line ? "line " + problem.line : "");
      item.append(el("span", { class: "where" }, where));
      list.append(item);
      if (problem.target) {
        const spot = document.querySelector('#board [data-target="' + CSS.escape(problem.target) + '"]');
        if (spot) spot.classList.add("fault");
      }
    }
  }

  function show(answer) {
    if (answer.error) {
      notice(answer.error, true);
      return;
    }
    const first = pieces === null;
    pieces = answer.pieces;
    if (first) {
      const box = document.getElementById("palette");
      if (pieces.game === "medina") medinaPalette(box); else meridianPalette(box);
    }
    document.getElementById("board").innerHTML = answer.svg || "";
    const street = document.getElementById("new-street");
    if (street) street.classList.toggle("chosen", Boolean(pieces.new_street)); // the next merchant starts one
    showCards();
    showScore(answer.score);
    showProblems(answer.problems);
    document.getElementById("record").textContent = answer.text;
    document.getElementById("saved").textContent = answer.saved ? "saved" : "";
    if (answer.refused) {
      notice("Not placed: " + answer.refused.map((p) => (p.rule ? p.rule + " " : "") + p.message).join("; "), true);
    } else if (answer.conflict) {
      notice(answer.conflict, true);
      if (window.confirm(answer.conflict + "?")) send("save", { replace: true });
    } else if (answer.result !== undefined) {
      // The standings count only a valid, finished game: say so whenever this one is left out.
      const over = answer.added ? "; the game is over ('" + answer.added + "' written)" : "";
      const said = answer.result ? " with the result " + answer.result + over : " (no result)";
      const out = answer.left_out ? ". The standings will leave it out: " + answer.left_out : ". It counts in the standings";
      notice("Saved to " + answer.file + said + out, Boolean(answer.left_out));
    } else {
      notice("", false);
    }
  }

  document.getElementById("board").addEventListener("click", (event) => {
    const spot = event.target.closest("[data-target]");
    if (!spot || !tool) return;
    send("click", { tool: tool, target: spot.getAttribute("data-target") }).then(() => {
      if (!document.getElementById("notice").classList.contains("refused")) zoom.out(); // placed
    });
  });
  document.getElementById("save").addEventListener("click", () => send("save", {}));
  send("state");
})();
