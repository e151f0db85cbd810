//! Helpers shared by the integration tests that drive a real terminal.

use std::process::Command;

/// Whether tmux can run the terminal tests. CI installs tmux and sets
/// `SPRAGUE_REQUIRE_TMUX`, so there a missing tmux fails the test instead of
/// skipping it; elsewhere the test is skipped with a note naming `what` it
/// would have exercised.
pub fn tmux_available(what: &str) -> bool {
    let have_tmux = Command::new("tmux")
        .arg("-V")
        .output()
        .is_ok_and(|o| o.status.success());
    if !have_tmux {
        assert!(
            std::env::var_os("SPRAGUE_REQUIRE_TMUX").is_none(),
            "SPRAGUE_REQUIRE_TMUX is set but tmux is not installed"
        );
        eprintln!("tmux is not installed: {what} is not exercised");
    }
    have_tmux
}
