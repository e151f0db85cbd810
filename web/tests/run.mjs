// Browser tests of the playground in headless Chromium (the system's
// /usr/bin/chromium, or $CHROMIUM), driven by puppeteer-core.
//
// The page is served by `$SPRAGUE_BIN serve --port 0` when SPRAGUE_BIN is set
// (the files built into the binary), else by a small static server over web/
// (the files as they are in the tree). Screenshots go to web/tests/out/.
//
//   node run.mjs            every check; exit code 1 when one fails
import { execFileSync, spawn } from "node:child_process";
import { createServer } from "node:http";
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, extname, join, normalize } from "node:path";
import { fileURLToPath } from "node:url";
import puppeteer from "puppeteer-core";

const here = dirname(fileURLToPath(import.meta.url));
const web = join(here, "..");
const out = join(here, "out");
mkdirSync(out, { recursive: true });

// ---- the server --------------------------------------------------------------
async function serve() {
  if (process.env.SPRAGUE_BIN) {
    const child = spawn(process.env.SPRAGUE_BIN, ["serve", "--port", "0"], { stdio: ["ignore", "pipe", "inherit"] });
    const url = await new Promise((resolve, reject) => {
      let text = "";
      child.stdout.on("data", (d) => {
        text += d;
        const m = text.match(/http:\/\/[0-9.:]+\//);
        if (m) resolve(m[0]);
      });
      child.on("exit", (code) => reject(new Error(`sprague serve exited with ${code}`)));
    });
    return { url, close: () => child.kill() };
  }
  const types = { ".html": "text/html", ".js": "text/javascript", ".css": "text/css", ".wasm": "application/wasm" };
  const server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url, "http://x").pathname)).replace(/^(\.\.[/\\])+/, "");
    const file = join(web, path === "/" ? "index.html" : path);
    try {
      const body = readFileSync(file);
      res.writeHead(200, { "Content-Type": types[extname(file)] || "application/octet-stream" });
      res.end(body);
    } catch {
      res.writeHead(404);
      res.end();
    }
  });
  await new Promise((r) => server.listen(0, "127.0.0.1", r));
  return { url: `http://127.0.0.1:${server.address().port}/`, close: () => server.close() };
}

// ---- checks --------------------------------------------------------------------
const results = [];
async function check(name, body) {
  const t = Date.now();
  try {
    await body();
    results.push({ name, ok: true });
    console.log(`ok   ${name} (${Date.now() - t} ms)`);
  } catch (e) {
    results.push({ name, ok: false });
    console.log(`FAIL ${name}: ${e.stack || e}`);
  }
}
function assert(cond, message) {
  if (!cond) throw new Error(message);
}

const text = (page, sel) => page.$eval(sel, (e) => e.textContent);
const ready = (page) => page.waitForFunction(() => document.body.dataset.ready === "1", { timeout: 30000 });
// Waits until the game waits for the user or is over.
const settled = (page) =>
  page.waitForFunction(() => {
    const s = document.getElementById("play-status");
    return !/thinking/.test(s.textContent) && (s.dataset.turn === "you" || s.dataset.turn === "over");
  }, { timeout: 30000 });

async function open(browser, base, hash = "") {
  const page = await browser.newPage();
  await page.setViewport({ width: 1200, height: 900 });
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(base + hash, { waitUntil: "load" });
  await ready(page);
  page.errors = errors;
  return page;
}

// The Grundy values of the subtraction game {1, 3, 4} by the definition:
// G(n) = mex of G(n - k) over k in {1, 3, 4}, k ≤ n.
function subtractionValues(count) {
  const g = [];
  for (let n = 0; n < count; n++) {
    const seen = new Set([1, 3, 4].filter((k) => k <= n).map((k) => g[n - k]));
    let m = 0;
    while (seen.has(m)) m++;
    g.push(m);
  }
  return g;
}

async function main() {
  const server = await serve();
  const profile = mkdtempSync(join(tmpdir(), "sprague-chromium-"));
  const browser = await puppeteer.launch({
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    headless: true,
    userDataDir: profile,
    args: [
      "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
      "--disable-background-networking", "--disable-component-update", "--disable-sync",
    ],
  });
  const base = server.url;
  console.log(`page at ${base}`);
  try {
    await check("Domineering 4×4: its value on first load", async () => {
      const page = await open(browser, base);
      await page.waitForFunction(() => document.getElementById("value-value").textContent !== "", { timeout: 30000 });
      // Winning Ways, ch. 2: the 4×4 board is ±{0,{{2|0},2Tiny(2)|{2|0},Miny(2)}}.
      const v = await text(page, "#value-value");
      assert(v === "value +-{0,{{2|0},2Tiny(2)|{2|0},Miny(2)}}", `value text: ${v}`);
      assert((await text(page, "#value-outcome")) === "outcome N", "outcome N");
      const t = await page.evaluate(() => window.spragueTimings.firstValueMs);
      console.log(`     first value ${Math.round(t)} ms after the page started loading`);
      // A winning move is a button; clicking it evaluates the position after it.
      const buttons = await page.$$("#value-moves button");
      assert(buttons.length > 0, "winning moves listed");
      const to = await page.evaluate((b) => b.dataset.to, buttons[0]);
      await buttons[0].click();
      await page.waitForFunction((to) => document.getElementById("value-position").value === to
        && document.getElementById("value-text").textContent.includes(to), { timeout: 30000 }, to);
      await page.screenshot({ path: join(out, "value.png") });
      assert(page.errors.length === 0, page.errors.join("; "));
      await page.close();
    });

    await check("Nim: a whole game on the board, which the engine wins", async () => {
      // 1 ⊕ 2 ⊕ 4 = 7 ≠ 0: the first player wins, and sprague moves first.
      const page = await open(browser, base, "#tab=play&play-rules=nim&play-position=1+2+4&play-first=0&play-side=L");
      let moves = 0;
      for (;;) {
        await settled(page);
        const turn = await page.$eval("#play-status", (e) => e.dataset.turn);
        if (turn === "over") break;
        assert(turn === "you", `turn ${turn}`);
        // Take one token from the largest heap: click its last token.
        const tokens = await page.$$eval(".board .token", (ts) => ts.map((t) => [Number(t.dataset.heap), Number(t.dataset.token)]));
        const [heap, token] = tokens.reduce((a, b) => (b[1] > a[1] ? b : a));
        await page.click(`.board .token[data-heap="${heap}"][data-token="${token}"]`);
        await page.waitForFunction((n) => document.querySelectorAll("#play-history li").length > n, { timeout: 30000 }, 2 * moves + 2);
        moves++;
        assert(moves < 20, "the game ends");
      }
      const status = await text(page, "#play-status");
      assert(status.startsWith("sprague wins."), status);
      // Undo takes back the last move of the user.
      await page.click("#undo");
      await page.waitForFunction(() => document.getElementById("play-status").dataset.turn === "you", { timeout: 30000 });
      await page.click("#hint");
      await page.waitForFunction(() => document.getElementById("hint-out").textContent.includes("After each move"), { timeout: 30000 });
      await page.screenshot({ path: join(out, "nim.png") });
      assert(page.errors.length === 0, page.errors.join("; "));
      await page.close();
    });

    await check("Domineering: moves by clicking the board; a shared URL restores the game", async () => {
      const page = await open(browser, base, "#tab=play&play-rules=domineering&play-position=....|....|....|....&play-first=1&play-side=L");
      await settled(page);
      // Vertical (Left): the domino on the top two cells of the first column.
      await page.click('.board .cell[data-cell="0,0"]');
      await page.waitForFunction(() => document.querySelectorAll("#play-history li").length === 3, { timeout: 30000 });
      await settled(page);
      const pos = await page.$eval("#play-history li:nth-child(2)", (e) => e.textContent);
      assert(pos.includes("#...|#..."), `the domino covers a1 and a2: ${pos}`);
      const board = await page.$$eval(".board .cell.filled", (cs) => cs.length);
      assert(board === 4, `two dominoes on the board, ${board} cells`);
      await page.click("#share");
      const url = page.url();
      const record = await text(page, "#play-history");
      const again = await open(browser, base, url.slice(url.indexOf("#")));
      await settled(again);
      assert((await text(again, "#play-history")) === record, "the same game record after opening the shared URL");
      assert(again.url() === url, "the same URL");
      await again.screenshot({ path: join(out, "domineering.png") });
      await again.close();
      await page.close();
    });

    await check("calc: the thermograph of {3|-1} is drawn", async () => {
      const page = await open(browser, base, "#tab=calc&calc-expr=" + encodeURIComponent("{3|-1}"));
      await page.waitForSelector("#thermograph svg", { timeout: 30000 });
      const mast = await page.$("#thermograph svg #mast");
      assert(mast, "the mast is drawn");
      const fields = await text(page, "#calc-out");
      // {3|-1}: mean 1, temperature 2 (its walls meet at t = 2).
      assert(fields.includes("mean1") && fields.includes("temperature2"), fields);
      const box = await page.$eval("#thermograph svg", (s) => s.getBoundingClientRect().width);
      assert(box > 100, `the drawing has a size (${box}px)`);
      await page.screenshot({ path: join(out, "calc.png") });
      await page.close();
    });

    await check("calc: omega+1 is an ordinal, 1/3 + 1/6 is 1/2", async () => {
      const page = await open(browser, base, "#tab=calc&calc-expr=" + encodeURIComponent("omega+1"));
      await page.waitForFunction(() => document.getElementById("calc-out").textContent !== "", { timeout: 30000 });
      let fields = await text(page, "#calc-out");
      // omega+1 is positive (Left wins) and its own Cantor normal form.
      assert(fields.includes("valueomega+1") && fields.includes("outcomeL"), fields);
      assert(fields.includes("yes, omega+1 in Cantor normal form"), fields);
      assert((await text(page, "#thermograph")) === "", "no thermograph for a surreal number");
      await page.$eval("#calc-expr", (e) => (e.value = "1/3 + 1/6"));
      await page.click("#calc-form button");
      await page.waitForFunction(() => document.getElementById("calc-out").textContent.includes("1/2"), { timeout: 30000 });
      fields = await text(page, "#calc-out");
      assert(fields.includes("yes, canonical form 1/2"), fields);
      await page.close();
    });

    await check("calc: *[2#,0] is restive, on + off is dud", async () => {
      const page = await open(browser, base, "#tab=calc&calc-expr=" + encodeURIComponent("*[2#,0]"));
      await page.waitForFunction(() => document.getElementById("calc-out").textContent !== "", { timeout: 30000 });
      let fields = await text(page, "#calc-out");
      // Genus 1^20, restive (Winning Ways ch. 13), from the engine's report.
      assert(fields.includes("genus1^20") && fields.includes("restiveyes"), fields);
      await page.$eval("#calc-expr", (e) => (e.value = "on + off"));
      await page.click("#calc-form button");
      await page.waitForFunction(() => document.getElementById("calc-out").textContent.includes("dud"), { timeout: 30000 });
      fields = await text(page, "#calc-out");
      assert(fields.includes("onsideon") && fields.includes("offsideoff"), fields);
      assert((await text(page, "#thermograph")) === "", "no thermograph for a loopy game");
      await page.close();
    });

    await check("table: Kayles has period 12 from n = 71", async () => {
      const page = await open(browser, base, "#tab=table&table-rules=kayles&table-count=200");
      await page.waitForFunction(() => document.getElementById("table-period").textContent !== "", { timeout: 30000 });
      const p = await text(page, "#table-period");
      assert(p.startsWith("period 12 from n = 71"), p);
      const first = await page.$$eval("#table-grid .first-period", (cs) => cs.length);
      assert(first === 12, `one period highlighted: ${first} cells`);
      assert(await page.$("#table-plot svg polyline"), "the plot");
      await page.screenshot({ path: join(out, "table.png"), fullPage: true });
      await page.close();
    });

    await check("rules script: tabulates and plays", async () => {
      const page = await open(browser, base, "#tab=script");
      await page.click("#script-table");
      await page.waitForFunction(() => document.getElementById("script-period").textContent !== "", { timeout: 30000 });
      const values = await page.$$eval("#script-grid div:not(.label)", (cs) => cs.map((c) => Number(c.textContent)));
      const want = subtractionValues(40);
      assert(JSON.stringify(values) === JSON.stringify(want), `values ${values} want ${want}`);
      const p = await text(page, "#script-period");
      assert(p.startsWith("period 7 from n = 0"), p);
      await page.click("#script-play");
      await page.waitForFunction(() => document.querySelectorAll("#play-options button").length > 0, { timeout: 30000 });
      await page.close();
    });

    await check("a long computation shows progress and stops", async () => {
      const page = await open(browser, base, "#tab=value&value-rules=domineering&value-position=" + encodeURIComponent("........|........|........|........|........|........|........|........"));
      // The first load starts the 8×8 search: wait for progress, then Stop.
      await page.waitForFunction(() => !document.getElementById("busy").hidden && /\d/.test(document.getElementById("progress-text").textContent), { timeout: 30000 });
      // Stop stays where it is while the count grows (a button that moves
      // can be missed by the pointer).
      const stopAt = () => page.$eval("#stop", (b) => b.getBoundingClientRect().x);
      const x0 = await stopAt();
      await page.$eval("#progress-text", (e) => (e.textContent = "1,234,567,890 states"));
      assert((await stopAt()) === x0, "the Stop button moves as the count widens");
      await page.click("#stop");
      await page.waitForFunction(() => document.getElementById("error").textContent === "Stopped.", { timeout: 10000 });
      // The new worker answers at once.
      await page.$eval("#value-position", (e) => (e.value = "..|.."));
      await page.click("#value-form button[type=submit]");
      await page.waitForFunction(() => document.getElementById("value-text").textContent.includes("..|.."), { timeout: 30000 });
      await page.close();
    });

    await check("the boards of the other games play by clicks", async () => {
      const games = [
        ["kayles", "5 3", ".board .pin"],
        ["chomp", "4 3 2", '.board .cell[data-cell="1,1"]'],
        ["wyt-queens", "4,6", '.board .cell[data-cell="0,0"]'],
        ["toads-and-frogs", "TT..FF", '.board .cell[data-cell="0,1"]'],
        ["tic-tac-toe", "start", '.board .cell[data-cell="1,1"]'],
        ["hackenbush", "BRB RRB", ".board .edge.B"],
      ];
      for (const [name, pos, target] of games) {
        const page = await open(browser, base, `#tab=play&play-rules=${name}&play-position=${encodeURIComponent(pos)}&play-first=1&play-side=L`);
        await settled(page);
        assert((await page.$eval("#play-status", (e) => e.dataset.turn)) === "you", `${name}: your turn`);
        await page.click(target);
        await page.waitForFunction(() => document.querySelectorAll("#play-history li").length >= 2, { timeout: 30000 });
        await settled(page);
        await page.screenshot({ path: join(out, `${name}.png`) });
        await page.close();
      }
    });

    await check("one game of every listed ruleset, to its end", async () => {
      // The rulesets and their example positions as `sprague games --json`
      // lists them; the few whose example is too long a game are played on
      // the small positions the terminal test plays.
      if (!process.env.SPRAGUE_BIN) {
        console.log("     SPRAGUE_BIN is not set: skipped");
        return;
      }
      const listing = JSON.parse(execFileSync(process.env.SPRAGUE_BIN, ["games", "--json"], { encoding: "utf8" }));
      const small = new Map(readFileSync(join(web, "../crates/sprague-cli/tests/play_every_positions.txt"), "utf8")
        .split("\n").filter((l) => l && !l.startsWith("#"))
        .map((l) => [l.slice(0, l.indexOf(" ")), l.slice(l.indexOf(" ") + 1)]));
      const page = await open(browser, base);
      let played = 0;
      for (const g of listing.games) {
        const example = g.examples.map((e) => e.split(/\s+/)).find((w) => w[0] === "sprague" && w[1] === "value"
          && (w[2] === g.name || w[2].split(":")[0] === g.name));
        assert(example, `${g.name}: a value example`);
        const spec = example[2];
        const words = small.has(g.name) ? small.get(g.name).split(" ") : example.slice(3);
        // `--first engine`: sprague moves first (it takes the winning side of
        // a loopy game, which the user's first moves could drag on for ever).
        const first = words.join(" ").includes("--first engine") ? 0 : 1;
        const position = words.filter((w, i) => !w.startsWith("--") && words[i - 1] !== "--first").join(" ");
        await page.goto(`${base}#tab=play&play-rules=${encodeURIComponent(spec)}&play-position=${encodeURIComponent(position)}&play-first=${first}&play-side=L`, { waitUntil: "load" });
        await page.reload({ waitUntil: "load" });
        await ready(page);
        let moves = 0;
        for (;;) {
          await settled(page);
          const turn = await page.$eval("#play-status", (e) => e.dataset.turn);
          if (turn === "over") break;
          const before = await page.$$eval("#play-history li", (l) => l.length);
          const first = await page.$("#play-options button");
          assert(first, `${g.name} ${position}: no move offered: ${await text(page, "#play-status")}`);
          await first.click();
          await page.waitForFunction((n) => document.querySelectorAll("#play-history li").length > n, { timeout: 60000 }, before);
          moves++;
          assert(moves < 300, `${g.name} ${position}: no game over after 300 moves`);
        }
        played++;
      }
      console.log(`     ${played} rulesets played to game over`);
      assert(page.errors.length === 0, page.errors.join("; "));
      await page.close();
    });

    await check("speed: Domineering 5×5 in the browser", async () => {
      const page = await open(browser, base, "#tab=value&value-rules=domineering&value-position=" + encodeURIComponent(".....|.....|.....|.....|....."));
      await page.waitForFunction(() => document.getElementById("value-text").textContent !== "", { timeout: 120000 });
      const ms = await page.evaluate(() => window.spragueTimings.lastMs);
      console.log(`     domineering 5×5 in the worker: ${Math.round(ms)} ms`);
      await page.close();
    });
  } finally {
    await browser.close();
    server.close();
    rmSync(profile, { recursive: true, force: true });
  }
  const failed = results.filter((r) => !r.ok);
  console.log(`${results.length - failed.length} of ${results.length} browser checks passed`);
  process.exit(failed.length ? 1 : 0);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
