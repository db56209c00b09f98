//! `xiangqi diagram`: a position as a printed board diagram (棋图), SVG or PNG, from a FEN or
//! from a record at a ply, with the last move shaded and arrows if asked.

use std::{fs, path::PathBuf};

use anyhow::{Context, anyhow, bail};
use xiangqi::{Position, Square, fen::Fen, iccs::Iccs};
use xiangqi_record::{read_move, svg};

use crate::adjudicate::{move_list, read_record};

/// Shown at the end of `xiangqi diagram --help`; a test runs each line that starts `xiangqi`.
pub const EXAMPLES: &str = "\
Examples:
  xiangqi diagram game.pgn --ply 3 --png -o ply3.png
  xiangqi diagram --moves \"炮二平五 马8进7\" --arrow h0g2 --caption \"中炮对屏风马\"
";

/// Draw a position as an SVG board (red at the bottom, file numbers of both sides): from
/// `--fen`, or from a record at `--ply`, and `--moves` played on from there.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// A game record in any format `xiangqi convert` reads: its main line is replayed.
    file: Option<PathBuf>,
    /// Which game of a record holding several (from 1).
    #[arg(long, default_value_t = 1, requires = "file")]
    game: usize,
    /// The ply of the record to draw (0: its start position); the last one if omitted.
    #[arg(long)]
    ply: Option<usize>,
    /// The start position (default: the record's, or the initial position).
    #[arg(long)]
    fen: Option<String>,
    /// Moves played on, each in any notation (h2e2, C2=5, 炮二平五, 车 2+6).
    #[arg(long)]
    moves: Option<String>,
    /// Shade this move as the last one (ICCS, e.g. h2e2); by default the last move played.
    #[arg(long)]
    last: Option<String>,
    /// Do not shade a last move.
    #[arg(long, conflicts_with = "last")]
    no_last: bool,
    /// An arrow from a point to a point, as ICCS (e.g. h0g2); repeat for more.
    #[arg(long = "arrow")]
    arrows: Vec<String>,
    /// Text under the board.
    #[arg(long)]
    caption: Option<String>,
    /// Write the drawing here instead of standard output.
    #[arg(short, long)]
    output: Option<PathBuf>,
    /// Write a PNG instead of SVG (rendered without a browser; the piece names need a CJK font
    /// installed, e.g. Noto Sans CJK).
    #[arg(long, requires = "output")]
    png: bool,
    /// The PNG's width in pixels (its height follows).
    #[arg(long, default_value_t = 720, requires = "png", value_parser = clap::value_parser!(u32).range(100..=8000))]
    width: u32,
}

/// Renders an SVG document as a PNG `width` pixels wide, with the system's fonts.
fn png(svg: &str, width: u32) -> anyhow::Result<Vec<u8>> {
    let mut options = resvg::usvg::Options::default();
    let fonts = options.fontdb_mut();
    fonts.load_system_fonts();
    // The drawing names Chinese fonts, then the generic `serif` / `sans-serif`: point those at a
    // font that is installed (a CJK one first), so that text is drawn wherever some font is;
    // characters that font lacks fall back to any font that has them.
    let installed: Vec<String> = fonts
        .faces()
        .flat_map(|face| face.families.iter().map(|(name, _)| name.clone()))
        .collect();
    let generic = [
        "Noto Serif CJK SC",
        "Noto Sans CJK SC",
        "Source Han Serif SC",
        "Source Han Sans SC",
        "AR PL UKai CN",
        "WenQuanYi Zen Hei",
        "DejaVu Serif",
        "DejaVu Sans",
        "Liberation Serif",
    ]
    .into_iter()
    .find(|want| installed.iter().any(|name| name == want))
    .or_else(|| installed.first().map(String::as_str))
    .map(str::to_owned);
    if let Some(family) = generic {
        fonts.set_serif_family(family.clone());
        fonts.set_sans_serif_family(family);
    }
    let tree = resvg::usvg::Tree::from_str(svg, &options).context("the SVG does not parse")?;
    let size = tree.size();
    let scale = width as f32 / size.width();
    let height = (size.height() * scale).ceil() as u32;
    let mut pixmap = resvg::tiny_skia::Pixmap::new(width, height)
        .ok_or_else(|| anyhow!("cannot draw {width}×{height} pixels"))?;
    resvg::render(
        &tree,
        resvg::tiny_skia::Transform::from_scale(scale, scale),
        &mut pixmap.as_mut(),
    );
    pixmap.encode_png().context("cannot encode the PNG")
}

fn points(text: &str) -> anyhow::Result<(Square, Square)> {
    let m: Iccs = text
        .parse()
        .with_context(|| format!("{text:?}: expected two points, e.g. h2e2"))?;
    Ok((m.from, m.to))
}

/// Runs the command.
///
/// # Errors
/// A bad FEN, an unreadable record, a ply past its end, an illegal move, an unwritable file.
pub fn run(args: Args) -> anyhow::Result<()> {
    let (file_fen, mut moves) = match &args.file {
        Some(path) => {
            let bytes =
                fs::read(path).with_context(|| format!("cannot read {}", path.display()))?;
            read_record(&bytes, args.game).with_context(|| format!("{}", path.display()))?
        }
        None => (None, Vec::new()),
    };
    if let Some(ply) = args.ply {
        if ply > moves.len() {
            bail!(
                "ply {ply} is past the end: the game has {} plies",
                moves.len()
            );
        }
        moves.truncate(ply);
    }
    if let Some(text) = &args.moves {
        moves.extend(move_list(text).context("--moves")?);
    }
    let mut pos: Position = match args.fen.as_deref().or(file_fen.as_deref()) {
        Some(f) => f
            .parse::<Fen>()
            .with_context(|| format!("invalid fen {f:?}"))?
            .into_position()
            .with_context(|| format!("illegal position {f:?}"))?,
        None => Position::new(),
    };
    let mut last = None;
    for (i, text) in moves.iter().enumerate() {
        let m = read_move(&pos, text).map_err(|e| anyhow!("move {} ({text}): {e}", i + 1))?;
        last = Some((m.from, m.to));
        pos.play_unchecked(m);
    }
    let options = svg::Options {
        last_move: match (&args.last, args.no_last) {
            (_, true) => None,
            (Some(text), false) => Some(points(text)?),
            (None, false) => last,
        },
        arrows: args
            .arrows
            .iter()
            .map(|a| points(a))
            .collect::<anyhow::Result<_>>()?,
        caption: args.caption,
    };
    let drawing = svg::board(pos.board(), &options);
    match &args.output {
        Some(path) => {
            let bytes = if args.png {
                png(&drawing, args.width)?
            } else {
                drawing.into_bytes()
            };
            fs::write(path, bytes).with_context(|| format!("cannot write {}", path.display()))?;
        }
        None => print!("{drawing}"),
    }
    Ok(())
}
