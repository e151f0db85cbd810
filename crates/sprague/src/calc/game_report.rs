//! [`GameReport`]: what `calc` says about a short partizan game.

use crate::partizan::{Thermograph, TooLargeToExpand, Trajectory};
use crate::registry::Data;
use crate::{Dyadic, Outcome};

/// A short partizan game's report: every field as computed, games written
/// in the calc notation ([`crate::GameStore::display`]).
#[derive(Clone, Debug)]
pub struct GameReport {
    /// The expression as given.
    pub expression: String,
    /// The canonical form.
    pub value: String,
    /// Who wins.
    pub outcome: Outcome,
    /// The left stop.
    pub left_stop: Dyadic,
    /// The right stop.
    pub right_stop: Dyadic,
    /// The mean value.
    pub mean: Dyadic,
    /// The temperature.
    pub temperature: Dyadic,
    /// The birthday (`None`: more than 2^64).
    pub birthday: Option<u64>,
    /// The atomic weight, for an infinitesimal that has one.
    pub atomic_weight: Option<String>,
    /// The reduced canonical form (infinitesimals dropped).
    pub reduced: String,
    /// Left's and Right's incentives, or why they are not listed (a game too
    /// large to expand, as `*1000000`).
    pub incentives: Result<(Vec<String>, Vec<String>), TooLargeToExpand>,
    /// The temperature as given and the game cooled by it, when asked.
    pub cooled: Option<(String, String)>,
    /// The heating game as given and the game heated by it, when asked.
    pub heated: Option<(String, String)>,
    /// The thermograph.
    pub thermograph: Thermograph,
}

impl GameReport {
    /// The fields: `expression`, `value`, `outcome`, `left_stop`,
    /// `right_stop`, `mean`, `temperature`, `birthday`, `atomic_weight`,
    /// `reduced`, `left_incentives`, `right_incentives`, `thermograph`
    /// (`left_wall` and `right_wall`, each `[[t, x, slope], …]`: where a
    /// piece starts and its slope), and `cooled` and `heated` when asked.
    #[must_use]
    pub fn data(&self) -> Data {
        let incentives = self.incentives.as_ref().ok();
        let thermograph = Data::map()
            .with("left_wall", wall_data(&self.thermograph.left))
            .with("right_wall", wall_data(&self.thermograph.right));
        let mut d = Data::map()
            .with("expression", self.expression.as_str())
            .with("value", self.value.as_str())
            .with("outcome", self.outcome)
            .with("left_stop", self.left_stop.to_string())
            .with("right_stop", self.right_stop.to_string())
            .with("mean", self.mean.to_string())
            .with("temperature", self.temperature.to_string())
            .with("birthday", self.birthday)
            .with("atomic_weight", self.atomic_weight.as_deref())
            .with("reduced", self.reduced.as_str())
            .with("left_incentives", incentives.map(|(l, _)| l.clone()))
            .with("right_incentives", incentives.map(|(_, r)| r.clone()))
            .with("thermograph", thermograph);
        if let Some((_, c)) = &self.cooled {
            d.insert("cooled", c.as_str());
        }
        if let Some((_, h)) = &self.heated {
            d.insert("heated", h.as_str());
        }
        d
    }

    /// The report for people, one `name: value` line per field.
    #[must_use]
    pub fn text(&self) -> String {
        let mut text = String::new();
        text.push_str(&format!("value:         {}\n", self.value));
        text.push_str(&format!(
            "outcome:       {} ({})\n",
            self.outcome,
            self.outcome.calc_words()
        ));
        text.push_str(&format!(
            "stops:         left {}, right {}\n",
            self.left_stop, self.right_stop
        ));
        text.push_str(&format!("mean:          {}\n", self.mean));
        text.push_str(&format!("temperature:   {}\n", self.temperature));
        match self.birthday {
            Some(b) => text.push_str(&format!("birthday:      {b}\n")),
            None => text.push_str("birthday:      more than 2^64\n"),
        }
        if let Some(a) = &self.atomic_weight {
            text.push_str(&format!("atomic weight: {a}\n"));
        }
        text.push_str(&format!("reduced form:  {}\n", self.reduced));
        match &self.incentives {
            Ok((li, ri)) => text.push_str(&format!(
                "incentives:    Left [{}], Right [{}]\n",
                li.join(", "),
                ri.join(", ")
            )),
            Err(e) => text.push_str(&format!("incentives:    not listed: {e}\n")),
        }
        if let Some((t, c)) = &self.cooled {
            text.push_str(&format!("cooled by {t}:  {c}\n"));
        }
        if let Some((t, h)) = &self.heated {
            text.push_str(&format!("heated by {t}:  {h}\n"));
        }
        text.push_str(&format!("left wall:     {}\n", self.thermograph.left.describe()));
        text.push_str(&format!("right wall:    {}\n", self.thermograph.right.describe()));
        text
    }

    /// The thermograph drawn as SVG, titled with the canonical form.
    #[must_use]
    pub fn thermograph_svg(&self) -> String {
        crate::partizan::thermograph_svg(&self.thermograph, &self.value)
    }
}

/// A wall as `[[t, x, slope], …]`: each piece's start and its slope.
fn wall_data(w: &Trajectory) -> Data {
    Data::List(
        w.pieces()
            .iter()
            .map(|p| {
                Data::List(vec![
                    p.t.to_string().into(),
                    p.x.to_string().into(),
                    p.slope.into(),
                ])
            })
            .collect(),
    )
}
