//! Team events (团体赛, CXA 2011 ch. 11) over the API: each is a stream of events in the store,
//! `team_event_opened` (the organiser's account) then the team crate's own [`TeamEvent`]s
//! under their names, in a stream of the `team` kind (older servers kept them among the
//! tournaments' streams, where they are still read and written), replayed into a
//! [`TeamTournament`] by the server's one [`Repository`]: a copy is kept, caught up from the
//! store on each request, and writes append conditionally on its sequence number, so two
//! replicas never both accept one.
//!
//! Round robins of teams are paired from the order tables (CXA 10.1, 12.2: the team listed
//! first is red on odd boards). Under 分台定人制 (CXA 11.1) the server enters both teams'
//! registered order as their line-ups when it pairs a round; under 分台换人制 and 临时定台制
//! (11.2, 11.3) each team's line-up is given before the boards' results.
//!
//! Also: a Swiss of teams paired by the CXA 积分编排 engine (CXA 10.3, 12.3: by 场分, no
//! rematch, the seed of its lots stored) or by the arbiter's hand, with byes worth a won match
//! (CXA 14.4); team
//! knockouts paired from their bracket with a stored seed (CXA 10.4, 12.4; WXF 10.1); two games
//! a board with colours swapped in the second (CXA 12.4), the match going by 大分 then 小分 under
//! WXF 9.4 and by 局分 under CXA 13.2; withdrawals (CXA 19.2, 19.3, 20.3; WXF 11.2–11.4);
//! 全队轮赛制 (CXA 11.4, format `all_play_all`, a board's games by `game`); players registered
//! by rating (CXA 11.1) unless a team's `order_override` says why not; line-ups by lot under
//! 临时定台制 (11.3); fouls and sanctions against a player or a team (`/penalties`: 全队犯规,
//! CXA 14.5; 18.5); the organiser's tie-break order (`tie_breaks`).
//!
//! The parts: [`routes`] (the URL map), [`handlers`] (one function a route), [`form`] (the
//! requests), [`json`] (the views), [`stream`] (the events and their replay).

mod form;
mod handlers;
mod json;
pub(crate) mod routes;
mod stream;

use xiangqi_store::Store;
use xiangqi_tournament::team_tournament::{TeamEvent, TeamTournament};

pub(crate) use self::routes::routes;
use self::{
    json::TeamView,
    stream::{TeamRecord, TeamState},
};
use crate::{
    accounts::Caller,
    error::ApiError,
    repo::{Guard, Repository},
};

/// Every team event, with a copy of each read in this process.
#[derive(Debug)]
pub struct Teams {
    repo: Repository<TeamState>,
}

impl Teams {
    /// Team events kept in `store`.
    pub fn new(store: Store) -> Teams {
        Teams {
            repo: Repository::new(store),
        }
    }

    /// Drops the team events nobody has used for `idle`; returns how many.
    pub fn evict(&self, idle: std::time::Duration) -> usize {
        self.repo.evict(idle)
    }

    /// Applies the events `make` computes and appends them, if `caller` organises the event.
    async fn write(
        &self,
        id: &str,
        caller: &Caller,
        make: impl FnOnce(&TeamTournament) -> Result<Vec<TeamEvent>, ApiError>,
    ) -> Result<Guard<TeamState>, ApiError> {
        self.repo
            .write(id, |v| {
                if caller.username != v.state.owner {
                    return Err(ApiError::NotAllowed(
                        "do this: only the team event's organiser may",
                    ));
                }
                Ok(make(v.state.event()?)?
                    .into_iter()
                    .map(TeamRecord::Team)
                    .collect())
            })
            .await
    }
}

/// The view of a locked team event.
fn reply<'a>(id: &'a str, guard: &'a Guard<TeamState>) -> Result<TeamView<'a>, ApiError> {
    let v = guard.as_ref().ok_or(ApiError::NotFound("team event"))?;
    TeamView::new(id, &v.state, v.seq)
}
