//! `xiangqi convert`: read game records in any supported format and write PGN; `--check`
//! validates every move instead and prints a summary.

use std::{
    fs,
    io::{BufReader, Read, Write},
    path::PathBuf,
};

use anyhow::{Context, Result, bail};
use xiangqi::chinese::Style;
use xiangqi_record::{
    Encoding, Format, Game, Notation, check, encoding,
    pgn::{self, WriteOptions},
    sniff, xqf,
};

/// A move notation on the command line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum NotationArg {
    /// Coordinates: h2e2 (H2-E2 in PGN).
    Iccs,
    /// WXF: C2.5.
    Wxf,
    /// Chinese: 炮二平五.
    Chinese,
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

/// Read game records (PGN in UTF-8, GBK or Big5; XQF) and write them as PGN.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Record files; the format is told from the content.
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// Move notation of the written PGN.
    #[arg(long, value_enum, default_value = "chinese")]
    notation: NotationArg,
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
    for path in &args.files {
        summary.files += 1;
        let name = path.display().to_string();
        let mut each = |number: usize, mut game: Game| -> Result<()> {
            summary.games += 1;
            summary.moves += game.move_count();
            if let Err(errors) = check(&mut game, number) {
                summary.errors += errors.len();
                for e in errors {
                    eprintln!("{name}: {e}");
                }
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
        let mut head = vec![0u8; 0x400];
        let n = read_up_to(&mut file, &mut head)?;
        head.truncate(n);
        match sniff(&head) {
            Format::Xqf => {
                file.read_to_end(&mut head)?;
                let game = xqf::read(&head).with_context(|| name.clone())?;
                each(1, game)?;
            }
            Format::Pgn => {
                let reader = BufReader::new(std::io::Cursor::new(head).chain(file));
                for (i, game) in pgn::Reader::new(reader, args.input_encoding).enumerate() {
                    each(i + 1, game.with_context(|| format!("reading {name}"))?)?;
                }
            }
        }
    }
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
