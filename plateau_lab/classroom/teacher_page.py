"""The teacher's page, served by the service at ``/teacher?token=...``: plain HTML and a little JavaScript.

No build step and nothing fetched from elsewhere: the page opens a websocket to
``/teacher/ws?token=...`` (the token of its own address), draws each ``class`` message it is
sent (learners, tables, exercise answers summed up per question with the newest ones, the position
on the board with its counts, the tables set aside) and sends ``send_position``, ``reveal``,
``end_table`` and ``free_seat`` (:data:`~plateau_lab.classroom.protocol.TEACHER_MESSAGE_TYPES`).
It links to the class's finished games (``/teacher/games.json``). When the connection is lost
(the service restarting) it says so and connects again by itself, waiting a little longer each
time (up to 5 s); back, it is sent the class as it stands.
Everything a learner typed is shown as text (``textContent``), never as HTML; only the position's
picture, drawn by the engine, is put in as SVG.

>>> all(word in teacher_page() for word in ("send_position", "reveal", "end_table", "free_seat", "games.json", "Coloretto"))
True

The games offered for a scenario are the package's and the class's own (given to the service with
``--games``: :mod:`~plateau_lab.classroom.class_games`), read when the page is asked for.
"""

from __future__ import annotations

import html

from ..core import game_spec
from ..core.registry import game_names

__all__ = ["TEACHER_PAGE", "teacher_page"]

#: Where the page's list of games goes (:func:`teacher_page` puts it in).
GAMES_HERE = "<!-- the games -->"


def _game_options() -> str:
    games = "".join(f'<option value="{name}">{html.escape(game_spec(name).title)} (a scenario)</option>'
                    for name in game_names())
    return games + '<option value="">a saved game (JSON)</option>'


_STYLE = """
body { font-family: system-ui, sans-serif; margin: 0 auto; max-width: 1200px; padding: 12px 20px; color: #1d2a3a; }
h1 { font-size: 1.5em; margin: 0.2em 0; } h2 { font-size: 1.15em; margin: 1.2em 0 0.4em; color: #1d3d6b; }
#connection { font-size: 0.9em; color: #666; } #connection.lost { color: #b00020; font-weight: bold; }
section { border: 1px solid #c8d3e0; border-radius: 6px; padding: 8px 14px; margin: 10px 0; background: #fbfcfe; }
table { border-collapse: collapse; font-size: 0.95em; } th, td { text-align: left; padding: 3px 10px;
  border-bottom: 1px solid #e3e8ef; vertical-align: top; } th { background: #eef2f8; }
textarea { width: 100%; box-sizing: border-box; font-family: monospace; font-size: 0.9em; }
button { font-size: 1em; padding: 5px 14px; margin: 4px 6px 4px 0; cursor: pointer; }
.refused { color: #b00020; white-space: pre-wrap; } .said { color: #1b6e20; }
.right { color: #1b6e20; font-weight: bold; } .wrong { color: #b00020; font-weight: bold; }
.bar { display: inline-block; height: 0.9em; background: #1a73e8; vertical-align: middle; margin-right: 6px; }
.count { font-weight: bold; min-width: 2em; display: inline-block; }
.reason { color: #37474f; max-width: 560px; font-size: 0.92em; } #moves td:first-child { min-width: 13em; }
#moves td:nth-child(2) { white-space: nowrap; } .empty { color: #777; font-style: italic; }
#lesson-picture svg { max-width: 100%; height: auto; } #lesson-layout { display: flex; gap: 18px; flex-wrap: wrap; }
#lesson-picture { flex: 0 1 460px; min-width: 300px; } #lesson-moves { flex: 1 1 560px; }
#moves { width: 100%; } .reason { min-width: 300px; } .more { color: #555; font-size: 0.9em; }
td button { font-size: 0.85em; padding: 2px 8px; margin: 1px 4px 1px 0; }
"""

_SCRIPT = r"""
const token = new URLSearchParams(location.search).get("token") || "";
let socket = null, lastLesson = null, wait = 250;
const $ = (id) => document.getElementById(id);
function cell(row, text, cls) { const td = row.insertCell(); td.textContent = text; if (cls) td.className = cls; return td; }
function fill(id, rows, headings, draw, emptyText) {
  const table = $(id); table.innerHTML = "";
  if (!rows.length) { if (emptyText) cell(table.insertRow(), emptyText, "empty"); return; }
  const head = table.createTHead().insertRow();
  for (const h of headings) { const th = document.createElement("th"); th.textContent = h; head.appendChild(th); }
  const body = table.createTBody();
  for (const item of rows) draw(body.insertRow(), item);
}
function button(td, text, message, question) {
  const b = document.createElement("button"); b.textContent = text;
  b.onclick = () => { if (confirm(question)) socket.send(JSON.stringify(message)); }; td.appendChild(b);
}
function more(id, count, what) { $(id).textContent = count ? "… and " + count + " more " + what + " not shown." : ""; }
function drawClass(glance) {
  fill("learners", glance.learners, ["Learner", "Table", "Seat", "Score", "Page open"], (r, l) => {
    cell(r, l.name); cell(r, l.table); cell(r, "player " + l.seat); cell(r, String(l.score));
    cell(r, l.connected ? "yes" : "no", l.connected ? "right" : "wrong"); }, "No learner sits at a shared table now.");
  more("learners-more", glance.more.learners, "learners");
  fill("tables", glance.tables, ["Code", "Game", "Players", "To play", "Scores", "Moves", ""], (r, t) => {
    cell(r, t.code); cell(r, t.game); cell(r, t.players.join(", "));
    cell(r, t.ended ? "ended: " + t.ended : t.over ? "game over" : "player " + t.to_move);
    cell(r, t.scores.join(" · ")); cell(r, String(t.moves));
    const act = r.insertCell();
    if (!t.over && !t.ended) {
      button(act, "End the table", {type: "end_table", code: t.code}, "End table " + t.code + "? Its game stops and its place is free.");
      for (const s of t.seats) if (s.learner) button(act, "Free player " + s.seat, {type: "free_seat", code: t.code, seat: s.seat},
        "Free player " + s.seat + "'s seat at table " + t.code + "? A bot plays it until a learner joins.");
    } }, "No shared table is open.");
  more("tables-more", glance.more.tables, "finished tables");
  $("set-aside").textContent = glance.set_aside.map((t) => "Table " + t.code + " is set aside: " + t.why + ".").join(" ");
  fill("exercises", glance.answers.exercises, ["Notebook", "Exercise", "Answered", "Right"], (r, e) => {
    cell(r, e.notebook); cell(r, e.exercise); cell(r, String(e.answered)); cell(r, String(e.right), "right"); },
    "No exercise answered yet.");
  more("exercises-more", glance.more.exercises, "exercises");
  fill("answers", glance.answers.recent, ["Learner", "Notebook", "Exercise", "Answer", ""], (r, a) => {
    cell(r, a.learner); cell(r, a.notebook); cell(r, a.exercise); cell(r, a.answer);
    cell(r, a.correct ? "✔ right" : "✘ wrong", a.correct ? "right" : "wrong"); }, "");
  $("answers-count").textContent = glance.answers.count ? glance.answers.count + " answers kept (one a learner and "
    + "question: a new answer replaces the old); the newest:" : "";
  $("listening").textContent = glance.listening.length
    ? glance.listening.length + " following: " + glance.listening.join(", ")
    : "No learner has a class-lesson cell open yet.";
  drawLesson(glance.lesson, glance.listening.length);
  more("moves-more", glance.more.lesson_moves || 0, "moves");
}
function drawLesson(lesson, following) {
  lastLesson = lesson;
  if (!lesson) { $("lesson").hidden = true; return; }
  $("lesson").hidden = false;
  $("lesson-title").textContent = "Position " + lesson.number + " · " + lesson.game + " · player " + lesson.seat + " to play";
  if ($("lesson-picture").dataset.number !== String(lesson.number)) {
    $("lesson-picture").innerHTML = lesson.picture; $("lesson-picture").dataset.number = String(lesson.number);
  }
  $("chosen").textContent = lesson.chosen + " of " + following + " learners chose a move.";
  const most = Math.max(1, ...lesson.moves.map((m) => m.count));
  const heads = ["Move", "Chosen by"].concat(lesson.revealed ? ["The expert's view (best first)"] : []);
  fill("moves", lesson.moves, heads, (r, m) => {
    r.className = "move-row"; r.dataset.action = m.action;
    cell(r, m.words);
    const c = r.insertCell(); const bar = document.createElement("span"); bar.className = "bar";
    bar.style.width = (120 * m.count / most) + "px"; const n = document.createElement("span");
    n.className = "count"; n.textContent = String(m.count); c.append(bar, n);
    if (lesson.revealed) cell(r, m.reason || "", "reason"); }, "");
  const reveal = $("reveal");
  reveal.disabled = lesson.revealed || lesson.thinking;
  reveal.textContent = lesson.thinking ? "The expert is thinking…" : lesson.revealed ? "The expert's view is shown" : "Reveal the expert's view";
}
function say(text, refused) { $("send-result").textContent = text; $("send-result").className = refused ? "refused" : "said"; }
function connect() {
  const scheme = location.protocol === "https:" ? "wss://" : "ws://";
  socket = new WebSocket(scheme + location.host + "/teacher/ws?token=" + encodeURIComponent(token));
  socket.onopen = () => { wait = 250; $("connection").textContent = "Connected: the page follows the class live."; $("connection").className = ""; };
  socket.onclose = () => { $("connection").textContent = "Not connected to the classroom server (it may be starting again): connecting again by itself…";
    $("connection").className = "lost"; setTimeout(connect, wait * (0.75 + Math.random() / 2)); wait = Math.min(5000, wait * 2); };
  socket.onmessage = (event) => {
    const message = JSON.parse(event.data);
    if (message.type === "class") drawClass(message);
    else if (message.type === "refused") say(message.reason, true);
    else if (message.type === "done") $("tables-said").textContent = message.said;
    else if (message.type === "sent") say("Position " + message.lesson + " sent to " + message.learners + " learners.", false);
  };
}
$("send-button").onclick = () => {
  const position = $("send-position").value;
  if (!position.trim()) { say("Paste a scenario or a saved game first.", true); return; }
  socket.send(JSON.stringify({type: "send_position", game: $("send-game").value, position: position}));
};
$("games").href = "/teacher/games.json?token=" + encodeURIComponent(token);
$("reveal").onclick = () => { if (lastLesson) socket.send(JSON.stringify({type: "reveal", lesson: lastLesson.number})); };
connect();
"""

TEACHER_PAGE = f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Teacher's view · plateau lab</title>
<meta name="viewport" content="width=device-width, initial-scale=1"><style>{_STYLE}</style></head>
<body>
<h1>Teacher's view</h1>
<div id="connection">Connecting…</div>
<section id="send">
  <h2>Send a position to the class</h2>
  <p>Paste a scenario (choose its game) or a saved game (its game is inside). Every learner with a
  class-lesson cell open sees it as the player to move sees it, and chooses a move.</p>
  <label>Game: <select id="send-game">{GAMES_HERE}</select></label>
  <textarea id="send-position" rows="9" placeholder="mastermind: 0&#10;hand 0: ..."></textarea>
  <button id="send-button">Send to the class</button> <span id="send-result"></span>
</section>
<section id="lesson" hidden>
  <h2 id="lesson-title"></h2>
  <div id="lesson-layout"><div id="lesson-picture"></div>
  <div id="lesson-moves"><p id="chosen"></p><table id="moves"></table><p id="moves-more" class="more"></p>
  <button id="reveal">Reveal the expert's view</button></div></div>
</section>
<section><h2>Learners</h2><p id="listening"></p><table id="learners"></table><p id="learners-more" class="more"></p></section>
<section><h2>Shared tables</h2><p id="set-aside" class="refused"></p><p id="tables-said" class="said"></p><table id="tables"></table>
  <p id="tables-more" class="more"></p>
  <p><a id="games" href="#" download="class_games.json">Download the class's finished games</a> (saved games, as
  the lab reads them: <code>plateau_lab.lab.saved_games</code>)</p></section>
<section><h2>Exercise answers</h2><table id="exercises"></table><p id="exercises-more" class="more"></p>
  <p id="answers-count"></p><table id="answers"></table></section>
<script>{_SCRIPT}</script>
</body></html>
"""


def teacher_page() -> str:
    """The teacher's page, its list of games as the service knows them now."""
    return TEACHER_PAGE.replace(GAMES_HERE, _game_options())
