//! `sprague calc`: reports, JSON fields, the thermograph file and bad input;
//! ordinals, rationals and surreal numbers (and `sprague nimber` on
//! ordinals).

use crate::common;

fn sprague(args: &[&str]) -> (i32, String, String) {
    let out = common::run(args, b"");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn calc_json_reports_the_published_values() {
    // {3||2*|1*}: mean 9/4, temperature 3/4 (Winning Ways ch. 6).
    let (code, out, _) = sprague(&["calc", "{3 | {2* | 1*}}", "--json"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["value"], "{3||2*|1*}");
    assert_eq!(v["outcome"], "L");
    assert_eq!(v["left_stop"], "3");
    assert_eq!(v["right_stop"], "2");
    assert_eq!(v["mean"], "9/4");
    assert_eq!(v["temperature"], "3/4");
    // ^ + ^ = {0|^*} prints as ^^ (Winning Ways ch. 3).
    let (_, out, _) = sprague(&["calc", "{0|^*}", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["value"], "^^");
    assert_eq!(v["atomic_weight"], "2");
    // Tiny(1) has a hot subgame; CGSuite still gives it atomic weight 0, and
    // {^^||0|-1} none (its candidate 1/2 fails the atomicity check).
    let (_, out, _) = sprague(&["calc", "Tiny(1)", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["atomic_weight"], "0");
    let (_, out, _) = sprague(&["calc", "{^^||0|-1}", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["atomic_weight"], serde_json::Value::Null);
    let (_, out, _) = sprague(&["calc", "{0,*|0,*}"]);
    assert!(out.starts_with("value:         *2\n"), "{out}");
}

#[test]
fn calc_cools_heats_and_lists_incentives() {
    // Winning Ways ch. 6: {3|1} cooled by 1 is 2*; * heated by 1 is ±1.
    let (code, out, _) = sprague(&["calc", "{3|1}", "--cool", "1", "--json"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["cooled"], "2*");
    assert_eq!(v["left_incentives"], serde_json::json!(["{2|0}"]));
    assert_eq!(v["right_incentives"], serde_json::json!(["{2|0}"]));
    let (_, out, _) = sprague(&["calc", "*", "--heat", "1", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["heated"], "+-1");
    let (code, _, err) = sprague(&["calc", "*", "--cool", "1/3"]);
    assert_eq!(code, 2);
    assert!(err.contains("not a dyadic"), "{err}");
    // Cooling by −1 < t < 0, as CGSuite allows: * cooled by −1/2 is ±1/2.
    let (code, out, _) = sprague(&["calc", "*", "--cool", "-1/2", "--json"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["cooled"], "+-1/2");
    let (code, _, err) = sprague(&["calc", "*", "--cool", "-1"]);
    assert_eq!(code, 2);
    assert!(err.contains("above -1"), "{err}");
    // A number that is not an integer cools through its options at or
    // below its temperature (-1/4 for 1/4), as in CGSuite.
    let (code, out, _) = sprague(&["calc", "1/4", "--cool", "-1/4"]);
    assert_eq!(code, 0);
    assert!(out.contains("cooled by -1/4:  1/4*\n"), "{out}");
    let (code, out, _) = sprague(&["calc", "1/4", "--cool", "-1/8", "--json"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["cooled"], "1/4");
}

#[test]
fn calc_draws_the_thermograph() {
    let dir = crate::common::temp_dir("calc");
    let path = dir.join("t.svg");
    let (code, _, err) = sprague(&["calc", "{3||2*|1*}", "--thermograph", path.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let svg = std::fs::read_to_string(&path).unwrap();
    assert!(svg.starts_with("<svg"));
    assert!(svg.contains("<polyline"));
    assert!(svg.contains("mean 9/4, temperature 3/4"));
    assert!(svg.contains("(2, 1/2)"), "breakpoint label");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn calc_rejects_bad_input_with_the_column() {
    for (expr, col) in [
        ("{1|1/3}", "column 4"),
        ("{1|2", "column 1"),
        ("1 + foo", "column 5"),
        ("{1|2}}", "column 6"),
        ("^ + ", "column 5"),
    ] {
        let (code, out, err) = sprague(&["calc", expr]);
        assert_eq!(code, 2, "{expr}");
        assert!(out.is_empty());
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains(col), "{expr}: {err}");
    }
}

#[test]
fn calc_evaluates_loopy_games() {
    // Winning Ways ch. 11: over = {0 | pass} is a positive stopper; on + off = dud.
    let (code, out, _) = sprague(&["calc", "{0 | pass}", "--json"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["loopy"], true);
    assert_eq!(v["value"], "over");
    assert_eq!(v["outcome"], "L");
    assert_eq!(v["stopper"], true);
    assert_eq!(v["compared_with_zero"], ">");
    let (code, out, _) = sprague(&["calc", "on + off", "--json"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["value"], "dud");
    assert_eq!(v["outcome"], "D");
    assert_eq!(v["onside"], "on");
    assert_eq!(v["offside"], "off");
    // CGSuite's documentation: tis = 1 & 0.
    let (_, out, _) = sprague(&["calc", "a{{|a}|}"]);
    assert!(out.starts_with("value:         1 & 0\n"), "{out}");
    // Bad input: one line naming the column, exit code 2.
    let (code, _, err) = sprague(&["calc", "{0 | b}"]);
    assert_eq!(code, 2);
    assert!(err.contains("column 6: unknown name"), "{err}");
    let (code, _, err) = sprague(&["calc", "a = {0 | a + 1}; a", "--max-states", "100"]);
    assert_eq!(code, 2);
    assert!(err.contains("--max-states"), "{err}");
    let (code, _, err) = sprague(&["calc", "over", "--cool", "1"]);
    assert_eq!(code, 2);
    assert!(err.contains("not defined for loopy games"), "{err}");
}

// Ordinals, rationals and surreal numbers (one test binary with the rest of
// `calc`: each binary costs a link on a first build).

fn json(args: &[&str]) -> serde_json::Value {
    let (code, out, err) = sprague(args);
    assert_eq!(code, 0, "{args:?}: {err}");
    serde_json::from_str(&out).unwrap()
}

#[test]
fn calc_reports_surreal_numbers() {
    // 1/omega: a positive infinitesimal (Conway, ONAG ch. 3), not an
    // ordinal, not a short game.
    let v = json(&["calc", "1/omega", "--json"]);
    assert_eq!(v["value"], "1/omega");
    assert_eq!(v["outcome"], "L");
    assert_eq!(v["sign"], 1);
    assert_eq!(v["ordinal"], serde_json::Value::Null);
    assert_eq!(v["short_game"], serde_json::Value::Null);
    let v = json(&["calc", "omega+1", "--json"]);
    assert_eq!(v["value"], "omega+1");
    assert_eq!(v["ordinal"], "omega+1");
    let v = json(&["calc", "(omega^omega)/(omega+1)", "--json"]);
    assert_eq!(v["value"], "(omega^omega)/(omega+1)");
    assert_eq!(v["outcome"], "L");
    assert_eq!(v["ordinal"], serde_json::Value::Null);
    let v = json(&["calc", "-omega", "--json"]);
    assert_eq!(v["outcome"], "R");
    let v = json(&["calc", "omega-omega", "--json"]);
    assert_eq!(v["outcome"], "P");
    assert_eq!(v["ordinal"], "0");
    assert_eq!(v["short_game"], "0");
    let (code, out, _) = sprague(&["calc", "w^2*3 + w"]);
    assert_eq!(code, 0);
    assert_eq!(
        out,
        "value:         omega^2*3+omega\n\
         outcome:       L (Left wins)\n\
         ordinal:       yes, omega^2*3+omega in Cantor normal form\n\
         short game:    no (not a dyadic rational)\n"
    );
}

#[test]
fn calc_reports_rationals_beyond_the_dyadics() {
    // 1/3 + 1/6 = 1/2: a dyadic, so also a short game.
    let v = json(&["calc", "1/3 + 1/6", "--json"]);
    assert_eq!(v["value"], "1/2");
    assert_eq!(v["short_game"], "1/2");
    assert_eq!(v["ordinal"], serde_json::Value::Null);
    let v = json(&["calc", "1/3", "--json"]);
    assert_eq!(v["value"], "1/3");
    assert_eq!(v["short_game"], serde_json::Value::Null);
    // Dyadic expressions still go through the short-game calculator.
    let v = json(&["calc", "3/4", "--json"]);
    assert_eq!(v["value"], "3/4");
    assert_eq!(v["mean"], "3/4");
}

#[test]
fn calc_errors_name_the_column() {
    let (code, out, err) = sprague(&["calc", "omega + x"]);
    assert_eq!(code, 2);
    assert!(out.is_empty());
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("column 9"), "{err}");
    let (code, _, err) = sprague(&["calc", "1/(omega-omega)"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("division by zero") && err.contains("column 2"),
        "{err}"
    );
    let (code, _, err) = sprague(&["calc", "omega", "--cool", "1"]);
    assert_eq!(code, 2);
    assert!(err.contains("cooling"), "{err}");
}

#[test]
fn nimber_accepts_ordinals() {
    // Conway, ONAG ch. 6: omega ⊗ omega = omega^2, omega^3 = 2 in nim powers.
    let (code, out, _) = sprague(&["nimber", "mul", "omega", "omega"]);
    assert_eq!((code, out.as_str()), (0, "omega^2\n"));
    let (_, out, _) = sprague(&["nimber", "mul", "omega^2", "omega"]);
    assert_eq!(out, "2\n");
    let v = json(&["nimber", "add", "omega*3+1", "omega+3", "--json"]);
    assert_eq!(v["result"], "omega*2+2");
    let (code, _, err) = sprague(&["nimber", "mul", "omega^(omega^3)", "omega"]);
    assert_eq!(code, 2);
    assert!(err.contains("alpha_11"), "{err}");
    // Finite operands keep the 64-bit nimber field.
    let (_, out, _) = sprague(&["nimber", "mul", "2", "2"]);
    assert_eq!(out, "3\n");
}

#[test]
fn calc_reports_restive_games_and_mates_in_misere_play() {
    // {{*2}, 0}: restive (its options tame, G⁺ = 1, G⁻ = 2), genus 1^20; a
    // game plus its mate is a misère P-position (Winning Ways ch. 13).
    let (code, out, _) = sprague(&["calc", "*[2#,0]", "--json"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["genus"], "1^20");
    assert_eq!(
        (v["tame"].as_bool(), v["restive"].as_bool()),
        (Some(false), Some(true))
    );
    assert_eq!(v["restless"], false);
    let mate = v["mate"].as_str().unwrap_or_default().to_string();
    let (_, out, _) = sprague(&["calc", &format!("*[2#,0] + {mate}")]);
    assert!(
        out.contains("outcome:       P (the previous player wins, misère play)"),
        "{out}"
    );
    // *2 + *2 is its own mate; misère Nim positions are tame.
    let (_, out, _) = sprague(&["calc", "*[2] + *[2]"]);
    for line in ["tame:          yes", "restive:       no", "mate:          *[3,2]"] {
        assert!(out.contains(line), "{out}");
    }
}
