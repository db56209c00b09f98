//! The server's errors, mapped once to an HTTP status and a JSON body
//! `{"error": code, "message": …, "field": …}`.

use axum::{
    Json,
    http::{HeaderValue, StatusCode, header},
    response::{IntoResponse, Response},
};
use serde::Serialize;
use xiangqi_arbiter::{GameError, clock::TimedError};
use xiangqi_store::StoreError;
use xiangqi_tournament::{team_tournament::TeamError, tournament::TournamentError};

/// What a request can fail with.
#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    /// No such game, tournament or page. 404.
    #[error("{0} not found")]
    NotFound(&'static str),
    /// The request is malformed (a body that is not JSON, a bad header). 400.
    #[error("{message}")]
    BadRequest {
        /// The field at fault, if one is.
        field: Option<String>,
        /// What is wrong.
        message: String,
    },
    /// Well-formed but invalid: an unknown rule set, an illegal move. 422.
    #[error("{message}")]
    Invalid {
        /// The field at fault.
        field: Option<String>,
        /// What is wrong.
        message: String,
    },
    /// No token where one is needed. 401.
    #[error("a token is required: send `Authorization: Bearer <token>`")]
    Unauthorized,
    /// No session where an account is needed. 401.
    #[error("log in first: send `Authorization: Bearer <session token>` or the session cookie")]
    LoginRequired,
    /// A session token that is unknown, closed or expired. 401.
    #[error("the session is unknown, closed or expired: log in again")]
    SessionExpired,
    /// A wrong user name or password (the same answer for both). 401.
    #[error("wrong user name or password")]
    BadCredentials,
    /// Too many failed logins: wait `retry_after` seconds. 429.
    #[error("too many failed logins: retry in {retry_after} s")]
    TooManyRequests {
        /// Seconds to wait.
        retry_after: u64,
    },
    /// An account that may not do this. 403.
    #[error("you may not {0}")]
    NotAllowed(&'static str),
    /// A token that may not do this. 403.
    #[error("this token may not {0}")]
    Forbidden(&'static str),
    /// The game is not where the request expects it: over, another ply, not this side's turn,
    /// a concurrent write. 409.
    #[error("{message}")]
    Conflict {
        /// A stable code: `game_over`, `ply_mismatch`, `not_your_turn`, `concurrent_write`, …
        code: &'static str,
        /// Details.
        message: String,
    },
    /// Refused under an article of the rule book: a move that breaks touch-move (422
    /// `touch_move`), a void draw offer (409 `draw_offer_void`), a correction too late, … The
    /// body cites the article.
    #[error("{message}")]
    Ruled {
        /// 409 or 422.
        status: StatusCode,
        /// A stable code.
        code: &'static str,
        /// Details.
        message: String,
        /// The article (`CXA 2011 arts. 5.1–5.5`).
        article: String,
    },
    /// A plain request where a WebSocket upgrade is needed. 426.
    #[error("this is a WebSocket: send `Connection: Upgrade` and `Upgrade: websocket`")]
    UpgradeRequired,
    /// The store failed. 503.
    #[error("storage failed: {0}")]
    Store(StoreError),
    /// Stored events that no longer replay (a bug or a hand-edited database). 500.
    #[error("stored data is inconsistent: {0}")]
    Corrupt(String),
}

impl ApiError {
    /// A 400 naming `field`.
    pub fn bad_request(field: impl Into<Option<String>>, message: impl Into<String>) -> ApiError {
        ApiError::BadRequest {
            field: field.into(),
            message: message.into(),
        }
    }

    /// A 422 naming `field`.
    pub fn invalid(field: &str, message: impl Into<String>) -> ApiError {
        ApiError::Invalid {
            field: Some(field.to_owned()),
            message: message.into(),
        }
    }

    /// A 409.
    pub fn conflict(code: &'static str, message: impl Into<String>) -> ApiError {
        ApiError::Conflict {
            code,
            message: message.into(),
        }
    }

    /// A 422 under `article`.
    pub fn ruled(
        code: &'static str,
        article: impl Into<String>,
        message: impl Into<String>,
    ) -> ApiError {
        ApiError::Ruled {
            status: StatusCode::UNPROCESSABLE_ENTITY,
            code,
            message: message.into(),
            article: article.into(),
        }
    }

    /// A 409 under `article`: the game is not where the request needs it.
    pub fn ruled_conflict(
        code: &'static str,
        article: impl Into<String>,
        message: impl Into<String>,
    ) -> ApiError {
        ApiError::Ruled {
            status: StatusCode::CONFLICT,
            code,
            message: message.into(),
            article: article.into(),
        }
    }

    /// The HTTP status.
    pub fn status(&self) -> StatusCode {
        match self {
            ApiError::NotFound(_) => StatusCode::NOT_FOUND,
            ApiError::BadRequest { .. } => StatusCode::BAD_REQUEST,
            ApiError::Invalid { .. } => StatusCode::UNPROCESSABLE_ENTITY,
            ApiError::Unauthorized
            | ApiError::LoginRequired
            | ApiError::SessionExpired
            | ApiError::BadCredentials => StatusCode::UNAUTHORIZED,
            ApiError::TooManyRequests { .. } => StatusCode::TOO_MANY_REQUESTS,
            ApiError::Forbidden(_) | ApiError::NotAllowed(_) => StatusCode::FORBIDDEN,
            ApiError::Conflict { .. } => StatusCode::CONFLICT,
            ApiError::Ruled { status, .. } => *status,
            ApiError::UpgradeRequired => StatusCode::UPGRADE_REQUIRED,
            ApiError::Store(_) => StatusCode::SERVICE_UNAVAILABLE,
            ApiError::Corrupt(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    /// The stable error code.
    pub fn code(&self) -> &'static str {
        match self {
            ApiError::NotFound(_) => "not_found",
            ApiError::BadRequest { .. } => "bad_request",
            ApiError::Invalid { .. } => "invalid",
            ApiError::Unauthorized | ApiError::LoginRequired => "unauthorized",
            ApiError::SessionExpired => "session_expired",
            ApiError::BadCredentials => "bad_credentials",
            ApiError::TooManyRequests { .. } => "too_many_requests",
            ApiError::Forbidden(_) | ApiError::NotAllowed(_) => "forbidden",
            ApiError::Conflict { code, .. } | ApiError::Ruled { code, .. } => code,
            ApiError::UpgradeRequired => "upgrade_required",
            ApiError::Store(_) => "store_unavailable",
            ApiError::Corrupt(_) => "internal",
        }
    }

    /// The JSON body.
    pub fn body(&self) -> ErrorBody {
        let field = match self {
            ApiError::BadRequest { field, .. } | ApiError::Invalid { field, .. } => field.clone(),
            _ => None,
        };
        let article = match self {
            ApiError::Ruled { article, .. } => Some(article.clone()),
            _ => None,
        };
        ErrorBody {
            error: self.code(),
            message: self.to_string(),
            field,
            article,
        }
    }
}

/// The JSON body of an error.
#[derive(Debug, Serialize, utoipa::ToSchema, utoipa::ToResponse)]
#[response(description = "an error: its stable code, the message and the field at fault")]
pub struct ErrorBody {
    /// A stable code: `not_found`, `bad_request`, `invalid`, `unauthorized`,
    /// `session_expired`, `bad_credentials`, `too_many_requests`, `forbidden`, `game_over`,
    /// `ply_mismatch`, `not_your_turn`, `concurrent_write`, `clock`, `touch_move`,
    /// `draw_offer_void`, `adjourned`, `store_unavailable`, …
    pub error: &'static str,
    /// In words.
    pub message: String,
    /// The field at fault.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub field: Option<String>,
    /// The article of the rule book behind a refusal (`touch_move`, `draw_offer_void`, …).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub article: Option<String>,
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut response = (self.status(), Json(self.body())).into_response();
        if let ApiError::TooManyRequests { retry_after } = self {
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from(retry_after));
        }
        response
    }
}

impl From<StoreError> for ApiError {
    fn from(e: StoreError) -> ApiError {
        match e {
            StoreError::Conflict { expected, actual } => ApiError::conflict(
                "concurrent_write",
                format!(
                    "another write came first (the log is at {actual}, not {expected}): reload and retry"
                ),
            ),
            other => ApiError::Store(other),
        }
    }
}

impl From<GameError> for ApiError {
    fn from(e: GameError) -> ApiError {
        match e {
            GameError::Over => ApiError::conflict("game_over", "the game is over"),
            GameError::Illegal(_) | GameError::Syntax(_) => {
                ApiError::invalid("move", e.to_string())
            }
            GameError::OutOfTurn(_) => ApiError::conflict("not_your_turn", e.to_string()),
        }
    }
}

impl From<TimedError> for ApiError {
    fn from(e: TimedError) -> ApiError {
        match e {
            TimedError::Game(g) => g.into(),
            other => ApiError::conflict("clock", other.to_string()),
        }
    }
}

/// The tournament crate's refusals, as the API answers them.
/// A tournament's spec refused: a 422 naming the field at fault.
impl From<xiangqi_tournament::spec::SpecError> for ApiError {
    fn from(e: xiangqi_tournament::spec::SpecError) -> Self {
        ApiError::invalid(&e.field, e.message)
    }
}

impl From<TournamentError> for ApiError {
    fn from(e: TournamentError) -> ApiError {
        let message = e.to_string();
        match e {
            TournamentError::UnknownPlayer(_) => ApiError::invalid("player", message),
            TournamentError::PairedTwice { .. } | TournamentError::BadBoards(_) => {
                ApiError::invalid("games", message)
            }
            TournamentError::InvalidFormat(_) => ApiError::invalid("format", message),
            TournamentError::NoSuchGame { .. } => ApiError::NotFound("game in this round"),
            TournamentError::FutureRound { .. } => ApiError::invalid("after_round", message),
            TournamentError::NotCreated | TournamentError::AlreadyCreated => {
                ApiError::Corrupt(message)
            }
            TournamentError::RegistrationClosed => {
                ApiError::conflict("registration_closed", message)
            }
            TournamentError::WrongRound { .. } => ApiError::conflict("wrong_round", message),
            TournamentError::RoundIncomplete(_) => ApiError::conflict("round_incomplete", message),
            TournamentError::AllRoundsPaired(_) => ApiError::conflict("all_rounds_paired", message),
            TournamentError::Withdrawn { .. } => ApiError::conflict("withdrawn", message),
            // CXA 10.6: an eliminated player is out of every later round's pairing.
            TournamentError::Eliminated { .. } => ApiError::invalid("games", message),
            TournamentError::StageUnfinished(..) => ApiError::conflict("stage_unfinished", message),
            TournamentError::NotInBracket(_) => ApiError::invalid("games", message),
            TournamentError::TooFewPlayers => ApiError::conflict("too_few_players", message),
            TournamentError::NeedsPairings | TournamentError::Pairing(_) => {
                ApiError::conflict("pairing_failed", message)
            }
            _ => ApiError::conflict("refused", message),
        }
    }
}

/// The team crate's refusals, as the API answers them.
impl From<TeamError> for ApiError {
    fn from(e: TeamError) -> ApiError {
        let message = e.to_string();
        match e {
            TeamError::UnknownTeam(_) => ApiError::invalid("team", message),
            TeamError::TooFewPlayers { .. } => ApiError::invalid("players", message),
            TeamError::Lineup(_) => ApiError::invalid("lineup", message),
            TeamError::NoSuchBoard { .. } => ApiError::NotFound("board"),
            TeamError::NoLineup { .. } => ApiError::conflict("no_lineup", message),
            TeamError::RegistrationClosed => ApiError::conflict("registration_closed", message),
            TeamError::RoundIncomplete(_) => ApiError::conflict("round_incomplete", message),
            TeamError::NoRound(_) => ApiError::conflict("all_rounds_paired", message),
            TeamError::Withdrawn { .. } => ApiError::conflict("withdrawn", message),
            TeamError::FutureRound { .. } => ApiError::invalid("after_round", message),
            TeamError::InvalidFormat(_) => ApiError::invalid("format", message),
            TeamError::NotInBracket(_) | TeamError::PairedTwice(_) => {
                ApiError::invalid("matches", message)
            }
            TeamError::NotPlaying { .. } => ApiError::invalid("team", message),
            TeamError::Pairing(_) => ApiError::conflict("no_pairing", message),
            TeamError::BoardOrder { .. } => ApiError::invalid("players", message),
            TeamError::OverrideOutOfTurn(_) => ApiError::invalid("order_override", message),
            TeamError::LotNotAllowed => ApiError::conflict("not_by_lot", message),
            TeamError::NoSuchGame { .. } => ApiError::invalid("game", message),
            TeamError::Penalty(_) => ApiError::invalid("penalty", message),
            _ => ApiError::conflict("refused", message),
        }
    }
}
