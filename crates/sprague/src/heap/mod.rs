//! Heap games: one-heap rulesets (subtraction, take-and-break, splitting),
//! their sums as impartial rulesets, Grundy tables with fast algorithms, and
//! periodicity with proofs.

mod allbut;
mod equal_split;
mod factor;
mod game;
mod grundy_game;
mod grundy_game_file;
mod heaps;
mod lasker;
mod misere_monoid;
mod misere_quotient;
mod misere_recalibration;
mod misere_values;
mod period;
mod rare;
mod rectangles;
mod sequence_subtraction;
mod subtraction;
mod table;
mod take_break;

pub use allbut::AllBut;
pub use equal_split::EqualSplit;
pub(crate) use game::leave_heap;
pub use game::{HeapGame, HeapValuer, plain_values};
pub use grundy_game::{
    GRUNDY_GAME_MAX_VALUE, GrundyGameError, GrundyGameTable, grundy_game_plain, grundy_game_rare,
};
pub use grundy_game_file::{
    GRUNDY_BLOCK_VALUES, GRUNDY_TABLE_MAGIC, GrundyFileError, RESUME_CHECK, ResumedTable, read_grundy_table,
    write_grundy_header, write_grundy_values,
};
pub(crate) use heaps::heap_rules;
pub use heaps::{ENUMERATION_LIMIT, HeapMove, HeapSum, Heaps};
pub use lasker::Lasker;
pub use misere_quotient::{DEFAULT_MAX_ORDER, MisereQuotient, QuotientError, QuotientLimits, Relation};
pub use misere_values::{misere_grundy_values, misere_grundy_values_with};
pub use period::{PERIODICITY_THEOREM, Period, PeriodRule, find_period};
pub use rectangles::{
    Rectangle, RectangleCut, RectangleCutting, RectangleSum, format_rectangle_counts, parse_rectangle_counts,
    parse_rectangles,
};
pub use sequence_subtraction::{SequenceSubtraction, SubtractionSequence};
pub use subtraction::{RangeSubtraction, Subtraction};
pub use table::GrundyTable;
pub use take_break::{MAX_CODE_DIGITS, TakeBreak};
