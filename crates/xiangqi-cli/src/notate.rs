//! `xiangqi notate`: translate moves between ICCS, WXF and Chinese notation.

use anyhow::{Context, Result, anyhow};
use xiangqi::{
    Position,
    chinese::{Chinese, Style},
    iccs::Iccs,
    wxf::Wxf,
};

use crate::convert::{NotationArg, WxfStyleArg};

/// Shown at the end of `xiangqi notate --help`; a test runs each line that starts `xiangqi`.
pub const EXAMPLES: &str = "\
Examples:
  xiangqi notate --to wxf 炮二平五 马８进７ \"马 2+3\" \"车 9=8\"
  xiangqi notate --json h2e2 \"马 87\" C8.7
";

/// Write moves given in any notation (ICCS, WXF or Chinese) in another, playing them in turn.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Start position as FEN; the initial position if omitted.
    #[arg(long, default_value = xiangqi::fen::INITIAL)]
    fen: String,
    /// Notation to write.
    #[arg(long, value_enum, default_value = "chinese")]
    to: NotationArg,
    /// WXF moves: book (C2=5, WXF 2018 art. 7) or dot (C2.5, as older files).
    #[arg(long, value_enum, default_value = "book")]
    wxf_style: WxfStyleArg,
    /// Full-width digits for Black in Chinese notation (１…９, as XQWizard writes).
    #[arg(long)]
    full_width: bool,
    /// Traditional glyphs in Chinese notation (馬車進後).
    #[arg(long)]
    traditional: bool,
    /// Print {"moves":[{"iccs","wxf","chinese"},…]} with all three forms.
    #[arg(long)]
    json: bool,
    /// Moves, each in any notation: h2e2, C2=5, C2.5, 炮二平五.
    #[arg(required = true)]
    moves: Vec<String>,
}

pub fn run(args: Args) -> Result<()> {
    let mut pos: Position = args
        .fen
        .parse()
        .with_context(|| format!("bad FEN {:?}", args.fen))?;
    let style = Style {
        traditional: args.traditional,
        full_width: args.full_width,
    };
    let mut rows = Vec::new();
    for (i, text) in args.moves.iter().enumerate() {
        let m = xiangqi_record::read_move(&pos, text)
            .map_err(|e| anyhow!("move {} ({text}): {e}", i + 1))?;
        let iccs = Iccs::from_move(m).to_string();
        let wxf = Wxf::write_styled(&pos, m, args.wxf_style.into());
        let chinese = Chinese::write(&pos, m, style);
        if args.json {
            rows.push(serde_json::json!({"iccs": iccs, "wxf": wxf, "chinese": chinese}));
        } else {
            println!(
                "{}",
                match args.to {
                    NotationArg::Iccs => iccs,
                    NotationArg::Wxf => wxf,
                    NotationArg::Chinese => chinese,
                }
            );
        }
        pos.play_unchecked(m);
    }
    if args.json {
        println!("{}", serde_json::json!({ "moves": rows }));
    }
    Ok(())
}
