//! The exports JavaScript sees (`wasm-bindgen`). Errors become thrown
//! `Error`s with the core's one-line message. The glue that `wasm-bindgen`
//! generates is unsafe code, allowed in this module only.
#![allow(unsafe_code)]
#![allow(missing_docs)] // documented on the functions of `api` they forward to

use crate::api;
use wasm_bindgen::prelude::*;

fn answer(a: api::Answer) -> Result<String, JsError> {
    a.map_err(|e| JsError::new(&e))
}

#[wasm_bindgen]
extern "C" {
    /// The worker's progress function (`self.spragueProgress`).
    #[wasm_bindgen(js_namespace = globalThis, js_name = spragueProgress)]
    fn js_progress(done: f64, total: f64, phase: &str);
}

/// Posts progress at most every 100 ms of wall time.
fn progress(done: u64, total: Option<u64>, phase: &str) {
    use std::sync::atomic::{AtomicU64, Ordering};
    static LAST: AtomicU64 = AtomicU64::new(0);
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)] // milliseconds since 1970
    let now = js_sys::Date::now() as u64;
    if now.saturating_sub(LAST.load(Ordering::Relaxed)) >= 100 {
        LAST.store(now, Ordering::Relaxed);
        #[allow(clippy::cast_precision_loss)] // a progress figure
        js_progress(done as f64, total.map_or(-1.0, |t| t as f64), phase);
    }
}

#[wasm_bindgen(start)]
fn start() {
    api::set_progress_hook(progress);
}

#[wasm_bindgen]
pub fn catalog() -> String {
    api::catalog()
}

#[wasm_bindgen]
pub fn value(
    spec: &str,
    script: &str,
    position: &str,
    misere: bool,
    max_states: u32,
) -> Result<String, JsError> {
    answer(api::value(spec, script, position, misere, max_states))
}

#[wasm_bindgen]
pub fn table(spec: &str, script: &str, count: u32, misere: bool) -> Result<String, JsError> {
    answer(api::table(spec, script, count, misere))
}

#[wasm_bindgen]
pub fn calc(expr: &str, max_work: u32) -> Result<String, JsError> {
    answer(api::calc(expr, max_work))
}

/// A game against the perfect player (see [`api::Game`]).
#[wasm_bindgen]
pub struct Game(api::Game);

#[wasm_bindgen]
impl Game {
    #[wasm_bindgen(constructor)]
    pub fn new(
        spec: &str,
        script: &str,
        position: &str,
        user_first: bool,
        user_left: bool,
        misere: bool,
    ) -> Result<Game, JsError> {
        api::Game::new(spec, script, position, user_first, user_left, misere)
            .map(Game)
            .map_err(|e| JsError::new(&e))
    }

    pub fn state(&mut self) -> Result<String, JsError> {
        answer(self.0.state())
    }

    pub fn hint(&mut self) -> Result<String, JsError> {
        answer(self.0.hint())
    }

    pub fn play(&mut self, index: usize) -> Result<String, JsError> {
        answer(self.0.play(index))
    }

    pub fn play_text(&mut self, text: &str) -> Result<String, JsError> {
        answer(self.0.play_text(text))
    }

    pub fn reply(&mut self) -> Result<String, JsError> {
        answer(self.0.reply())
    }

    pub fn undo(&mut self) -> Result<String, JsError> {
        answer(self.0.undo())
    }
}
