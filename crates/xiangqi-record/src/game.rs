//! A game record: tags, a start position and a tree of moves with comments.
//!
//! The tree is an arena (`Vec<Node>`, the root at index 0) so that records with hundreds of
//! thousands of nodes (XQF opening libraries) need no recursion to read, check or drop. A node
//! holds the move as written (`text`, from PGN) and/or as coordinates (`iccs`, from binary
//! formats or after [`Game::resolve`]).
//!
//! Reading never depends on legality: formats are parsed into the tree first, and
//! [`Game::resolve`] replays it, reporting every move that is not legal with its ply (record
//! formats doc §4: "parse the tree first and validate in a separate pass").

use xiangqi::{
    Move, Position,
    fen::{Fen, INITIAL},
    iccs::Iccs,
};

/// Index of a node in [`Game::nodes`].
pub type NodeId = usize;

/// One node of the move tree: the move that leads to it, the comment after it, and the moves
/// that may follow (the first is the main continuation, the others are variations).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Node {
    /// The node this move is played from; `None` for the root (the start position).
    pub parent: Option<NodeId>,
    /// Moves from here: the main continuation first, then the alternatives.
    pub children: Vec<NodeId>,
    /// The move as written in a text record (any notation), if it came from one.
    pub text: Option<String>,
    /// The move in coordinates: given by binary formats, filled in by [`Game::resolve`].
    pub iccs: Option<Iccs>,
    /// The comment after this move (on the root: before the first move).
    pub comment: Option<String>,
}

/// A game: tags, the move tree and the result.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Game {
    /// Tag pairs in the order read (`Event`, `Red`, `FEN`, …).
    pub tags: Vec<(String, String)>,
    /// The move tree; index 0 is the root.
    pub nodes: Vec<Node>,
    /// What a reader met but could not place: a comment on a ply that does not exist, a
    /// variation hanging from no move. The game is read all the same.
    pub warnings: Vec<String>,
}

impl Default for Game {
    fn default() -> Game {
        Game::new()
    }
}

/// A move of a record that could not be read or played.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("ply {ply} ({text}): {reason}")]
pub struct MoveError {
    /// The node of the bad move.
    pub node: NodeId,
    /// Its ply counted from the start position (1 = the first move).
    pub ply: usize,
    /// The move as written (text or coordinates).
    pub text: String,
    /// What is wrong, in words.
    pub reason: String,
}

impl Game {
    /// An empty game: no tags, no moves.
    pub fn new() -> Game {
        Game {
            tags: Vec::new(),
            nodes: vec![Node::default()],
            warnings: Vec::new(),
        }
    }

    /// The value of a tag, if present (names compare case-insensitively).
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    /// Sets a tag, replacing an existing one of the same name.
    pub fn set_tag(&mut self, name: &str, value: impl Into<String>) {
        let value = value.into();
        match self
            .tags
            .iter_mut()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
        {
            Some(slot) => slot.1 = value,
            None => self.tags.push((name.to_owned(), value)),
        }
    }

    /// Adds a move node under `parent` and returns its id.
    pub fn add_child(
        &mut self,
        parent: NodeId,
        text: Option<String>,
        iccs: Option<Iccs>,
    ) -> NodeId {
        let id = self.nodes.len();
        self.nodes.push(Node {
            parent: Some(parent),
            text,
            iccs,
            ..Node::default()
        });
        if let Some(p) = self.nodes.get_mut(parent) {
            p.children.push(id);
        }
        id
    }

    /// The start position: the `FEN` tag, or the standard start.
    ///
    /// # Errors
    /// The FEN tag's text if it is not a valid position.
    pub fn start_position(&self) -> Result<Position, String> {
        start_position(self.tag("FEN"))
    }

    /// The main line: the first child of each node from the root.
    pub fn mainline(&self) -> Vec<NodeId> {
        let mut line = Vec::new();
        let mut at = 0;
        while let Some(&next) = self.nodes.get(at).and_then(|n| n.children.first()) {
            line.push(next);
            at = next;
        }
        line
    }

    /// The main line's moves in coordinates (after [`Game::resolve`]), stopping at the first
    /// move that has none.
    pub fn mainline_iccs(&self) -> Vec<Iccs> {
        self.mainline()
            .into_iter()
            .map_while(|id| self.nodes[id].iccs)
            .collect()
    }

    /// The tree in pre-order (a node, then its children's subtrees in order), each node as its
    /// coordinates, comment and number of children: equal for two games with the same tree
    /// whatever order their nodes were stored in.
    pub fn preorder(&self) -> Vec<(Option<Iccs>, Option<&str>, usize)> {
        let mut out = Vec::with_capacity(self.nodes.len());
        let mut stack = vec![0];
        while let Some(id) = stack.pop() {
            let n = &self.nodes[id];
            out.push((n.iccs, n.comment.as_deref(), n.children.len()));
            stack.extend(n.children.iter().rev());
        }
        out
    }

    /// The number of move nodes in the tree.
    pub fn move_count(&self) -> usize {
        self.nodes.len() - 1
    }

    /// Replays the whole tree from the start position, finding each written move among the
    /// legal moves (any notation: ICCS, WXF or Chinese) and checking each coordinate move's
    /// legality. Fills in [`Node::iccs`]. The moves below a bad move are not checked.
    ///
    /// # Errors
    /// Every bad move, with its ply; a bad start position as one error at ply 0 (a record with
    /// no moves and a bad start position is only a warning: nothing is played from it).
    pub fn resolve(&mut self) -> Result<(), Vec<MoveError>> {
        let start = match self.start_position() {
            Ok(pos) => pos,
            // A record with no moves has nothing to replay: libraries hold such records as
            // section headings, with an empty board (1989年龙化杯….CBL).
            Err(reason) if self.nodes[0].children.is_empty() => {
                self.warnings.push(no_start_warning(&reason));
                return Ok(());
            }
            Err(reason) => {
                return Err(vec![MoveError {
                    node: 0,
                    ply: 0,
                    text: self.tag("FEN").unwrap_or_default().to_owned(),
                    reason,
                }]);
            }
        };
        let mut errors = Vec::new();
        // Depth-first. A line is followed in place, one position played forward; only where
        // a node has alternatives is the position copied onto the stack for each of them.
        let mut stack: Vec<(NodeId, Position, usize)> = Vec::new();
        for &c in self.nodes[0].children.iter().rev() {
            stack.push((c, start.clone(), 1));
        }
        while let Some((mut id, mut pos, mut ply)) = stack.pop() {
            loop {
                let node = &self.nodes[id];
                let played = match (&node.text, node.iccs) {
                    (Some(text), _) => read_move(&pos, text),
                    (None, Some(iccs)) => iccs.to_move(&pos).map_err(|e| e.to_string()),
                    (None, None) => Err("no move".to_owned()),
                };
                let m = match played {
                    Ok(m) => m,
                    Err(reason) => {
                        errors.push(MoveError {
                            node: id,
                            ply,
                            text: node
                                .text
                                .clone()
                                .or_else(|| node.iccs.map(|i| i.to_string()))
                                .unwrap_or_default(),
                            reason,
                        });
                        break;
                    }
                };
                self.nodes[id].iccs = Some(Iccs::from_move(m));
                pos.play_unchecked(m);
                ply += 1;
                let Some((&main, alts)) = self.nodes[id].children.split_first() else {
                    break;
                };
                for &alt in alts.iter().rev() {
                    stack.push((alt, pos.clone(), ply));
                }
                id = main;
            }
        }
        if errors.is_empty() {
            Ok(())
        } else {
            errors.sort_by_key(|e| e.node);
            Err(errors)
        }
    }
}

/// The start position a `FEN` tag's value names: the standard start if there is none or it is
/// blank.
pub(crate) fn start_position(fen: Option<&str>) -> Result<Position, String> {
    let fen = fen.filter(|f| !f.trim().is_empty()).unwrap_or(INITIAL);
    // Most records start from the standard start, written out: read once.
    static START: std::sync::OnceLock<Result<Position, String>> = std::sync::OnceLock::new();
    if fen == INITIAL {
        return START.get_or_init(|| parse_start(INITIAL)).clone();
    }
    parse_start(fen)
}

fn parse_start(fen: &str) -> Result<Position, String> {
    fen.parse::<Fen>()
        .map_err(|e| format!("{e}"))?
        .into_position()
        .map_err(|e| format!("invalid fen {fen:?}: {e}"))
}

/// The warning [`Game::resolve`] gives for a record with no moves and no valid start position.
pub(crate) fn no_start_warning(reason: &str) -> String {
    format!("no moves and no valid start position: {reason}")
}

/// Which notation a written move is in, told from its characters: ICCS coordinates (`h2e2`,
/// `H2-E2`), WXF (ASCII or full-width letters and digits), otherwise Chinese.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Notation {
    /// `h2e2` / `H2-E2`.
    Iccs,
    /// `C2.5`.
    Wxf,
    /// `炮二平五`.
    Chinese,
}

/// Finds a written move in `pos`, in any form of WXF 2018 art. 7.1–7.5 or ICCS (told apart by
/// its characters): `h2e2`, `C2=5`, `C2.5`, `炮二平五`, `车 2+6`, `炮 2 5`; see
/// [`xiangqi::written`].
///
/// # Errors
/// Why the text is not a legal move here, in words; a short form that several moves fit names
/// them.
pub fn read_move(pos: &Position, text: &str) -> Result<Move, String> {
    xiangqi::written::read_move(pos, text).map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn resolves_a_tree_in_any_notation() {
        let mut g = Game::new();
        let a = g.add_child(0, Some("炮二平五".into()), None);
        let b = g.add_child(a, Some("H8+7".into()), None);
        g.add_child(b, Some("h0g2".into()), None);
        let alt = g.add_child(a, Some("炮８平５".into()), None);
        g.add_child(alt, Some("车一进九".into()), None); // illegal: the horse is in the way
        let errors = g.resolve().unwrap_err();
        assert_eq!(errors.len(), 1);
        assert_eq!(errors[0].ply, 3);
        let line: Vec<String> = g.mainline_iccs().iter().map(|m| m.to_string()).collect();
        assert_eq!(line, ["h2e2", "h9g7", "h0g2"]);
    }

    /// WXF 2018 art. 7.2, 7.3: a record in the book's international and short forms reads.
    #[test]
    fn resolves_the_books_international_and_short_forms() {
        let mut g = Game::new();
        let mut at = 0;
        for text in ["炮 2=5", "马 8+7", "马 23", "车 9=8", "C2.5"] {
            at = g.add_child(at, Some(text.into()), None);
        }
        let _ = at;
        // The last is illegal: the cannon has left file 2.
        let errors = g.resolve().unwrap_err();
        assert_eq!(errors.len(), 1);
        assert_eq!(errors[0].ply, 5);
        let line: Vec<String> = g.mainline_iccs().iter().map(|m| m.to_string()).collect();
        assert_eq!(line, ["h2e2", "h9g7", "h0g2", "i9h9"]);
    }

    #[test]
    fn bad_fen_without_moves_is_a_warning() {
        let mut g = Game::new();
        g.set_tag("FEN", "9/9/9/9/9/9/9/9/9/9 w - - 0 1");
        assert_eq!(g.resolve(), Ok(()));
        assert_eq!(g.warnings.len(), 1);
    }

    #[test]
    fn bad_fen_is_an_error_not_a_panic() {
        let mut g = Game::new();
        g.set_tag("FEN", "not a fen");
        g.add_child(0, Some("h2e2".into()), None);
        assert_eq!(g.resolve().unwrap_err()[0].ply, 0);
    }
}
