//! Prints each game of the given record files: title, tags, node count and main line (ICCS).

fn main() {
    for path in std::env::args().skip(1) {
        let bytes = std::fs::read(&path).expect("read");
        let format = xiangqi_record::sniff(&bytes);
        for (i, g) in xiangqi_record::read_games(&bytes, None)
            .into_iter()
            .enumerate()
        {
            match g {
                Ok(mut g) => {
                    let errs = g.resolve().err().map_or(0, |e| e.len());
                    let line: Vec<String> =
                        g.mainline_iccs().iter().map(ToString::to_string).collect();
                    let comments = g.nodes.iter().filter(|n| n.comment.is_some()).count();
                    println!(
                        "{path} [{format}] #{}: {} | {} nodes, {comments} comments, {errs} bad, warnings {:?} | fen {:?}\n  {}",
                        i + 1,
                        xiangqi_record::title(&g),
                        g.move_count(),
                        g.warnings,
                        g.tag("FEN"),
                        line.join(" ")
                    );
                }
                Err(e) => println!("{path} [{format}] #{}: ERROR {e}", i + 1),
            }
        }
    }
}
