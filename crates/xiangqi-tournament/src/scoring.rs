//! Scoring schemes: what a win, a draw and a loss are worth (CXA 2011 art. 13; WXF 2018 art. 9).
//!
//! Points are per game for individuals. For two-game matches and team matches the game points
//! (局分, WXF "小分") decide the match, and the match is worth match points (场分, WXF "大分").

use serde::{Deserialize, Serialize};

use crate::types::{Color, Outcome, Points};

/// What each outcome of one game is worth. Organisers may change the numbers (CXA 13.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScoringScheme {
    /// A win over the board, by forfeit (CXA 20.3: "+" equals a win) or by bye (CXA 14.4).
    pub win: Points,
    /// A draw for the player of red (先手方).
    pub draw_red: Points,
    /// A draw for the player of black (后手方).
    pub draw_black: Points,
    /// A loss, over the board or by forfeit.
    pub loss: Points,
}

impl ScoringScheme {
    /// 2/1/0, the default of both books: CXA 2011 art. 13.1; WXF 2018 art. 9.1.
    pub const CXA: ScoringScheme = ScoringScheme {
        win: Points::whole(2),
        draw_red: Points::whole(1),
        draw_black: Points::whole(1),
        loss: Points::ZERO,
    };

    /// 1/½/0, WXF 2018 art. 9.1 ("视编排软件而定") and FIDE.
    pub const ONE_HALF_ZERO: ScoringScheme = ScoringScheme {
        win: Points::whole(1),
        draw_red: Points::from_halves(1),
        draw_black: Points::from_halves(1),
        loss: Points::ZERO,
    };

    /// 3/1/0: CXA 2011 art. 13.3.
    pub const THREE_ONE_ZERO: ScoringScheme = ScoringScheme {
        win: Points::whole(3),
        draw_red: Points::whole(1),
        draw_black: Points::whole(1),
        loss: Points::ZERO,
    };

    /// 3/0 with a draw worth 1 to red and 2 to black: CXA 2011 art. 13.3
    /// ("先手方和棋计1分、后手方和棋计2分"), which rewards black for holding the draw.
    pub const THREE_ZERO_BLACK_DRAW_TWO: ScoringScheme = ScoringScheme {
        win: Points::whole(3),
        draw_red: Points::whole(1),
        draw_black: Points::whole(2),
        loss: Points::ZERO,
    };

    /// What `outcome` is worth to a player who had `color` (`None` for a bye or an unplayed
    /// game). A draw without a colour is worth the lower of the two draw values.
    #[must_use]
    pub fn points(&self, outcome: Outcome, color: Option<Color>) -> Points {
        match outcome {
            Outcome::Win | Outcome::ForfeitWin | Outcome::Bye => self.win,
            Outcome::Loss | Outcome::ForfeitLoss => self.loss,
            Outcome::Draw => match color {
                Some(Color::Red) => self.draw_red,
                Some(Color::Black) => self.draw_black,
                None => self.draw_red.min(self.draw_black),
            },
        }
    }

    /// Parses the command-line names `2-1-0`, `1-0.5-0`, `3-1-0`, `3-0-1-2`.
    #[must_use]
    pub fn by_name(name: &str) -> Option<ScoringScheme> {
        Some(match name {
            "2-1-0" | "cxa" => ScoringScheme::CXA,
            "1-0.5-0" | "1-½-0" | "fide" => ScoringScheme::ONE_HALF_ZERO,
            "3-1-0" => ScoringScheme::THREE_ONE_ZERO,
            "3-0-1-2" => ScoringScheme::THREE_ZERO_BLACK_DRAW_TWO,
            _ => return None,
        })
    }
}

impl Default for ScoringScheme {
    fn default() -> Self {
        ScoringScheme::CXA
    }
}

/// Match points (场分 / 大分) from the game points (局分 / 小分) of both sides:
/// more is a match win worth 2, equal a drawn match worth 1, fewer a loss worth 0.
///
/// CXA 2011 art. 13.2 (team 场分 from 局分); WXF 2018 art. 9.2 (two-game 大分) and 9.3.
#[must_use]
pub fn match_points(own: Points, other: Points) -> (Outcome, Points) {
    match own.cmp(&other) {
        std::cmp::Ordering::Greater => (Outcome::Win, Points::whole(2)),
        std::cmp::Ordering::Equal => (Outcome::Draw, Points::whole(1)),
        std::cmp::Ordering::Less => (Outcome::Loss, Points::ZERO),
    }
}

/// A WXF two-game team match: 大分 first (a player who wins two games or a win and a draw gets
/// 2, one who draws overall 1), then 小分 (game points) when the 大分 are level.
///
/// WXF 2018 art. 9.4. `boards` lists, per board, the two game outcomes of the first team's
/// player. Returns the first team's (大分, 小分, 场分) and the second's.
#[must_use]
pub fn wxf_two_game_team_match(boards: &[[Outcome; 2]]) -> [(Points, Points, Points); 2] {
    let mut big = [Points::ZERO; 2];
    let mut small = [Points::ZERO; 2];
    for games in boards {
        let mine: Points = games.iter().map(|o| Points::whole(o.halves())).sum();
        let theirs: Points = games.iter().map(|o| Points::whole(2 - o.halves())).sum();
        small[0] += mine;
        small[1] += theirs;
        let (_, b) = match_points(mine, theirs);
        big[0] += b;
        big[1] += Points::whole(2) - b;
    }
    let (_, mp0) = match big[0].cmp(&big[1]) {
        std::cmp::Ordering::Equal => match_points(small[0], small[1]),
        _ => match_points(big[0], big[1]),
    };
    let mp1 = Points::whole(2) - mp0;
    [(big[0], small[0], mp0), (big[1], small[1], mp1)]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_scheme_in_the_books() {
        // (scheme, win, red draw, black draw, loss) — CXA 13.1, 13.3; WXF 9.1.
        let table = [
            (ScoringScheme::CXA, 8, 4, 4, 0),
            (ScoringScheme::ONE_HALF_ZERO, 4, 2, 2, 0),
            (ScoringScheme::THREE_ONE_ZERO, 12, 4, 4, 0),
            (ScoringScheme::THREE_ZERO_BLACK_DRAW_TWO, 12, 4, 8, 0),
        ];
        for (s, w, dr, db, l) in table {
            assert_eq!(s.points(Outcome::Win, Some(Color::Red)).quarters(), w);
            assert_eq!(s.points(Outcome::ForfeitWin, None).quarters(), w);
            assert_eq!(s.points(Outcome::Bye, None).quarters(), w, "CXA 14.4");
            assert_eq!(s.points(Outcome::Draw, Some(Color::Red)).quarters(), dr);
            assert_eq!(s.points(Outcome::Draw, Some(Color::Black)).quarters(), db);
            assert_eq!(s.points(Outcome::Loss, Some(Color::Black)).quarters(), l);
            assert_eq!(s.points(Outcome::ForfeitLoss, None).quarters(), l);
        }
        assert_eq!(
            ScoringScheme::by_name("3-0-1-2"),
            Some(ScoringScheme::THREE_ZERO_BLACK_DRAW_TWO)
        );
        assert_eq!(ScoringScheme::by_name("4-2-0"), None);
    }

    #[test]
    fn team_match_points_from_game_points() {
        // CXA 13.2: 5:3 wins the match (2), 4:4 draws it (1), 3:5 loses (0).
        assert_eq!(
            match_points(Points::whole(5), Points::whole(3)).1,
            Points::whole(2)
        );
        assert_eq!(
            match_points(Points::whole(4), Points::whole(4)).1,
            Points::whole(1)
        );
        assert_eq!(
            match_points(Points::whole(3), Points::whole(5)),
            (Outcome::Loss, Points::ZERO)
        );
    }

    #[test]
    fn wxf_two_game_team_match_uses_small_points_on_level_big_points() {
        use Outcome::*;
        // Board 1: win + draw (大分 2), board 2: loss + loss (0) → 大分 2:2,
        // 小分 (2+1)+(0+0) = 3 : (0+1)+(2+2) = 5 → second team wins the match (WXF 9.4).
        let r = wxf_two_game_team_match(&[[Win, Draw], [Loss, Loss]]);
        assert_eq!(r[0].0, Points::whole(2));
        assert_eq!(r[1].0, Points::whole(2));
        assert_eq!(r[0].1, Points::whole(3));
        assert_eq!(r[1].1, Points::whole(5));
        assert_eq!(r[0].2, Points::ZERO);
        assert_eq!(r[1].2, Points::whole(2));
        // Two wins on board 1 and two draws on board 2: 大分 3:1 decides.
        let r = wxf_two_game_team_match(&[[Win, Win], [Draw, Draw]]);
        assert_eq!((r[0].0, r[0].2), (Points::whole(3), Points::whole(2)));
    }
}
