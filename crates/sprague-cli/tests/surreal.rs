//! `sprague calc` on ordinals, rationals and surreal numbers, and `sprague
//! nimber` on ordinals.

mod common;

fn sprague(args: &[&str]) -> (i32, String, String) {
    let out = common::run(args, b"");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

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
