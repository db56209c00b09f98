//! Each [`Format`] as the list of stages that runs it (CXA 2011 art. 10); the table is in
//! [`crate::stage`].

use crate::{
    double_stage::DoubleEliminationStage,
    group_stage::GroupStage,
    knockout_stage::KnockoutStage,
    lot_knockout::LotKnockoutStage,
    round_robin_stage::RoundRobinStage,
    stage::Stage,
    swiss_stages::{BottomElimination, SwissStage},
    tournament::{Format, Tournament, TournamentError},
};

/// The [`TournamentError::InvalidFormat`] of a format that cannot run.
fn invalid(why: String) -> TournamentError {
    TournamentError::InvalidFormat(why)
}

impl Format {
    /// The stages that run this format, in order (CXA 10.1–10.6).
    ///
    /// # Errors
    /// A format no stage can run: a round robin of other than 1 or 2 cycles, a Swiss of no
    /// rounds, a knockout stage of fewer than 2 qualifiers, and the like.
    pub fn stages(self) -> Result<Vec<Box<dyn Stage<Tournament>>>, TournamentError> {
        let stages: Vec<Box<dyn Stage<Tournament>>> = match self {
            Format::RoundRobin { cycles } => {
                if !(1..=2).contains(&cycles) {
                    return Err(invalid(format!(
                        "a round robin has 1 or 2 cycles, not {cycles}"
                    )));
                }
                vec![Box::new(RoundRobinStage { cycles })]
            }
            Format::Groups { groups, cycles } => {
                if groups == 0 || !(1..=2).contains(&cycles) {
                    return Err(invalid(format!(
                        "a group stage has at least 1 group and 1 or 2 cycles, not {groups} and \
                         {cycles}"
                    )));
                }
                vec![Box::new(GroupStage { groups, cycles })]
            }
            Format::Swiss { rounds } => vec![Box::new(SwissStage::new(rounds, None)?)],
            Format::Knockout {
                games,
                playoff_games,
            } => vec![Box::new(KnockoutStage {
                games,
                playoff_games,
                qualifiers: None,
            })],
            Format::SwissKnockout {
                rounds,
                qualifiers,
                games,
                playoff_games,
            } => {
                let swiss = SwissStage::new(rounds, None)?;
                if qualifiers < 2 {
                    return Err(invalid(format!(
                        "a knockout stage needs at least 2 qualifiers, not {qualifiers}"
                    )));
                }
                vec![
                    Box::new(swiss),
                    Box::new(KnockoutStage {
                        games,
                        playoff_games,
                        qualifiers: Some(qualifiers),
                    }),
                ]
            }
            Format::SwissElimination {
                rounds,
                per_round,
                keep,
            } => {
                let elimination = BottomElimination { per_round, keep };
                vec![Box::new(SwissStage::new(rounds, Some(elimination))?)]
            }
            Format::LotKnockout {
                games,
                playoff_games,
            } => vec![Box::new(LotKnockoutStage {
                games,
                playoff_games,
            })],
            Format::DoubleElimination {
                reset,
                playoff_games,
            } => vec![Box::new(DoubleEliminationStage {
                reset,
                playoff_games,
            })],
        };
        Ok(stages)
    }
}
