//! Differential check against cgt 0.11: random small games built from the
//! same option lists in both engines must have the same canonical forms,
//! sums, stops, means, temperatures, cooled and heated forms, reduced
//! canonical forms and (where sprague defines one) atomic weights.
//! Run with `-- --diff N`.

use cgt::short::partizan::canonical_form::CanonicalForm;
use sprague::{Dyadic, GameId, GameStore};

struct Lcg(u64);

impl Lcg {
    fn next(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) % n as u64) as usize
    }
}

/// Builds `count` random games in both engines, half from the integers
/// 0, ±1, 2 and half from 0 alone (all-small games, where atomic weights
/// live); returns the number of checks and of distinct canonical forms met.
pub fn run(count: usize, seed: u64) -> Result<(usize, usize), String> {
    let (a, fa) = run_pool(count / 2, seed, &[0, 1, -1, 2])?;
    let (b, fb) = run_pool(count - count / 2, seed ^ 0xa5a5, &[0])?;
    Ok((a + b, fa + fb))
}

fn run_pool(count: usize, seed: u64, base: &[i64]) -> Result<(usize, usize), String> {
    let mut rng = Lcg(seed);
    let mut s = GameStore::new();
    let mut ours: Vec<GameId> = Vec::new();
    let mut theirs: Vec<CanonicalForm> = Vec::new();
    for &x in base {
        let text = x.to_string();
        ours.push(s.parse(&text).map_err(|e| e.to_string())?);
        theirs.push(CanonicalForm::new_integer(x));
    }
    let mut checks = 0;
    for _ in 0..count {
        let nl = rng.next(3);
        let nr = rng.next(3);
        let pick_l: Vec<usize> = (0..nl).map(|_| rng.next(ours.len())).collect();
        let pick_r: Vec<usize> = (0..nr).map(|_| rng.next(ours.len())).collect();
        let g = s.game(
            &pick_l.iter().map(|&i| ours[i]).collect::<Vec<_>>(),
            &pick_r.iter().map(|&i| ours[i]).collect::<Vec<_>>(),
        );
        let h = CanonicalForm::new_from_moves(
            pick_l.iter().map(|&i| theirs[i].clone()).collect(),
            pick_r.iter().map(|&i| theirs[i].clone()).collect(),
        );
        same(&mut s, g, &h, "construction")?;
        checks += 1;
        let k = rng.next(ours.len());
        let sum_ours = s.add(g, ours[k]);
        let sum_theirs = &h + &theirs[k];
        same(&mut s, sum_ours, &sum_theirs, "sum")?;
        let m: Dyadic = sum_theirs.mean().to_string().parse::<Dyadic>().map_err(|e| e.to_string())?;
        if s.mean(sum_ours) != m {
            return Err(format!("mean of {} differs: cgt {m}", s.display(sum_ours)));
        }
        let t: Dyadic = sum_theirs
            .temperature()
            .to_string()
            .parse::<Dyadic>()
            .map_err(|e| e.to_string())?;
        if s.temperature(sum_ours) != t {
            return Err(format!("temperature of {} differs: cgt {t}", s.display(sum_ours)));
        }
        let (ls, rs) = s.stops(sum_ours);
        if ls.to_string() != sum_theirs.left_stop().to_string()
            || rs.to_string() != sum_theirs.right_stop().to_string()
        {
            return Err(format!("stops of {} differ", s.display(sum_ours)));
        }
        let gs = s.display(g);
        // Cooling, heating, reduced canonical form and atomic weight of the new game.
        for (num, exp) in [(1, 1), (1, 0), (3, 2)] {
            let t = Dyadic::new(num, exp);
            let c = s.cool(g, &t);
            let ct = h.cool(cgt::numeric::dyadic_rational_number::DyadicRationalNumber::new(
                num, exp,
            ));
            same(&mut s, c, &ct, &format!("{gs} cooled by {t}"))?;
        }
        let one = s.integer(1);
        let heated = s.heat(g, one);
        same(
            &mut s,
            heated,
            &h.heat(&CanonicalForm::new_integer(1)),
            "heated by 1",
        )?;
        let red = s.reduced(g);
        same(&mut s, red, &h.reduced(), &format!("reduced form of {gs}"))?;
        if let Some(aw) = s.atomic_weight(g) {
            same(&mut s, aw, &h.atomic_weight(), &format!("atomic weight of {gs}"))?;
            checks += 1;
        }
        checks += 9;
        // Keep the pool small in birthday so that sums stay cheap.
        if s.birthday(g).is_some_and(|b| b <= 5) {
            ours.push(g);
            theirs.push(h);
        }
    }
    Ok((checks, s.len()))
}

fn same(s: &mut GameStore, ours: GameId, theirs: &CanonicalForm, what: &str) -> Result<(), String> {
    let text = theirs.to_string();
    let parsed = s
        .parse(&text)
        .map_err(|e| format!("cannot read cgt's `{text}`: {e}"))?;
    if parsed != ours {
        return Err(format!("{what}: sprague {} but cgt {text}", s.display(ours)));
    }
    Ok(())
}
