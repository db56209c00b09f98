//! `xiangqi convert`: read game records in any supported format (PGN, XQF, CBR, CBL, CBF,
//! DhtmlXQ) and write PGN; `--check` validates every move instead and prints a summary. A bad
//! game is reported (file, game, move) and the run goes on; a progress bar on standard error
//! follows large inputs when it is a terminal.

use std::{
    fs,
    io::{BufReader, IsTerminal, Read, Seek, Write},
    path::PathBuf,
};

use anyhow::{Context, Result, bail};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use xiangqi::{chinese::Style, wxf::Style as WxfStyle};
use xiangqi_record::{
    Encoding, Game, Notation, RecordFormat, SNIFF_LEN, check, encoding,
    pgn::{self, WriteOptions},
    read_games, sniff,
    validate::Validator,
};

/// Inputs this large (bytes, all files together) get a progress bar.
const PROGRESS_FROM: u64 = 4 << 20;

/// A byte-counting progress bar on standard error, hidden unless it is a terminal and the
/// input is large.
fn progress(total: u64) -> ProgressBar {
    if total < PROGRESS_FROM || !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr());
    let style = ProgressStyle::with_template(
        "{spinner} [{elapsed_precise}] {wide_bar} {bytes}/{total_bytes} ({bytes_per_sec}, {eta}) {msg}",
    )
    .unwrap_or_else(|_| ProgressStyle::default_bar());
    bar.set_style(style);
    bar
}

/// Counts the bytes read through it into a progress bar.
struct Counted<R> {
    inner: R,
    bar: ProgressBar,
}

impl<R: Read> Read for Counted<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.bar.inc(n as u64);
        Ok(n)
    }
}

/// A move notation on the command line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum NotationArg {
    /// Coordinates: h2e2 (H2-E2 in PGN).
    Iccs,
    /// WXF: C2=5 (C2.5 with --wxf-style dot).
    Wxf,
    /// Chinese: 炮二平五.
    Chinese,
}

/// How WXF moves write a sideways move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum WxfStyleArg {
    /// The WXF 2018 rulebook's `=`: C2=5, R9=8 (art. 7.2, 7.4).
    #[default]
    Book,
    /// The older `.` that many files hold: C2.5.
    Dot,
}

impl From<WxfStyleArg> for WxfStyle {
    fn from(s: WxfStyleArg) -> WxfStyle {
        match s {
            WxfStyleArg::Book => WxfStyle::Book,
            WxfStyleArg::Dot => WxfStyle::Dot,
        }
    }
}

impl From<NotationArg> for Notation {
    fn from(n: NotationArg) -> Notation {
        match n {
            NotationArg::Iccs => Notation::Iccs,
            NotationArg::Wxf => Notation::Wxf,
            NotationArg::Chinese => Notation::Chinese,
        }
    }
}

/// Shown at the end of `xiangqi convert --help`; a test runs each line that starts `xiangqi`.
pub const EXAMPLES: &str = "\
Examples:
  xiangqi convert game.pgn --notation wxf --wxf-style dot
  xiangqi convert game.pgn --check
";

/// Read game records (PGN in UTF-8, GBK or Big5; XQF; CBR, CBL and CBF; DhtmlXQ) and write them
/// as PGN.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Record files; the format is told from the content.
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// Move notation of the written PGN.
    #[arg(long, value_enum, default_value = "chinese")]
    notation: NotationArg,
    /// WXF move text: book (C2=5, WXF 2018 art. 7) or dot (C2.5, as older files).
    #[arg(long, value_enum, default_value = "book")]
    wxf_style: WxfStyleArg,
    /// Encoding of the written PGN: utf8, gbk or big5 (big5 writes traditional glyphs).
    #[arg(long, default_value = "utf8", value_parser = parse_encoding)]
    encoding: Encoding,
    /// Encoding of PGN input; detected per file if omitted.
    #[arg(long, value_parser = parse_encoding)]
    input_encoding: Option<Encoding>,
    /// Validate every move and print a summary instead of writing PGN; fails if any move is bad.
    #[arg(long)]
    check: bool,
    /// Write to this file instead of standard output.
    #[arg(short, long)]
    output: Option<PathBuf>,
}

fn parse_encoding(s: &str) -> Result<Encoding, String> {
    s.parse()
}

#[derive(Debug, Default)]
struct Summary {
    files: usize,
    games: usize,
    moves: usize,
    errors: usize,
}

pub fn run(args: Args) -> Result<()> {
    let style = match args.encoding {
        Encoding::Big5 => Style::TRADITIONAL,
        _ => Style::XQWIZARD,
    };
    let options = WriteOptions {
        notation: args.notation.into(),
        style,
        wxf_style: args.wxf_style.into(),
    };
    let mut out: Box<dyn Write> = match (&args.output, args.check) {
        (_, true) => Box::new(std::io::sink()),
        (Some(path), false) => Box::new(std::io::BufWriter::new(
            fs::File::create(path).with_context(|| format!("cannot create {}", path.display()))?,
        )),
        (None, false) => Box::new(std::io::BufWriter::new(std::io::stdout().lock())),
    };
    let mut summary = Summary::default();
    let mut first = true;
    let total: u64 = args
        .files
        .iter()
        .filter_map(|p| fs::metadata(p).ok())
        .map(|m| m.len())
        .sum();
    let bar = progress(total);
    for path in &args.files {
        summary.files += 1;
        let name = path.display().to_string();
        bar.set_message(name.clone());
        let mut each = |number: usize, game: Result<Game, String>| -> Result<()> {
            summary.games += 1;
            let mut game = match game {
                Ok(g) => g,
                Err(e) => {
                    summary.errors += 1;
                    bar.suspend(|| eprintln!("{name}: game {number}: {e}"));
                    return Ok(());
                }
            };
            summary.moves += game.move_count();
            let checked = check(&mut game, number);
            if !game.warnings.is_empty() {
                bar.suspend(|| {
                    for w in &game.warnings {
                        eprintln!("{name}: game {number}: warning: {w}");
                    }
                });
            }
            if let Err(errors) = checked {
                summary.errors += errors.len();
                bar.suspend(|| {
                    for e in errors {
                        eprintln!("{name}: {e}");
                    }
                });
            }
            if !args.check {
                if !first {
                    out.write_all(&encoding::encode("\n", args.encoding))?;
                }
                first = false;
                let text = pgn::write_game(&game, &options);
                out.write_all(&encoding::encode(&text, args.encoding))?;
            }
            Ok(())
        };
        let mut file = fs::File::open(path).with_context(|| format!("cannot open {name}"))?;
        let mut head = vec![0u8; SNIFF_LEN];
        let n = read_up_to(&mut file, &mut head)?;
        head.truncate(n);
        match sniff(&head) {
            // PGN collections run to gigabytes: streamed, one game in memory at a time.
            RecordFormat::Pgn => {
                let reader = BufReader::new(Counted {
                    inner: std::io::Cursor::new(head).chain(file),
                    bar: bar.clone(),
                });
                if args.check {
                    // Checking only: no move tree, the same verdicts (validate module docs).
                    for checked in Validator::new(reader, args.input_encoding) {
                        let checked = checked.with_context(|| format!("reading {name}"))?;
                        summary.games += 1;
                        summary.moves += checked.moves;
                        summary.errors += checked.errors.len();
                        bar.suspend(|| {
                            for w in &checked.warnings {
                                eprintln!("{name}: game {}: warning: {w}", checked.game);
                            }
                            for e in &checked.errors {
                                eprintln!("{name}: {e}");
                            }
                        });
                    }
                    continue;
                }
                for (i, game) in pgn::Reader::new(reader, args.input_encoding).enumerate() {
                    each(i + 1, Ok(game.with_context(|| format!("reading {name}"))?))?;
                }
            }
            // The other formats are single records or libraries of a few megabytes.
            _ => {
                file.rewind()?;
                let mut bytes = Vec::new();
                file.read_to_end(&mut bytes)
                    .with_context(|| format!("reading {name}"))?;
                bar.inc(bytes.len() as u64);
                for (i, game) in read_games(&bytes, args.input_encoding)
                    .into_iter()
                    .enumerate()
                {
                    each(i + 1, game.map_err(|e| e.to_string()))?;
                }
            }
        }
    }
    bar.finish_and_clear();
    out.flush()?;
    if args.check {
        println!(
            "{} files, {} games, {} moves, {} errors",
            summary.files, summary.games, summary.moves, summary.errors
        );
        if summary.errors > 0 {
            bail!("{} bad moves", summary.errors);
        }
    }
    Ok(())
}

fn read_up_to(r: &mut impl Read, buf: &mut [u8]) -> std::io::Result<usize> {
    let mut n = 0;
    while n < buf.len() {
        match r.read(&mut buf[n..])? {
            0 => break,
            k => n += k,
        }
    }
    Ok(n)
}
