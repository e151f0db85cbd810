// The playground page: forms, boards and tables over the engine, which runs
// in a Web Worker (worker.js). All answers are the engine's; this file only
// asks and draws. The whole state lives in the URL's fragment (Share).
import { drawBoard } from "./boards.js";

const $ = (id) => document.getElementById(id);

// ---- the worker: requests, progress, Stop ----------------------------------
let worker = null;
let nextId = 1;
const pending = new Map();

function startWorker() {
  worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
  worker.onmessage = (e) => {
    const m = e.data;
    if (m.progress) return showProgress(m.progress);
    const p = pending.get(m.id);
    if (!p) return;
    pending.delete(m.id);
    if (pending.size === 0) busy(false);
    if (m.ok) {
      window.spragueTimings.lastMs = m.ms;
      p.resolve(m.result);
    }
    else p.reject(new Error(m.error));
  };
}

function call(op, args) {
  const id = nextId++;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    setTimeout(() => pending.has(id) && busy(true), 150);
    worker.postMessage({ id, op, args });
  });
}

function busy(on) {
  $("busy").hidden = !on;
  if (on) {
    $("progress").removeAttribute("value");
    $("progress-text").textContent = "working…";
  }
}

function showProgress({ done, total, phase }) {
  busy(true);
  const p = $("progress");
  if (total) {
    p.max = total;
    p.value = Math.min(done, total);
  } else {
    p.removeAttribute("value");
  }
  const what = phase || "states";
  $("progress-text").textContent = total
    ? `${what}: ${done.toLocaleString()} of ${total.toLocaleString()}`
    : `${done.toLocaleString()} ${what}`;
}

// Stop: the worker is ended (a computation cannot be interrupted from
// outside its thread) and a fresh one started; a game in progress is set up
// again from its moves.
function restartWorker() {
  worker.terminate();
  for (const p of pending.values()) p.reject(new Error("stopped"));
  pending.clear();
  busy(false);
  startWorker();
  if (game.moves) replayGame(false).catch(showError);
}
$("stop").onclick = restartWorker;

function showError(e) {
  // The memory of a WebAssembly instance never shrinks: after a search
  // stopped at the memory budget, a fresh worker starts with little.
  if (/memory budget/.test(e.message)) {
    worker.terminate();
    pending.clear();
    busy(false);
    startWorker();
  }
  const box = $("error");
  box.textContent = e.message === "stopped" ? "Stopped." : `Error: ${e.message}`;
  box.hidden = false;
}
const clearError = () => ($("error").hidden = true);

// ---- tabs and the URL ----------------------------------------------------
let tab = "value";
function showTab(name) {
  tab = name;
  for (const b of document.querySelectorAll("#tabs button")) b.classList.toggle("active", b.dataset.tab === name);
  for (const s of document.querySelectorAll(".tab")) s.hidden = s.id !== `tab-${name}`;
}
for (const b of document.querySelectorAll("#tabs button")) b.onclick = () => {
  showTab(b.dataset.tab);
  saveState();
};

const fields = {
  value: ["value-rules", "value-position", "value-misere"],
  play: ["play-rules", "play-position", "play-first", "play-side", "play-misere"],
  calc: ["calc-expr"],
  table: ["table-rules", "table-count", "table-misere"],
  script: ["script-source", "script-count", "script-position"],
};

const b64 = (s) => btoa(String.fromCharCode(...new TextEncoder().encode(s))).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
const unb64 = (s) => new TextDecoder().decode(Uint8Array.from(atob(s.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0)));

function stateParams() {
  const q = new URLSearchParams();
  q.set("tab", tab);
  for (const id of fields[tab]) {
    const e = $(id);
    const v = e.type === "checkbox" ? (e.checked ? "1" : "") : e.value;
    if (v !== "") q.set(id, id === "script-source" ? b64(v) : v);
  }
  if (tab === "play" && game.moves) {
    q.set("moves", game.moves.join("."));
    if (game.script) q.set("script", b64(game.script));
  }
  return q;
}

function saveState() {
  history.replaceState(null, "", `#${stateParams()}`);
}

function loadState() {
  const q = new URLSearchParams(location.hash.slice(1));
  const t = q.get("tab");
  if (!t || !fields[t]) return null;
  for (const id of fields[t]) {
    const e = $(id);
    if (!q.has(id)) {
      if (e.type === "checkbox") e.checked = false;
      continue;
    }
    const v = q.get(id);
    if (e.type === "checkbox") e.checked = v === "1";
    else e.value = id === "script-source" ? unb64(v) : v;
  }
  return { tab: t, moves: q.get("moves"), script: q.has("script") ? unb64(q.get("script")) : "" };
}

$("share").onclick = async () => {
  saveState();
  try {
    await navigator.clipboard.writeText(location.href);
    $("share").textContent = "Link copied";
  } catch {
    $("share").textContent = "Link in the address bar";
  }
  setTimeout(() => ($("share").textContent = "Share"), 2000);
};

// ---- Value -----------------------------------------------------------------
let catalog = [];
function showDoc(name, target) {
  const e = catalog.find((c) => c.name === name.split(":")[0].trim());
  target.textContent = e ? `${e.summary}. Positions: ${e.notation}.` : "";
}

function moveButtons(data, onMove) {
  const box = document.createElement("div");
  for (const [key, list] of Object.entries(data)) {
    if (!Array.isArray(list) || !list.length || typeof list[0] !== "object" || !("to" in list[0])) continue;
    const h = document.createElement("p");
    h.textContent = `${key.replace(/_/g, " ")}:`;
    box.append(h);
    for (const m of list) {
      const b = document.createElement("button");
      b.textContent = `${m.to}  (${m.description})`;
      b.dataset.to = m.to;
      b.onclick = () => onMove(m.to);
      box.append(b);
    }
  }
  return box;
}

let firstValueShown = false;
async function evaluate() {
  clearError();
  const spec = $("value-rules").value;
  showDoc(spec, $("value-doc"));
  saveState();
  const r = await call("value", { spec, position: $("value-position").value, misere: $("value-misere").checked });
  const d = r.data;
  $("value-outcome").textContent = d.outcome ? `outcome ${d.outcome}` : "";
  const v = d.value ?? d.grundy ?? d.remoteness;
  $("value-value").textContent = v === undefined || v === null ? "" : `value ${v}`;
  $("value-text").textContent = r.text;
  $("value-moves").replaceChildren(moveButtons(d, (to) => {
    $("value-position").value = to;
    evaluate().catch(showError);
  }));
  if (!firstValueShown) {
    firstValueShown = true;
    // performance.now() counts from the start of the navigation.
    window.spragueTimings.firstValueMs = performance.now();
    $("timing").textContent = `First value ${Math.round(window.spragueTimings.firstValueMs)} ms after the page was asked for.`;
  }
}
$("value-form").onsubmit = (e) => {
  e.preventDefault();
  evaluate().catch(showError);
};

// ---- Play ------------------------------------------------------------------
// The game as the page knows it: how it started and the user's moves (option
// indices); the engine's replies follow from them.
const game = { spec: "", script: "", position: "", userFirst: true, userLeft: true, misere: false, moves: null };

function gameArgs() {
  return {
    spec: game.spec,
    script: game.script,
    position: game.position,
    userFirst: game.userFirst,
    userLeft: game.userLeft,
    misere: game.misere,
  };
}

async function newGame(script = "") {
  clearError();
  Object.assign(game, {
    spec: $("play-rules").value,
    script,
    position: $("play-position").value,
    userFirst: $("play-first").value === "1",
    userLeft: $("play-side").value === "L",
    misere: $("play-misere").checked,
    moves: [],
  });
  $("hint-out").textContent = "";
  showTab("play");
  const s = await call("newGame", gameArgs());
  render(s);
  await engineTurn(s);
}

async function engineTurn(s) {
  saveState();
  if (s.turn === "sprague") {
    $("play-status").textContent = "sprague is thinking…";
    render(await call("reply"));
  }
}

// Sets the game up again in a fresh worker from its start and the user's moves.
async function replayGame(fromUrl) {
  const moves = game.moves || [];
  game.moves = [];
  let s = await call("newGame", gameArgs());
  for (const i of moves) {
    if (s.turn === "sprague") s = await call("reply");
    if (s.turn !== "you") break;
    s = await call("play", { index: i });
    game.moves.push(i);
  }
  if (s.turn === "sprague") s = await call("reply");
  render(s);
  if (fromUrl) saveState();
}

async function userMove(index) {
  clearError();
  $("hint-out").textContent = "";
  const s = await call("play", { index });
  game.moves.push(index);
  render(s);
  await engineTurn(s);
}

let current = null;
function render(s) {
  current = s;
  const board = drawBoard(s.ruleset, s.position, s.options, (i) => {
    if (i === undefined) return render(current); // a queen chosen
    if (s.turn !== "you") return;
    if (i === null) {
      $("play-note").textContent = "That is not a move here; the list on the right has them all.";
      return;
    }
    userMove(i).catch(showError);
  });
  if (board) $("board").replaceChildren(board);
  else {
    const pre = document.createElement("pre");
    pre.textContent = s.board || s.position;
    $("board").replaceChildren(pre);
  }
  const side = s.kind === "partizan" ? ` (${s.mover})` : s.mover_name ? ` (${s.mover_name})` : "";
  $("play-status").textContent =
    s.turn === "over" ? `${s.result} Position ${s.position}.` : s.turn === "you" ? `Your move${side}.` : `sprague to move${side}.`;
  $("play-status").dataset.turn = s.turn;
  $("play-note").textContent = s.note;
  const opts = document.createElement("div");
  if (s.turn === "you") {
    s.options.forEach((o, i) => {
      const b = document.createElement("button");
      b.textContent = `${o.description}  [${o.to}]`;
      b.dataset.index = i;
      b.onclick = () => userMove(i).catch(showError);
      opts.append(b);
    });
  }
  $("play-options").replaceChildren(opts);
  $("play-history").replaceChildren(
    ...s.history.map((h) => {
      const li = document.createElement("li");
      li.textContent = h.by === "start" ? `start: ${h.position}` : `${h.by}: ${h.description} → ${h.position}`;
      return li;
    }),
  );
}

$("play-form").onsubmit = (e) => {
  e.preventDefault();
  newGame().catch(showError);
};
$("undo").onclick = async () => {
  clearError();
  try {
    const s = await call("undo");
    game.moves.pop();
    $("hint-out").textContent = "";
    render(s);
    saveState();
  } catch (e) {
    showError(e);
  }
};
$("hint").onclick = async () => {
  clearError();
  try {
    const h = await call("hint");
    const lines = [`You have ${h.verdict}.`, ...h.lines, "", "After each move:"];
    for (const o of h.options) lines.push(`${o.keeps ? "✔" : "✘"} ${o.description} → ${o.to}: ${o.verdict} for sprague`);
    $("hint-out").textContent = lines.join("\n");
    for (const b of document.querySelectorAll("#play-options button")) {
      b.classList.toggle("keeps", !!h.options[Number(b.dataset.index)]?.keeps);
    }
  } catch (e) {
    showError(e);
  }
};
$("play-move-go").onclick = async () => {
  clearError();
  try {
    const before = current.options.length;
    const s = await call("playText", { text: $("play-move").value });
    // The move's index among the options, for the URL: found by position.
    const to = s.history[s.history.length - 1].position;
    const i = current.options.findIndex((o) => o.to === to);
    game.moves.push(i >= 0 ? i : before);
    render(s);
    await engineTurn(s);
  } catch (e) {
    showError(e);
  }
};

// ---- Calc ------------------------------------------------------------------
async function calculate() {
  clearError();
  saveState();
  const r = await call("calc", { expr: $("calc-expr").value });
  // The engine's own report, one row per `name: value` line of its text
  // (`r.report` holds the fields, as `sprague calc --json` prints them).
  const rows = r.text
    .split("\n")
    .filter((line) => line.includes(":"))
    .map((line) => [line.slice(0, line.indexOf(":")), line.slice(line.indexOf(":") + 1).trim()]);
  $("calc-out").replaceChildren(
    ...rows.map(([k, v]) => {
      const tr = document.createElement("tr");
      tr.innerHTML = "<td></td><td></td>";
      tr.children[0].textContent = k;
      tr.children[1].textContent = v;
      return tr;
    }),
  );
  // The SVG is the engine's own drawing (no scripts, no links).
  $("thermograph").innerHTML = r.thermograph ?? "";
}
$("calc-form").onsubmit = (e) => {
  e.preventDefault();
  calculate().catch(showError);
};

// ---- Tables ----------------------------------------------------------------
function drawTable(t, grid, periodLine, plot) {
  const p = t.period;
  periodLine.textContent = p ? p.text : `no period in these ${t.values.length} values`;
  const width = p && p.period <= 40 ? p.period : 10;
  grid.style.gridTemplateColumns = `repeat(${width + 1}, minmax(2.5em, max-content))`;
  const cellsOut = [];
  for (let start = 0; start < t.values.length; start += width) {
    const label = document.createElement("div");
    label.className = "label";
    label.textContent = `n=${start}`;
    cellsOut.push(label);
    for (let n = start; n < Math.min(start + width, t.values.length); n++) {
      const c = document.createElement("div");
      c.textContent = t.values[n];
      c.title = `G(${n}) = ${t.values[n]}`;
      if (p && n >= p.preperiod) c.className = n < p.preperiod + p.period ? "first-period" : "periodic";
      cellsOut.push(c);
    }
  }
  grid.replaceChildren(...cellsOut);
  if (plot) plot.innerHTML = plotSvg(t.values, p);
}

function plotSvg(values, p) {
  const w = 640, h = 180, pad = 24;
  const max = Math.max(1, ...values);
  const x = (n) => pad + (n * (w - 2 * pad)) / Math.max(1, values.length - 1);
  const y = (v) => h - pad - (v * (h - 2 * pad)) / max;
  const pts = values.map((v, n) => `${x(n).toFixed(1)},${y(v).toFixed(1)}`).join(" ");
  const band = p && p.preperiod < values.length
    ? `<rect x="${x(p.preperiod)}" y="${pad}" width="${Math.max(1, x(Math.min(values.length - 1, p.preperiod + p.period)) - x(p.preperiod))}" height="${h - 2 * pad}" fill="#9bbcff" opacity=".5"/>`
    : "";
  return `<svg id="plot" xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${band}` +
    `<line x1="${pad}" y1="${h - pad}" x2="${w - pad}" y2="${h - pad}" stroke="#888"/>` +
    `<polyline points="${pts}" fill="none" stroke="#23395d" stroke-width="1.2"/>` +
    `<text x="${pad}" y="${pad - 6}" font-size="11">G(n), max ${max}</text>` +
    `<text x="${w - pad}" y="${h - 6}" font-size="11" text-anchor="end">n = ${values.length - 1}</text></svg>`;
}

async function tabulate() {
  clearError();
  saveState();
  const t = await call("table", { spec: $("table-rules").value, count: Number($("table-count").value), misere: $("table-misere").checked });
  drawTable(t, $("table-grid"), $("table-period"), $("table-plot"));
}
$("table-form").onsubmit = (e) => {
  e.preventDefault();
  tabulate().catch(showError);
};

// ---- Rules scripts -----------------------------------------------------------
const exampleScript = `// The subtraction game {1, 3, 4}: take 1, 3 or 4 tokens from a heap.
fn moves(n) {
    let out = [];
    for k in [1, 3, 4] {
        if k <= n { out.push(n - k); }
    }
    out
}

// The family for tables: a heap of n tokens.
fn start(n) { n }
`;

$("script-table").onclick = async () => {
  clearError();
  saveState();
  try {
    const t = await call("table", { script: $("script-source").value, count: Number($("script-count").value) });
    drawTable(t, $("script-grid"), $("script-period"), null);
  } catch (e) {
    showError(e);
  }
};
$("script-value").onclick = async () => {
  clearError();
  saveState();
  try {
    const r = await call("value", { script: $("script-source").value, position: $("script-position").value });
    $("script-text").textContent = r.text;
  } catch (e) {
    showError(e);
  }
};
$("script-play").onclick = () => {
  $("play-rules").value = "(rules script)";
  $("play-position").value = $("script-position").value;
  newGame($("script-source").value).catch(showError);
};

// ---- start -------------------------------------------------------------------
window.spragueTimings = {};
startWorker();
$("script-source").value = exampleScript;
const restored = loadState();
showTab(restored ? restored.tab : "value");
call("catalog").then((c) => {
  catalog = c;
  $("rulesets").replaceChildren(...c.map((e) => Object.assign(document.createElement("option"), { value: e.name })));
  showDoc($("value-rules").value, $("value-doc"));
  // The engine is loaded: the page answers from here on.
  document.body.dataset.ready = "1";
}).catch(showError);

async function boot() {
  if (!restored || restored.tab === "value") return evaluate();
  // The first value of the page even when another tab was shared.
  const run = { play: null, calc: calculate, table: tabulate, script: () => $("script-table").onclick() }[restored.tab];
  if (restored.tab === "play") {
    Object.assign(game, {
      spec: $("play-rules").value,
      script: restored.script,
      position: $("play-position").value,
      userFirst: $("play-first").value === "1",
      userLeft: $("play-side").value === "L",
      misere: $("play-misere").checked,
      moves: restored.moves ? restored.moves.split(".").filter((m) => m !== "").map(Number) : [],
    });
    return replayGame(true);
  }
  return run();
}
boot().catch(showError);
