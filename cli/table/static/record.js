// meridina table, record mode: pick a piece (or a card and a height), click a place.
// Every check is the server's (the rules core): the page only offers what it is told is
// legal, and sends anything else to be checked and refused with its rule.
"use strict";

(() => {
  const $ = (id) => document.getElementById(id);

  let state = null; // the game as the server last sent it
  // Placement turns (Medina): the words of the turn so far, colour first, and what may follow.
  let words = [];
  let next = { words: [], complete: false };
  let piece = null; // the piece chosen to be placed next
  // Card turns (Meridian): every legal turn now, read into parts, and the choices made.
  let legal = [];
  let pick = { card: null, take: null, colour: null, height: null };
  let zoom = null; // the board zoomed in on a small screen (board-zoom.js)

  // ---------------------------------------------------------------- the server

  async function call(path, body) {
    const options = body === undefined ? {} : {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    };
    const response = await fetch(path, options);
    let data = null;
    try {
      data = await response.json();
    } catch (error) {
      data = { error: `the server answered ${response.status}` };
    }
    if (!response.ok) {
      const failed = new Error(data.error || `the server answered ${response.status}`);
      failed.movedOn = data.moved_on === true;
      throw failed;
    }
    return data;
  }

  // A call about the game as this page shows it: the server answers "the game moved on"
  // when turns were played or taken back since (on another device, at a terminal).
  function ask(path, body) {
    return call(path, { ...body, seen: state ? state.version : null });
  }

  // One piece of work at a time, in the order asked: clicks and the game's news alike.
  // The page is "busy" from the moment work is asked for until none is left.
  let queue = Promise.resolve();
  let waiting = 0;

  function busy(work) {
    waiting += 1;
    document.body.dataset.state = "busy";
    queue = queue.then(async () => {
      try {
        await work();
      } catch (error) {
        try {
          if (error.movedOn) await movedOn();
          else say("refused", [text(error.message)]);
        } catch (again) {
          say("refused", [text(again.message)]);
        }
      }
      waiting -= 1;
      if (waiting === 0) document.body.dataset.state = "ready";
    });
    return queue;
  }

  async function movedOn() {
    const now = await call("/api/record/state");
    say("moved", [text(`The game moved on: turn ${now.number} is to be played now. Here it is as it stands.`)]);
    await newTurn(now);
  }

  // ---------------------------------------------------------------- the game's news

  // The server tells every page when the record changed, whoever changed it; a page that
  // cannot follow the stream (too many pages open) looks every few seconds instead.
  function follow() {
    const news = new EventSource("/api/record/events");
    news.addEventListener("game", (event) => {
      const now = JSON.parse(event.data);
      busy(() => catchUp(now));
    });
    news.addEventListener("error", () => {
      if (news.readyState === EventSource.CLOSED) {
        setInterval(() => busy(async () => catchUp(await call("/api/record/state"))), 3000);
      }
    });
  }

  async function catchUp(now) {
    if (!state || now.error || now.stamp === state.stamp) return;
    const fresh = now.picture === undefined ? await call("/api/record/state") : now;
    if (fresh.version !== state.version) {
      say("moved", [text(`The game moved on: turn ${fresh.number} is to be played now.`)]);
      await newTurn(fresh);
      return;
    }
    show(fresh); // a comment: the turn being built stays as it is
    if (!state.over) redrawChoices();
  }

  function redrawChoices() {
    if (state.game === "Meridian") drawCardChoices();
    else drawPlacementChoices();
  }

  // ---------------------------------------------------------------- small helpers

  function text(value) {
    return document.createTextNode(value);
  }

  function element(tag, attributes, ...children) {
    const made = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes || {})) {
      if (name === "onclick") made.addEventListener("click", value);
      else made.setAttribute(name, value);
    }
    for (const child of children) made.append(child);
    return made;
  }

  function button(label, onclick, chosen, data) {
    const made = element("button", { type: "button", onclick }, label);
    if (chosen) made.classList.add("chosen");
    if (data) made.dataset.choice = data;
    return made;
  }

  function say(kind, parts) {
    const box = $("message");
    box.className = kind;
    box.replaceChildren(...parts);
  }

  function refusal(problems, fallback) {
    if (!problems.length) return say("refused", [text(fallback)]);
    const lines = problems.map((problem) => element(
      "div", { class: "problem", "data-rule": problem.rule },
      element("a", { class: "rule", href: `/rules/${encodeURIComponent(problem.rule)}`, target: "_blank", rel: "noopener" }, problem.rule),
      text(` ${problem.message} `),
      element("span", { class: "title" }, `(${problem.title})`),
    ));
    say("refused", [text("Refused: "), ...lines]);
  }

  // ---------------------------------------------------------------- drawing the game

  function show(newState) {
    state = newState;
    $("title").textContent = `${state.game}${state.edition ? `, edition ${state.edition}` : ""}: ${state.players}`;
    $("file").textContent = `Recording into ${state.file}`;
    if (viewing === null) $("board").innerHTML = state.picture; // drawn and escaped by the server
    const note = $("stand-in");
    note.hidden = !state.stand_in;
    note.textContent = state.stand_in ? `This board is a stand-in: ${state.stand_in}` : "";
    $("to-move").textContent = state.over ? "The game is over." : `Turn ${state.number}: ${state.to_move}`;
    const held = state.supply.map(([what, count]) => `${what} ${count}`).join(", ");
    $("supply").textContent = held ? `Holds: ${held}` : "";
    $("result").textContent = state.result ? `Result: ${state.result}` : "";
    showStanding(viewing === null ? state : viewed);
    showTurns();
    $("undo").disabled = state.turns.length === 0;
    $("turn-heading").textContent = state.over ? "The game is over" : `Turn ${state.number}`;
    $("builder").dataset.game = state.game;
  }

  // The score in rank order, the ties in words, and what every player still holds (the
  // player to move marked), of the game now or of the turn looked back at.
  function showStanding(shown) {
    const rows = shown.score.map((row) => element("tr", {},
      element("td", {}, String(row.rank)), element("td", {}, row.name),
      element("td", {}, row.colours.join(" ")), element("td", {}, String(row.points))));
    $("score").replaceChildren(element("tr", {}, element("th", {}, "#"), element("th", {}, "player"),
      element("th", {}, "colours"), element("th", {}, "points")), ...rows);
    $("ties").replaceChildren(...shown.ties.map((said) => element("p", { class: "tie" }, said)));
    const moving = viewing === null && !state.over ? state.to_move.split(",")[0] : null;
    $("supplies").replaceChildren(...shown.supplies.map((player) => {
      const line = element("li", {}, element("strong", {}, player.who), text(": "),
        text(player.holds.map(([what, count]) => `${what} ${count}`).join(", ")));
      if (player.who === moving) line.classList.add("to-move");
      return line;
    }));
  }

  // Every turn with its comments; a click on one looks at the board after it.
  function showTurns() {
    $("game-comments").replaceChildren(...state.game_comments.map((said) => element("p", { class: "comment" }, `{ ${said} }`)));
    const lines = [];
    state.turns.forEach((turn, index) => {
      const line = element("li", { "data-after": String(index + 1) },
        element("button", { type: "button", class: "turn", onclick: () => busy(() => lookAt(index + 1)) }, turn),
        ...state.comments[index].map((said) => element("span", { class: "comment" }, ` { ${said} }`)));
      if (viewing === index + 1) line.classList.add("viewed");
      lines.push(line);
    });
    $("turns").replaceChildren(...lines);
    if (viewing === null) $("turns").scrollTop = $("turns").scrollHeight;
  }

  // ---------------------------------------------------------------- looking back

  let viewing = null; // the turns played in the position looked at; null: the game now
  let viewed = null; // that position, as the server drew it

  async function lookAt(after) {
    if (after >= state.turns.length) {
      backToGame();
      return;
    }
    viewed = await ask("/api/record/view", { after: Math.max(0, after) });
    viewing = viewed.after;
    zoom.out();
    document.body.dataset.viewing = "yes";
    $("board").innerHTML = viewed.picture;
    $("viewing").textContent = viewing === 0
      ? "Looking back: the start (view only)"
      : `Looking back: after turn ${state.turns[viewing - 1].split(".")[0]} (view only)`;
    showStanding(viewed);
    showTurns();
    showHistory();
  }

  function backToGame() {
    if (viewing === null) return;
    viewing = null;
    viewed = null;
    delete document.body.dataset.viewing;
    $("viewing").textContent = "";
    show(state);
    showHistory();
    if (!state.over) redrawChoices();
  }

  function showHistory() {
    const at = viewing === null ? state.turns.length : viewing;
    $("view-back").disabled = at === 0;
    $("view-forward").disabled = viewing === null;
    $("view-now").hidden = viewing === null;
  }

  function highlight(places) {
    for (const target of document.querySelectorAll("#board [data-target]")) {
      target.classList.toggle("legal", places.has(target.dataset.target));
    }
  }

  // ---------------------------------------------------------------- a new turn

  async function newTurn(newState) {
    zoom.out();
    viewing = null;
    viewed = null;
    delete document.body.dataset.viewing;
    $("viewing").textContent = "";
    show(newState);
    showHistory();
    piece = null;
    pick = { card: null, take: null, colour: null, height: null };
    words = [];
    legal = [];
    if (state.over) {
      $("choices").replaceChildren();
      $("turn-so-far").textContent = "";
      $("hint").textContent = "";
      $("play-turn").hidden = true;
      highlight(new Set());
      return;
    }
    if (state.game === "Meridian") {
      legal = (await call("/api/record/legal")).turns.map(cardTurn);
      drawCardChoices();
    } else {
      if (state.colour) words = [state.colour];
      await askNext();
    }
  }

  async function reload() {
    await newTurn(await call("/api/record/state"));
  }

  async function play(turn) {
    const answer = await ask("/api/record/play", { turn });
    if (answer.written) {
      const ended = answer.ended ? ` The game is over: ${answer.state.result || ""}` : "";
      say("written", [text(`Written: ${answer.written}.${ended}`)]);
      await newTurn(answer.state);
    } else {
      refusal(answer.problems, `${turn} cannot be played`);
      await newTurn(answer.state);
    }
  }

  // ---------------------------------------------------------------- placement turns (Medina)

  async function askNext() {
    next = await ask("/api/record/next", { words });
    if (words.length === 0 && next.words.length === 1 && !next.words[0].includes("@")) {
      words = [next.words[0]];
      next = await ask("/api/record/next", { words });
    }
    if (next.complete && next.words.length === 0) {
      await play(words.join(" "));
      return;
    }
    drawPlacementChoices();
  }

  function drawPlacementChoices() {
    const pieces = new Map();
    const plain = [];
    for (const word of next.words) {
      const at = word.indexOf("@");
      if (at < 0) plain.push(word);
      else {
        const name = word.slice(0, at);
        if (!pieces.has(name)) pieces.set(name, new Set());
        pieces.get(name).add(word.slice(at + 1));
      }
    }
    if (piece !== null && !pieces.has(piece)) pieces.set(piece, new Set());
    const groups = [];
    if (pieces.size) {
      groups.push(element("div", { class: "group" }, element("span", { class: "label" }, "piece"),
        ...[...pieces.keys()].map((name) => button(name, () => { piece = name; drawPlacementChoices(); }, name === piece, name))));
    }
    if (plain.length) {
      groups.push(element("div", { class: "group" }, element("span", { class: "label" }, words.length ? "or" : "colour"),
        ...plain.map((word) => button(word, () => busy(async () => { words.push(word); piece = null; await askNext(); }), false, word))));
    }
    $("choices").replaceChildren(...groups);
    $("turn-so-far").textContent = words.join(" ");
    $("play-turn").hidden = !(next.complete && words.length > 1);
    $("hint").textContent = piece === null
      ? (pieces.size ? "Pick a piece; the fields it may go to light up." : "")
      : `Click a field for the ${piece}.`;
    highlight(piece === null ? new Set() : pieces.get(piece));
  }

  async function placeAt(field) {
    if (piece === null) {
      say("refused", [text("Pick a piece first, then click its field.")]);
      return;
    }
    const word = `${piece}@${field}`;
    if (next.words.includes(word)) {
      words.push(word);
      piece = null;
      zoom.out(); // the piece is placed: the whole board again for the next
      say("", []);
      await askNext();
      return;
    }
    const line = [...words, word].join(" ");
    const answer = await ask("/api/record/check", { turn: line });
    const start = words.join(" ").length + (words.length ? 2 : 1);
    const here = answer.problems.filter((problem) => problem.col !== null && problem.col >= start);
    refusal(here.length ? here : answer.problems, `no legal turn goes on with ${word}`);
  }

  // ---------------------------------------------------------------- card turns (Meridian)

  // "grey 4-5-6-7/5: x 2@4" -> its parts; the card's label without the meridian chosen.
  function cardTurn(turn) {
    const [head, rest] = turn.split(": ");
    const [colour, card] = head.split(" ");
    const [label, chosen] = card.split("/");
    const parts = rest.split(" ");
    const made = { turn, colour, label, card: `${colour} ${label}`, meridian: null, take: null, build: null, height: null, city: null, alone: null };
    made.meridian = chosen ? Number(chosen) : (/^\d+$/.test(label) ? Number(label) : null);
    for (const part of parts) {
      if (part === "pass" || part === "stuck") made.alone = part;
      else if (part === "x" || part.startsWith("x@")) made.take = part;
      else if (part.includes("@")) {
        const [height, city] = part.split("@");
        made.height = height;
        made.city = Number(city);
      } else made.build = part;
    }
    if (made.take !== null && made.height === null) made.alone = made.take;
    return made;
  }

  function matching() {
    return legal.filter((turn) => turn.card === pick.card && turn.alone === null
      && turn.take === pick.take && turn.build === pick.colour);
  }

  function drawCardChoices() {
    const groups = [];
    // Once a card is picked, only it is shown (clicked again, every card is back), so that
    // its take-offs and heights stay in view on a phone.
    const cards = pick.card === null ? [...new Set(legal.map((turn) => turn.card))] : [pick.card];
    const choose = (card) => () => {
      pick = { card: card === pick.card ? null : card, take: null, colour: null, height: null };
      drawCardChoices();
    };
    groups.push(element("div", { class: "group" }, element("span", { class: "label" }, "card"),
      ...cards.map((card) => button(card, choose(card), card === pick.card, card))));
    if (pick.card !== null) {
      const ofCard = legal.filter((turn) => turn.card === pick.card);
      const takes = [...new Set(ofCard.filter((t) => t.take !== null && t.height !== null).map((t) => t.take))];
      if (takes.length) {
        groups.push(element("div", { class: "group" }, element("span", { class: "label" }, "take off"),
          button("no", () => { pick.take = null; drawCardChoices(); }, pick.take === null, "take-none"),
          ...takes.map((take) => button(take, () => { pick.take = take; drawCardChoices(); }, pick.take === take, take))));
      }
      const builds = [...new Set(ofCard.filter((t) => t.build !== null).map((t) => t.build))];
      if (builds.length) {
        groups.push(element("div", { class: "group" }, element("span", { class: "label" }, "tower colour"),
          button("own", () => { pick.colour = null; drawCardChoices(); }, pick.colour === null, "build-own"),
          ...builds.map((colour) => button(colour, () => { pick.colour = colour; drawCardChoices(); }, pick.colour === colour, colour))));
      }
      const heights = [...new Set(matching().map((t) => t.height))].sort((a, b) => Number(a) - Number(b));
      if (pick.height !== null && !heights.includes(pick.height)) heights.push(pick.height);
      groups.push(element("div", { class: "group" }, element("span", { class: "label" }, "height"),
        ...heights.map((height) => button(height, () => { pick.height = height; drawCardChoices(); }, height === pick.height, `height-${height}`))));
      const alone = ofCard.filter((t) => t.alone !== null);
      if (alone.length) {
        groups.push(element("div", { class: "group" }, element("span", { class: "label" }, "or"),
          ...alone.map((t) => button(t.alone, () => busy(() => play(t.turn)), false, `alone-${t.alone}`))));
      }
    }
    $("choices").replaceChildren(...groups);
    $("play-turn").hidden = true;
    const built = [pick.card ? `${pick.card}:` : "", pick.take || "", pick.colour || "", pick.height ? `${pick.height}@?` : ""];
    $("turn-so-far").textContent = built.filter(Boolean).join(" ");
    $("hint").textContent = pick.card === null ? "Pick a card."
      : pick.height === null ? "Pick a height (the card again: another card); the cities lit up take one at some height."
        : "Click a city.";
    // Before a height is picked: every city the card allows at some height.
    const allowed = matching().filter((t) => pick.height === null || t.height === pick.height);
    const places = new Set(pick.card === null ? [] : allowed.map((t) => `${t.meridian}/${t.city}`));
    highlight(places);
  }

  async function buildAt(target) {
    if (pick.card === null || pick.height === null) {
      say("refused", [text("Pick a card and a height first, then click a city.")]);
      return;
    }
    const meridian = Number(target.dataset.meridian);
    const city = Number(target.dataset.city);
    const found = matching().find((t) => t.height === pick.height && t.meridian === meridian && t.city === city);
    if (found) {
      await play(found.turn);
      return;
    }
    // Not among the legal turns: written out as clicked, for the rules to say why not.
    const [colour, label] = pick.card.split(" ");
    const card = /^\d+$/.test(label) && Number(label) === meridian ? label : `${label}/${meridian}`;
    const parts = [pick.take, pick.colour, `${pick.height}@${city}`].filter(Boolean);
    const turn = `${colour} ${card}: ${parts.join(" ")}`;
    const answer = await ask("/api/record/check", { turn });
    if (!answer.problems.some((problem) => problem.severity === "error")) {
      await play(turn);
      return;
    }
    refusal(answer.problems.filter((problem) => problem.severity === "error"), `${turn} cannot be played`);
  }

  // ---------------------------------------------------------------- wiring

  function clicked(event) {
    const target = event.target.closest("[data-target]");
    if (!target || !state || state.over) return;
    if (viewing !== null) {
      say("moved", [text("You are looking back at the game: press \u201cback to the game\u201d to play.")]);
      return;
    }
    if (state.game === "Meridian") busy(() => buildAt(target));
    else busy(() => placeAt(target.dataset.target));
  }

  function start() {
    zoom = window.boardZoom($("board-frame"), $("board"), $("zoom-out"));
    $("board").addEventListener("click", clicked);
    $("clear").addEventListener("click", () => busy(async () => { say("", []); await reload(); }));
    $("play-turn").addEventListener("click", () => busy(() => play(words.join(" "))));
    $("view-back").addEventListener("click", () => busy(() => lookAt((viewing === null ? state.turns.length : viewing) - 1)));
    $("view-forward").addEventListener("click", () => busy(() => lookAt(viewing + 1)));
    $("view-now").addEventListener("click", () => backToGame());
    $("undo").addEventListener("click", () => busy(async () => {
      const answer = await ask("/api/record/undo", {});
      say("written", [text(answer.taken ? `Took back ${answer.taken}.` : "There is no turn to take back.")]);
      await newTurn(answer.state);
    }));
    $("comment-form").addEventListener("submit", (event) => {
      event.preventDefault();
      const comment = $("comment-text").value.trim();
      if (!comment) return;
      busy(async () => {
        const answer = await ask("/api/record/comment", { text: comment });
        $("comment-text").value = "";
        say("written", [text("Comment added.")]);
        show(answer.state);
        if (!state.over) redrawChoices();
      });
    });
    busy(reload);
    follow();
  }

  start();
})();
