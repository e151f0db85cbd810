#!/usr/bin/env bash
# Builds the engine for the browser into web/dist/ (sprague_wasm.js and
# sprague_wasm_bg.wasm), which is committed: `sprague serve` embeds it, so
# `cargo install` needs no WebAssembly tools. Run this after changing the
# engine; CI rebuilds and fails when the committed files differ.
#
# Installs what it needs: the wasm32 target (rustup) and wasm-bindgen-cli from
# crates.io at the version of the wasm-bindgen crate in Cargo.lock.
set -euo pipefail
cd "$(dirname "$0")/.."

out="${1:-web/dist}"
version=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/[^0-9.]/, ""); print; exit }' Cargo.lock)
if [ -z "$version" ]; then
  echo "web/build.sh: no wasm-bindgen in Cargo.lock" >&2
  exit 1
fi
rustup target add wasm32-unknown-unknown >/dev/null 2>&1 || true
if ! wasm-bindgen --version 2>/dev/null | grep -qx "wasm-bindgen $version"; then
  echo "== installing wasm-bindgen-cli $version from crates.io" >&2
  # --locked first; if the registry lacks a locked dependency, the newest
  # compatible versions.
  cargo install --locked wasm-bindgen-cli --version "$version" ||
    cargo install wasm-bindgen-cli --version "$version"
fi

# Paths of dependencies are written without the machine's cargo home, so
# that the same sources give the same bytes on every machine.
registry="${CARGO_HOME:-$HOME/.cargo}/registry/src"
export CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS="--remap-path-prefix=$registry=/registry"
# The engine is built with the fully optimised profile (every package at
# opt-level 3), with whole-program LTO on top, as a published binary would be.
export CARGO_PROFILE_OPTIMIZED_DEBUG=false
export CARGO_PROFILE_OPTIMIZED_LTO=true
export CARGO_PROFILE_OPTIMIZED_CODEGEN_UNITS=1
export CARGO_PROFILE_OPTIMIZED_PANIC=abort
cargo build --profile optimized --locked --target wasm32-unknown-unknown -p sprague-wasm
mkdir -p "$out"
wasm-bindgen --target web --no-typescript --out-dir "$out" \
  target/wasm32-unknown-unknown/optimized/sprague_wasm.wasm
ls -l "$out"
