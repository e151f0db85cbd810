// Clickable boards drawn from a position's notation. A click never decides
// what is legal: it names the position the user has in mind, and the move
// made is the engine's option that reaches it (or none). Which options exist
// is always the engine's answer.

const el = (tag, cls, text) => {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
};

const nums = (text) => text.trim().split(/[\s,]+/).filter((w) => w !== "").map(Number);
// A sum of heaps as the same game whatever the order, empty heaps left out.
const heapKey = (hs) => hs.filter((h) => h > 0).sort((a, b) => a - b).join(" ");

// Cells of a grid position (`rows|joined|by|bars`, or strips separated by
// spaces): key "r,c" → character.
function cells(text) {
  const map = new Map();
  text.trim().split(/[|\s]+/).forEach((row, r) => {
    [...row].forEach((ch, c) => map.set(`${r},${c}`, ch));
  });
  return map;
}

// The keys where two grids differ, in the first grid's reading order.
function diff(a, b) {
  const keys = [];
  for (const [k, v] of a) if (b.get(k) !== v) keys.push(k);
  for (const k of b.keys()) if (!a.has(k)) keys.push(k);
  return keys;
}

// The option whose change covers the clicked cells: fewest changed cells,
// then the one whose change starts at the first clicked cell.
function pickByCells(position, options, clicked) {
  const here = cells(position);
  let best = null;
  options.forEach((o, i) => {
    const d = diff(here, cells(o.to));
    if (!clicked.every((k) => d.includes(k))) return;
    const score = d.length * 2 + (d[0] === clicked[0] ? 0 : 1);
    if (!best || score < best.score) best = { i, score };
  });
  return best ? best.i : null;
}

const findOption = (options, wanted, key) => {
  const i = options.findIndex((o) => key(o.to) === wanted);
  return i < 0 ? null : i;
};

function gridBoard(position, onCell, mark) {
  const root = el("div", "grid-board");
  position.trim().split(/[|\s]+/).forEach((row, r) => {
    const line = el("div", "brow");
    [...row].forEach((ch, c) => {
      const cell = el("div", "cell", ch === "." ? "" : ch);
      cell.dataset.cell = `${r},${c}`;
      if (mark) mark(cell, ch);
      cell.onclick = (ev) => onCell(`${r},${c}`, ev);
      line.append(cell);
    });
    root.append(line);
  });
  return root;
}

function heapRows(position, cls, onToken) {
  const root = el("div");
  nums(position).forEach((h, i) => {
    const line = el("div", "brow");
    line.append(el("span", "heap-label", `heap ${i + 1}: ${h}`));
    for (let j = 0; j < h && j < 60; j++) {
      const t = el("div", cls);
      t.dataset.heap = i;
      t.dataset.token = j;
      t.title = cls === "pin" ? `knock down pin ${j + 1} (shift: and the next)` : `take from token ${j + 1} on`;
      t.onclick = (ev) => onToken(i, j, ev);
      line.append(t);
    }
    root.append(line);
  });
  return root;
}

// name → draw(position, options, move): draws into a new element; calls
// move(index) when a click names an option, move(null) when it names none.
const boards = {
  nim(position, options, move) {
    return heapRows(position, "token", (i, j) => {
      const hs = nums(position);
      hs[i] = j;
      move(findOption(options, heapKey(hs), (t) => heapKey(nums(t))));
    });
  },
  kayles(position, options, move) {
    return heapRows(position, "pin", (i, j, ev) => {
      const hs = nums(position);
      const two = ev.shiftKey ? 2 : 1;
      const h = hs[i];
      hs.splice(i, 1, j, h - j - two);
      if (h - j - two < 0) return move(null);
      move(findOption(options, heapKey(hs), (t) => heapKey(nums(t))));
    });
  },
  chomp(position, options, move) {
    const rows = nums(position);
    const width = Math.max(0, ...rows);
    const text = rows.map((n) => "o".repeat(n) + ".".repeat(width - n)).join("|");
    return gridBoard(text, (key) => {
      const [r, c] = key.split(",").map(Number);
      const after = rows.map((n, i) => (i >= r ? Math.min(n, c) : n));
      const k = (t) => nums(t).filter((n) => n > 0).join(" ");
      move(findOption(options, k(after.join(" ")), k));
    }, (cell, ch) => {
      if (ch === ".") cell.classList.add("gone");
      if (cell.dataset.cell === "0,0") cell.classList.add("poison");
    });
  },
  wythoff(position, options, move) {
    return queens([nums(position)], options, move, (t) => [nums(t)]);
  },
  "wyt-queens"(position, options, move) {
    const parse = (t) => t.trim().split(/\s+/).filter((w) => w).map((q) => q.split(",").map(Number));
    return queens(parse(position), options, move, parse);
  },
  hackenbush(position, options, move) {
    const stalks = position.trim().split(/\s+/).filter((s) => s);
    if (stalks.some((s) => !/^[BRG]+$/.test(s))) return null;
    const root = el("div", "stalks");
    stalks.forEach((s, i) => {
      const stalk = el("div", "stalk");
      [...s].forEach((color, j) => {
        const e = el("div", `edge ${color}`);
        e.dataset.stalk = i;
        e.dataset.edge = j;
        e.title = `cut edge ${j + 1} of stalk ${i + 1}`;
        e.onclick = () => {
          const after = stalks.slice();
          after[i] = s.slice(0, j);
          const k = (t) => t.trim().split(/\s+/).filter((x) => x).sort().join(" ");
          move(findOption(options, k(after.join(" ")), k));
        };
        stalk.append(e);
      });
      root.append(stalk);
    });
    return root;
  },
};

// Grid games: the click names the cells that change.
let pending = [];
for (const name of ["domineering", "tic-tac-toe", "toads-and-frogs", "clobber"]) {
  boards[name] = (position, options, move) =>
    gridBoard(position, (key) => {
      pending = pending.concat([key]);
      const i = pickByCells(position, options, pending);
      if (i !== null) {
        pending = [];
        move(i);
      } else if (pending.length > 1) {
        pending = [];
        move(null);
      }
    }, (cell, ch) => {
      if (ch === "#") cell.classList.add("filled");
    });
}

// Queens on a board with the corner at 0,0 drawn bottom left: click a queen
// to choose it, then the square it goes to.
let chosen = 0;
function queens(qs, options, move, parse) {
  const w = Math.max(...qs.map((q) => q[0])) + 1;
  const h = Math.max(...qs.map((q) => q[1])) + 1;
  if (!(w * h <= 900)) return null;
  if (chosen >= qs.length) chosen = 0;
  const rows = [];
  for (let y = h - 1; y >= 0; y--) {
    let row = "";
    for (let x = 0; x < w; x++) row += qs.some((q) => q[0] === x && q[1] === y) ? "Q" : ".";
    rows.push(row);
  }
  const sortKey = (list) => list.map((q) => q.join(",")).sort().join(" ");
  const board = gridBoard(rows.join("|"), (key) => {
    const [r, c] = key.split(",").map(Number);
    const x = c;
    const y = h - 1 - r;
    const at = qs.findIndex((q) => q[0] === x && q[1] === y);
    if (at >= 0 && at !== chosen && qs.length > 1) {
      chosen = at;
      return move(undefined);
    }
    const after = qs.map((q, i) => (i === chosen ? [x, y] : q));
    move(findOption(options, sortKey(after), (t) => sortKey(parse(t))));
  }, (cell) => {
    const [r, c] = cell.dataset.cell.split(",").map(Number);
    if (c === 0 && r === h - 1) cell.classList.add("poison");
  });
  const q = qs[chosen];
  const sel = board.querySelector(`[data-cell="${h - 1 - q[1]},${q[0]}"]`);
  if (sel && qs.length > 1) sel.classList.add("sel");
  return board;
}

// The clickable board of `ruleset` at `position`, or null when there is no
// drawing for it (the options list still plays every game).
export function drawBoard(ruleset, position, options, move) {
  const base = ruleset.split(":")[0];
  const draw = boards[base];
  pending = [];
  if (!draw) return null;
  try {
    return draw(position, options, move);
  } catch {
    return null;
  }
}
