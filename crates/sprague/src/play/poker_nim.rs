//! A perfect player for Poker Nim: the Nim rule; additions are answered by
//! taking the chips back.

use super::graph_text::parse_in;
use super::{Engine, Verdict, board};
use crate::registry::Result;
use crate::{
    games::{PokerNim, PokerPosition},
    notation::{Notation, format_heaps},
    outcome::Outcome,
    partizan::Player,
};

/// Poker Nim positions in play hold at most this many (chips × (heaps + 1)),
/// which bounds the moves listed each turn (see [`PokerEngine::play_size`]).
pub const POKER_PLAY_LIMIT: u64 = 100_000;

/// A perfect Poker Nim player: wins exactly as in Nim, and answers an
/// addition made from a lost position by removing the chips added.
#[derive(Clone, Copy, Debug, Default)]
pub struct PokerEngine;

impl PokerEngine {
    /// The chips of `p` (heaps and reserves) times (heaps + 1): a bound on
    /// the moves of any position reached, to compare with [`POKER_PLAY_LIMIT`].
    #[must_use]
    pub fn play_size(p: &PokerPosition) -> u128 {
        let chips = p
            .heaps
            .iter()
            .fold(u128::from(p.mover) + u128::from(p.other), |a, &h| {
                a + u128::from(h)
            });
        chips.saturating_mul(p.heaps.len() as u128 + 1)
    }

    /// Reads `take K from heap I`, `add K to heap I`, `heap I: A -> B` or
    /// `heap I -> B`; `None` when `line` has none of these forms.
    fn read(from: &PokerPosition, line: &str) -> Option<Result<PokerPosition, String>> {
        let t = line.trim().to_lowercase().replace('→', "->");
        let words: Vec<&str> = t
            .split(|c: char| c.is_whitespace() || c == ':')
            .filter(|w| !w.is_empty())
            .collect();
        let num = |w: &str| w.parse::<u64>().ok();
        let (heap, target) = match words[..] {
            ["take", k, "from", "heap", i] | ["take", k, "heap", i] => {
                let (k, i) = (num(k)?, num(i)?);
                let h = heap_at(from, i)?;
                match h {
                    Ok(h) if k == 0 || k > h => {
                        return Some(Err(format!("heap {i} has {h} chips: take 1 to {h}")));
                    }
                    Ok(h) => (i, h - k),
                    Err(e) => return Some(Err(e)),
                }
            }
            ["add", k, "to", "heap", i] | ["add", k, "heap", i] => {
                let (k, i) = (num(k)?, num(i)?);
                match heap_at(from, i)? {
                    Ok(h) => (i, h.saturating_add(k)),
                    Err(e) => return Some(Err(e)),
                }
            }
            ["heap", i, _, "->", b] | ["heap", i, "->", b] => (num(i)?, num(b)?),
            _ => return None,
        };
        let h = match heap_at(from, heap)? {
            Ok(h) => h,
            Err(e) => return Some(Err(e)),
        };
        let i = heap as usize - 1;
        let mut to = from.clone();
        to.heaps[i] = target;
        to.mover = from.other;
        Some(if target < h {
            to.other = from.mover.saturating_add(h - target);
            Ok(to)
        } else if target == h {
            Err(format!("heap {heap} already has {h} chips: a move changes it"))
        } else if target - h > from.mover {
            Err(format!(
                "adding {} chips to heap {heap} needs them in your reserve, which has {}",
                target - h,
                from.mover
            ))
        } else {
            to.other = from.mover - (target - h);
            Ok(to)
        })
    }
}

/// The size of heap `i` (from 1), or an error naming the heaps.
fn heap_at(p: &PokerPosition, i: u64) -> Option<Result<u64, String>> {
    Some(
        match usize::try_from(i).ok().filter(|&i| i >= 1 && i <= p.heaps.len()) {
            Some(k) => Ok(p.heaps[k - 1]),
            None => Err(format!("there is no heap {i} (heaps 1 to {})", p.heaps.len())),
        },
    )
}

impl Engine for PokerEngine {
    type Pos = PokerPosition;

    fn ruleset(&self) -> &str {
        "poker-nim"
    }

    fn format(&self, p: &PokerPosition) -> String {
        PokerNim.format_position(p)
    }

    fn parse(&self, text: &str) -> Result<PokerPosition, String> {
        parse_in(&PokerNim, text)
    }

    /// The heaps alone: no two moves from one position leave the same heaps,
    /// so the user may type just the heaps after a move.
    fn key(&mut self, p: &PokerPosition) -> String {
        format_heaps(&p.heaps)
    }

    fn options(&mut self, p: &PokerPosition, _mover: Player) -> Result<Vec<PokerPosition>> {
        let mut out = Vec::new();
        PokerNim::moves(p, &mut out);
        Ok(out)
    }

    fn describe(&self, from: &PokerPosition, to: &PokerPosition) -> String {
        match (0..from.heaps.len()).find(|&i| from.heaps[i] != to.heaps[i]) {
            Some(i) if to.heaps[i] < from.heaps[i] => format!(
                "heap {}: {} → {} (take {} into the reserve)",
                i + 1,
                from.heaps[i],
                to.heaps[i],
                from.heaps[i] - to.heaps[i]
            ),
            Some(i) => format!(
                "heap {}: {} → {} (add {} from the reserve)",
                i + 1,
                from.heaps[i],
                to.heaps[i],
                to.heaps[i] - from.heaps[i]
            ),
            None => "no change".to_string(),
        }
    }

    fn verdict(&mut self, p: &PokerPosition, _mover: Player) -> Result<Verdict> {
        Ok(if PokerNim::outcome(p) == Outcome::N {
            Verdict::Win(None)
        } else {
            Verdict::Lose(None)
        })
    }

    fn hint(&mut self, p: &PokerPosition, _mover: Player) -> Result<Vec<String>> {
        let x = p.nim_sum().get();
        let sum: Vec<String> = p.heaps.iter().map(u64::to_string).collect();
        let mut lines = vec![
            "Poker Nim is won exactly as Nim, whatever the reserves: an addition is reversible, since the opponent can take the added chips straight back, so it never helps the player who is losing.".to_string(),
            format!("nim-sum of the heaps: {} = {x}", sum.join(" ⊕ ")),
        ];
        if x == 0 {
            lines.push("the nim-sum is 0, so the player to move loses against perfect play: a removal makes it non-zero and is answered as in Nim; an addition is answered by taking the chips back.".to_string());
            return Ok(lines);
        }
        lines.push(format!(
            "it is not 0, so the player to move wins by making it 0: change one heap h into h ⊕ {x} (by a removal, or by an addition the reserve of {} can pay for):",
            p.mover
        ));
        let rows: Vec<(String, String)> = PokerNim::winning_moves(p)
            .iter()
            .map(|q| (format_heaps(&q.heaps), self.describe(p, q)))
            .collect();
        let w = crate::columns::column_width(rows.iter().map(|r| r.0.as_str()));
        lines.push(format!("winning moves ({}):", rows.len()));
        lines.extend(
            rows.iter()
                .map(|(a, b)| format!("    {}   {b}", crate::columns::pad_right(a, w))),
        );
        Ok(lines)
    }

    fn board(&self, p: &PokerPosition) -> Option<String> {
        let mut out = board::heaps(&format_heaps(&p.heaps))?;
        let chips = |k: u64| {
            let mut s = "●".repeat(k.min(40) as usize);
            if k > 40 {
                s.push('…');
            }
            s
        };
        out.push_str(&format!(
            "reserve of the player to move: {}  ({})\n",
            chips(p.mover),
            p.mover
        ));
        out.push_str(&format!(
            "reserve of the other player:   {}  ({})\n",
            chips(p.other),
            p.other
        ));
        Some(out)
    }

    fn short_move(&mut self, from: &PokerPosition, line: &str) -> Option<Result<PokerPosition, String>> {
        Self::read(from, line)
    }

    fn move_help(&self) -> Option<String> {
        Some(
            "`take 2 from heap 1`, `add 1 to heap 3`, `heap 2: 5 -> 3`, or just the heaps after it (`3 4 2`)"
                .to_string(),
        )
    }

    fn reply(
        &mut self,
        before: Option<&PokerPosition>,
        now: &PokerPosition,
        options: &[PokerPosition],
    ) -> Result<Option<(usize, String)>> {
        if let Some(b) = before
            && let Some(answer) = Self::take_back(b, now, options)
        {
            return Ok(Some(answer));
        }
        // Winning: a removal to nim-sum 0 when there is one (it brings the
        // end nearer; a winning addition only delays it).
        if !now.nim_sum().is_zero() {
            let removal = options
                .iter()
                .position(|o| o.nim_sum().is_zero() && o.heaps.iter().zip(&now.heaps).all(|(a, b)| a <= b));
            Ok(removal.map(|i| (i, String::new())))
        } else {
            Ok(None)
        }
    }
}

impl PokerEngine {
    /// When `before` was lost for its mover and the move to `now` was an
    /// addition, the option of `now` that takes the chips back, with why.
    fn take_back(
        b: &PokerPosition,
        now: &PokerPosition,
        options: &[PokerPosition],
    ) -> Option<(usize, String)> {
        if !b.nim_sum().is_zero() || b.heaps.len() != now.heaps.len() {
            return None;
        }
        let i = (0..b.heaps.len()).find(|&i| b.heaps[i] != now.heaps[i])?;
        if now.heaps[i] <= b.heaps[i] {
            return None;
        }
        let k = now.heaps[i] - b.heaps[i];
        options.iter().position(|o| o.heaps == b.heaps).map(|j| {
            (
                j,
                format!(
                    "the {k} chip{} you added to heap {} go straight back: an addition is reversible, so the nim-sum is 0 again and Poker Nim goes on exactly as Nim",
                    if k == 1 { "" } else { "s" },
                    i + 1
                ),
            )
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(text: &str) -> PokerPosition {
        PokerNim.parse_position(text).unwrap()
    }

    #[test]
    fn short_moves_read_removals_and_additions() {
        let p = pos("3 4 5 / 2 1");
        let take = PokerEngine::read(&p, "take 2 from heap 1").unwrap().unwrap();
        assert_eq!((take.heaps, take.mover, take.other), (vec![1, 4, 5], 1, 4));
        let add = PokerEngine::read(&p, "add 1 to heap 3").unwrap().unwrap();
        assert_eq!((add.heaps, add.mover, add.other), (vec![3, 4, 6], 1, 1));
        assert!(PokerEngine::read(&p, "heap 2: 4 -> 7").unwrap().is_err());
        assert!(PokerEngine::read(&p, "take 1 from heap 9").unwrap().is_err());
        assert!(PokerEngine::read(&p, "3 4 5").is_none());
    }

    #[test]
    fn additions_from_lost_positions_are_taken_back() {
        let before = pos("1 2 3 / 2 0");
        let now = PokerEngine::read(&before, "add 2 to heap 1").unwrap().unwrap();
        let mut engine = PokerEngine;
        let options = engine.options(&now, Player::Left).unwrap();
        let (i, why) = engine.reply(Some(&before), &now, &options).unwrap().unwrap();
        assert_eq!(options[i].heaps, before.heaps);
        assert!(why.contains("go straight back"));
        assert_eq!(PokerEngine::play_size(&before), 8 * 4);
    }
}
