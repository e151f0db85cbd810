//! The sprague engine for the browser: a thin JavaScript-facing adapter over
//! the registry ([`sprague::registry`]), the partizan calculator and rules
//! scripts ([`sprague_script`]). No game logic lives here; every answer is
//! the core's, turned into JSON text.
//!
//! [`api`] holds the answers as plain Rust (tested on the host);
//! `bindings` (compiled for `wasm32` only) exports them with `wasm-bindgen`
//! to the page in `web/`, which runs them in a Web Worker.

#![deny(unsafe_code)]

pub mod api;
#[cfg(target_arch = "wasm32")]
mod bindings;
