// The engine's speed in V8 (the JavaScript engine of Chromium), in CPU time so
// that the machine's load does not move it: the WebAssembly of web/dist/ run
// by node, beside the native binary when SPRAGUE_BIN is set. One query per
// run (no memo carries over):
//
//   SPRAGUE_BIN=../../target/optimized/sprague node bench.mjs domineering '.....|.....|.....|.....|.....'
import { readFileSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { initSync, value } from "../dist/sprague_wasm.js";

const [rules = "domineering", position = ".....|.....|.....|.....|....."] = process.argv.slice(2);
const dist = join(dirname(fileURLToPath(import.meta.url)), "..", "dist");
globalThis.spragueProgress = () => {};
initSync({ module: readFileSync(join(dist, "sprague_wasm_bg.wasm")) });

const before = process.cpuUsage();
const r = JSON.parse(value(rules, "", position, false, 0));
const cpu = process.cpuUsage(before);
const wasm = (cpu.user + cpu.system) / 1e6;
let line = `${rules} ${position}: value ${r.data.value ?? r.data.grundy}; WebAssembly in V8 ${wasm.toFixed(3)} s CPU`;
if (process.env.SPRAGUE_BIN) {
  const run = spawnSync("/usr/bin/time", ["-f", "%U %S", process.env.SPRAGUE_BIN, "value", rules, position], { encoding: "utf8" });
  const [user, sys] = run.stderr.trim().split("\n").pop().split(" ").map(Number);
  const native = user + sys;
  line += `; native ${native.toFixed(3)} s CPU; ratio ${(wasm / native).toFixed(1)}×`;
}
console.log(line);
