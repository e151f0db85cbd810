//! Scratch runner.
use sprague::{Monitor, Options, Ruleset};
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let r = match sprague_script::ScriptRuleset::load(&args[1], if std::env::var("NOLIM").is_ok() { sprague_script::Limits { max_string: 0, max_array: 0, ..Default::default() } } else { Default::default() }) {
        Ok(r) => r,
        Err(e) => { println!("ERR {e}"); return; }
    };
    let m = Monitor::default();
    let o = Options::new(&m);
    if args[2] == "table" {
        let t0 = std::time::Instant::now();
        match r.table(args[3].parse().unwrap(), &o, &mut |_| true) {
            Ok(t) => println!("{:?} {:?} {:?}", &t.values[..t.values.len().min(30)], t.period, t0.elapsed()),
            Err(e) => println!("ERR {e}"),
        }
    } else {
        match r.value(&args[2], &o) { Ok(x) => print!("{}", x.text), Err(e) => println!("ERR {e}") }
    }
}
