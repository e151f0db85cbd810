// The engine's thread: loads the WebAssembly module and answers the page's
// requests one at a time, posting progress while a computation runs. The page
// stops a computation by terminating this worker and starting a new one.
import init, * as engine from "./dist/sprague_wasm.js";

let game = null;

// Called by the engine (throttled to every 100 ms) during long searches.
globalThis.spragueProgress = (done, total, phase) => {
  postMessage({ progress: { done, total: total < 0 ? null : total, phase } });
};

const ops = {
  catalog: () => engine.catalog(),
  value: (a) => engine.value(a.spec || "", a.script || "", a.position || "", !!a.misere, a.maxStates || 0),
  table: (a) => engine.table(a.spec || "", a.script || "", a.count, !!a.misere),
  calc: (a) => engine.calc(a.expr, a.maxWork || 0),
  newGame: (a) => {
    if (game) game.free();
    game = null;
    game = new engine.Game(a.spec || "", a.script || "", a.position || "", !!a.userFirst, a.userLeft !== false, !!a.misere);
    return game.state();
  },
  state: () => needGame().state(),
  hint: () => needGame().hint(),
  play: (a) => needGame().play(a.index),
  playText: (a) => needGame().play_text(a.text),
  reply: () => needGame().reply(),
  undo: () => needGame().undo(),
};

function needGame() {
  if (!game) throw new Error("no game is being played");
  return game;
}

const ready = init();

onmessage = async (e) => {
  const { id, op, args } = e.data;
  try {
    await ready;
    const started = performance.now();
    const text = ops[op](args || {});
    postMessage({ id, ok: true, result: JSON.parse(text), ms: performance.now() - started });
  } catch (err) {
    postMessage({ id, ok: false, error: String(err && err.message ? err.message : err) });
  }
};
