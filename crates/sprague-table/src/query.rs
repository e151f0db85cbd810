//! Answers from a table file: probing a position, and verifying the whole
//! file.

use crate::graph::{is_graph_ruleset, parse_vertex};
use crate::read::TableFile;
use crate::{TableError, code};
use sprague::loopy::{SolvedValue, Wld, implied_value};
use sprague::play::SpaceNotation;

/// A position's value read from a table, with the value of each move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Probe {
    /// The ruleset of the table.
    pub ruleset: String,
    /// The position, formatted by the ruleset.
    pub position: String,
    /// Its index.
    pub index: u64,
    /// The player to move.
    pub to_move: String,
    /// Its value.
    pub value: SolvedValue,
    /// Each move: its description, the position reached and that
    /// position's value (for the opponent, who moves there).
    pub moves: Vec<(String, String, SolvedValue)>,
    /// Whether the moves are known: `false` for a graph file's table probed
    /// without its graph.
    pub moves_known: bool,
}

/// A space that is not in the registry (a graph file, a rules script),
/// given to [`probe_with`] and [`verify_with`] with the ruleset name its
/// table carries (a fingerprint of the game).
pub struct External<'s> {
    /// The space, numbered as when the table was solved.
    pub space: &'s dyn SpaceNotation,
    /// The ruleset name its table carries.
    pub ruleset: String,
}

/// Whether a table's ruleset names a space outside the registry: a graph
/// file's (`graph-file:`) or a rules script's (`rules-script:`).
#[must_use]
pub fn is_external_ruleset(ruleset: &str) -> bool {
    is_graph_ruleset(ruleset) || ruleset.starts_with("rules-script:")
}

/// The space whose moves a query reads: the registry's, or one given.
enum Space<'s> {
    Registry(Box<dyn SpaceNotation>),
    Given(&'s dyn SpaceNotation),
}

impl Space<'_> {
    fn get(&self) -> &dyn SpaceNotation {
        match self {
            Space::Registry(s) => s.as_ref(),
            Space::Given(g) => *g,
        }
    }
}

/// The space a table was solved for: a built-in ruleset from the registry;
/// for a graph file's or a script's table, `external` when given (checked
/// by its ruleset name and size), else none.
fn space_for<'s>(t: &TableFile, external: Option<&External<'s>>) -> Result<Option<Space<'s>>, TableError> {
    let name = &t.header().ruleset;
    if is_external_ruleset(name) {
        let Some(e) = external else { return Ok(None) };
        if &e.ruleset != name {
            return Err(TableError::Input(format!(
                "the game given is not the one the table {} was solved from: the table is {name}, the game given {}",
                t.path(),
                e.ruleset
            )));
        }
        if e.space.state_count() != t.header().state_count {
            return Err(TableError::Input(format!(
                "the game given has {} states but the table {} has {}",
                e.space.state_count(),
                t.path(),
                t.header().state_count
            )));
        }
        return Ok(Some(Space::Given(e.space)));
    }
    if let Some(e) = external {
        return Err(TableError::Input(format!(
            "the table {} is of the built-in ruleset {name}: {} is only read for a graph file's or a script's table",
            t.path(),
            e.ruleset
        )));
    }
    space_of(t).map(|s| Some(Space::Registry(s)))
}

/// The space a table was solved for, checked against the table's size.
fn space_of(t: &TableFile) -> Result<Box<dyn SpaceNotation>, TableError> {
    let name = &t.header().ruleset;
    let (_, space) = sprague::registry::state_space(name).map_err(|e| {
        TableError::damaged(
            t.path(),
            None,
            format!("the table's ruleset `{name}` is unknown here: {e}"),
        )
    })?;
    if space.state_count() != t.header().state_count {
        return Err(TableError::damaged(
            t.path(),
            None,
            format!(
                "the table has {} indices but {name} has {}",
                t.header().state_count,
                space.state_count()
            ),
        ));
    }
    Ok(space)
}

/// Looks `position` (in the table's ruleset's notation) up in the table at
/// `path`, without solving anything: its value and the value of each move.
/// O(moves × block) at worst (blocks are cached).
///
/// # Errors
/// The errors of [`TableFile::open`] and [`TableFile::read_block`];
/// [`TableError::Input`] for a position that does not parse (the ruleset's
/// message, with the column) or is not in the table.
pub fn probe(path: &str, position: &str) -> Result<Probe, TableError> {
    probe_with(path, position, None)
}

/// As [`probe`], for any table: a graph file's table (written by `sprague
/// solve GRAPH --out FILE`) or a rules script's takes its game as
/// `external` (see [`GraphFile`](crate::GraphFile)) to read positions and
/// list moves (the game must be the one solved: its fingerprint is the
/// table's ruleset name); without it a graph's table answers a vertex's
/// value alone, and a script's table is refused.
///
/// # Errors
/// Those of [`probe`]; [`TableError::Input`] for a game that is not the
/// table's, given for a built-in ruleset's table, or missing for a
/// script's table.
pub fn probe_with(path: &str, position: &str, external: Option<&External<'_>>) -> Result<Probe, TableError> {
    let mut t = TableFile::open(path)?;
    let ruleset = t.header().ruleset.clone();
    let Some(space) = space_for(&t, external)? else {
        if !is_graph_ruleset(&ruleset) {
            return Err(TableError::Input(format!(
                "the table {path} was solved from a rules script ({ruleset}): give the script with --rules FILE"
            )));
        }
        // A graph file's table without its graph: the value alone.
        let s = parse_vertex(position, t.header().state_count)
            .map_err(|e| TableError::Input(format!("{e} (table {path}, ruleset {ruleset})")))?;
        let Some(value) = t.get(s)? else {
            return Err(TableError::Input(format!(
                "vertex {s} holds no position in the table {path}"
            )));
        };
        return Ok(Probe {
            ruleset,
            position: s.to_string(),
            index: s,
            to_move: "the player".to_string(),
            value,
            moves: Vec::new(),
            moves_known: false,
        });
    };
    let space = space.get();
    let s = space
        .parse_state(position)
        .map_err(|e| TableError::Input(format!("{e} (table {path}, ruleset {ruleset})")))?;
    let Some(value) = t.get(s)? else {
        return Err(TableError::Input(format!(
            "position `{position}` is not in the table {path}: its index {s} holds no position of {ruleset}"
        )));
    };
    let mut moves = Vec::new();
    if space.terminal(s).is_none() {
        let mut kids = Vec::new();
        space.moves(s, &mut kids);
        for k in kids {
            let v = t.get(k)?.unwrap_or(SolvedValue::DRAW);
            moves.push((space.describe_state_move(s, k), space.format_state(k), v));
        }
    }
    Ok(Probe {
        position: space.format_state(s),
        to_move: space.mover(s),
        ruleset,
        index: s,
        value,
        moves,
        moves_known: true,
    })
}

/// What [`verify`] checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verified {
    /// The ruleset of the table.
    pub ruleset: String,
    /// Blocks whose checksum and size were checked (all of them).
    pub blocks: u64,
    /// Indices in the table.
    pub states: u64,
    /// Positions by value: wins, losses, draws for the player to move.
    pub counts: [u64; 3],
    /// Positions whose stored value was compared with the one their
    /// children's stored values imply.
    pub sampled: u64,
    /// The file's size in bytes.
    pub bytes: u64,
    /// Whether the sample was checked against children: `false` for a graph
    /// file's table verified without its graph (checksums and counts only).
    pub children_checked: bool,
}

/// A small deterministic generator (splitmix64) for the sample.
fn splitmix(x: &mut u64) -> u64 {
    *x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *x;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// Checks the table at `path`: the header and index (see
/// [`TableFile::open`]), every block's crc32 and size, then for about
/// `sample` positions drawn from a generator seeded with `seed` (and the
/// start; indices drawn uniformly, so the sample follows the share of
/// positions; every index when `sample` is at least the table's size) that
/// the stored value is the one the stored values of its children imply
/// ([`implied_value`], the parent/child self-test of retrograde tables).
/// O(N) for the blocks, O(sample × moves × block) for the sample.
///
/// # Errors
/// The first fault found, naming the file and the block:
/// [`TableError::Damaged`].
pub fn verify(path: &str, sample: u64, seed: u64) -> Result<Verified, TableError> {
    verify_with(path, sample, seed, None)
}

/// As [`verify`], for any table: a graph file's or a script's table takes
/// its game as `external` for the parent/child self-test; without it only
/// the checksums and the counts are checked.
///
/// # Errors
/// Those of [`verify`]; [`TableError::Input`] as [`probe_with`].
pub fn verify_with(
    path: &str,
    sample: u64,
    seed: u64,
    external: Option<&External<'_>>,
) -> Result<Verified, TableError> {
    let mut t = TableFile::open(path)?;
    let space = space_for(&t, external)?;
    let h = t.header().clone();
    let mut counts = [0u64; 3];
    for b in 0..h.block_count() {
        for c in t.read_block(b)? {
            match code::decode(c).map(|v| v.wld) {
                Some(Wld::Win) => counts[0] += 1,
                Some(Wld::Lose) => counts[1] += 1,
                Some(Wld::Draw) => counts[2] += 1,
                None => {}
            }
        }
    }
    let positions = counts.iter().sum::<u64>();
    let Some(space) = space else {
        return Ok(Verified {
            ruleset: h.ruleset.clone(),
            blocks: h.block_count(),
            states: h.state_count,
            counts,
            sampled: 0,
            bytes: t.file_len(),
            children_checked: false,
        });
    };
    let space = space.get();
    // Candidate indices drawn at random, about `sample` of them positions
    // (from the share of positions just counted), visited in increasing
    // order so that parents and children come from few cached blocks.
    let wanted = sample.min(positions);
    let draws = if positions == 0 {
        0
    } else {
        (u128::from(wanted) * u128::from(h.state_count) / u128::from(positions))
            .min(u128::from(h.state_count)) as u64
    };
    let mut rng = seed;
    // A sample as large as the table checks every index.
    let mut candidates: Vec<u64> = if sample >= h.state_count {
        (0..h.state_count).collect()
    } else {
        (0..draws)
            .map(|_| splitmix(&mut rng) % h.state_count.max(1))
            .collect()
    };
    if let Ok(s) = space.parse_state("start") {
        candidates.push(s);
    }
    candidates.sort_unstable();
    candidates.dedup();
    let mut sampled = 0;
    let mut kids = Vec::new();
    let mut buf = Vec::new();
    for s in candidates {
        let Some(stored) = t.get(s)? else { continue };
        kids.clear();
        if space.terminal(s).is_none() {
            space.moves(s, &mut kids);
        }
        let mut vals = Vec::with_capacity(kids.len());
        for &k in &kids {
            vals.push((k, t.get(k)?));
        }
        let implied = implied_value(space, s, &mut buf, |k| {
            vals.iter().find(|&&(x, _)| x == k).and_then(|&(_, v)| v)
        });
        if implied != Some(stored) {
            let shown = implied.map_or("not a position".to_string(), |v| v.to_string());
            return Err(TableError::damaged(
                path,
                Some(s / u64::from(h.block_states)),
                format!(
                    "position {} (index {s}) stores {stored} but its children's values imply {shown}: the table is inconsistent",
                    space.format_state(s)
                ),
            ));
        }
        sampled += 1;
    }
    Ok(Verified {
        ruleset: h.ruleset.clone(),
        blocks: h.block_count(),
        states: h.state_count,
        counts,
        sampled,
        bytes: t.file_len(),
        children_checked: true,
    })
}
