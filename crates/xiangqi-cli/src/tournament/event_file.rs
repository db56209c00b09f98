//! A competition kept in one JSON file of its events, for `xiangqi tournament` and
//! `xiangqi tournament team` alike: read and replayed, changed by one event, written back whole
//! through a `.tmp` file renamed over it, so that a crash leaves the old file or the new one,
//! never half of either.

use std::{fs, path::Path};

use anyhow::{Context, Result, bail};
use xiangqi_tournament::{
    team_tournament::{TeamError, TeamEvent, TeamTournament},
    tournament::{Event, Tournament, TournamentError},
};

/// A competition stored as the JSON log of its events.
pub(super) trait EventFile: Sized {
    /// What happens to it.
    type Event;
    /// Why its file or an event was refused.
    type Error: std::error::Error + Send + Sync + 'static;

    /// Replays the log in `text`.
    fn from_json(text: &str) -> Result<Self, Self::Error>;
    /// The log, pretty-printed.
    fn to_json(&self) -> String;
    /// Applies one event after checking it.
    fn apply(&mut self, event: Self::Event) -> Result<(), Self::Error>;

    /// Reads and replays `file`.
    fn load(file: &Path) -> Result<Self> {
        Self::from_json(&read(file)?).with_context(|| format!("{}", file.display()))
    }

    /// Writes the whole log to `file`.
    fn save(&self, file: &Path) -> Result<()> {
        let tmp = file.with_extension("tmp");
        fs::write(&tmp, self.to_json())
            .with_context(|| format!("cannot write {}", tmp.display()))?;
        fs::rename(&tmp, file).with_context(|| format!("cannot write {}", file.display()))
    }

    /// Applies `event` to the competition in `file` and writes it back; the competition after.
    fn update(file: &Path, event: Self::Event) -> Result<Self> {
        let mut t = Self::load(file)?;
        t.apply(event)?;
        t.save(file)?;
        Ok(t)
    }
}

impl EventFile for Tournament {
    type Event = Event;
    type Error = TournamentError;

    fn from_json(text: &str) -> Result<Self, TournamentError> {
        Tournament::from_json(text)
    }

    fn to_json(&self) -> String {
        Tournament::to_json(self)
    }

    fn apply(&mut self, event: Event) -> Result<(), TournamentError> {
        Tournament::apply(self, event)
    }
}

impl EventFile for TeamTournament {
    type Event = TeamEvent;
    type Error = TeamError;

    fn from_json(text: &str) -> Result<Self, TeamError> {
        TeamTournament::from_json(text)
    }

    fn to_json(&self) -> String {
        TeamTournament::to_json(self)
    }

    fn apply(&mut self, event: TeamEvent) -> Result<(), TeamError> {
        TeamTournament::apply(self, event)
    }
}

/// The text of `path` (an entries list, a TRF file, an event file).
pub(super) fn read(path: &Path) -> Result<String> {
    fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))
}

/// Refuses a file that is already there: `new`, `final` and `import` never overwrite.
pub(super) fn must_be_new(file: &Path) -> Result<()> {
    if file.exists() {
        bail!("{} already exists", file.display());
    }
    Ok(())
}
