"""Compare the arbiter's WXF 2018 repetition rulings on a corpus with Fairy-Stockfish's.

Every prefix of a game that ends on the third occurrence of a position since the last capture
is ruled by the arbiter (`rule_cases ... wxf 1 list`, one line per ruling, in game order) and by
pyffish (`pip install pyffish`; `is_optional_game_end`, which reads the Asian rules its own way).
pyffish is an oracle for development only: where the two disagree, read the case against the
book (`../shared/rules/repetition-rules.md`); `crates/xiangqi-arbiter/tests/oracle_cases.rs`
keeps what such readings found.

Usage, from the shared data folder:
    XIANGQI_DATA=$PWD target/release/examples/rule_cases corpus/derived/ccpd_iccs.tsv wxf 1 list > wxf.list
    python3 scripts/rulings_vs_pyffish.py corpus/derived/ccpd_iccs.tsv wxf.list [out.tsv]
It prints the number of rulings, how many agree, and the disagreements by kind; `out.tsv` gets
one line a ruling: game and move, index, ply, the arbiter's verdict, pyffish's.
"""

import collections
import sys

import pyffish as sf


def uci(iccs):
    """ICCS (ranks 0-9) to pyffish's coordinates (ranks 1-10)."""
    return iccs[0] + str(int(iccs[1]) + 1) + iccs[2] + str(int(iccs[3]) + 1)


def pieces(fen):
    return sum(c.isalpha() for c in fen.split()[0])


def pyffish_verdict(fen, moves):
    """`red_must_change`, `black_must_change`, `draw` or `none`, as the arbiter's codes."""
    end, value = sf.is_optional_game_end("xiangqi", fen, moves)
    if not end:
        return "none"
    if value == 0:
        return "draw"
    to_move = "red" if sf.get_fen("xiangqi", fen, moves).split()[1] == "w" else "black"
    other = "black" if to_move == "red" else "red"
    # A value for the side to move: it wins when the other side's play is forbidden.
    return f"{other}_must_change" if value > 0 else f"{to_move}_must_change"


def main():
    tsv, listed = sys.argv[1], sys.argv[2]
    out_path = sys.argv[3] if len(sys.argv) > 3 else None
    ours = collections.defaultdict(list)
    for line in open(listed, encoding="utf-8"):
        if "\t" in line:
            key, verdict = line.rstrip("\n").split("\t")
            ours[key].append(verdict)
    games = {key.rsplit(" move ", 1)[0] for key in ours}
    rows = []
    for line in open(tsv, encoding="utf-8"):
        cols = line.rstrip("\n").split("\t")
        if len(cols) < 3 or cols[0] not in games:
            continue
        name, fen, moves = cols[0], cols[1], [uci(m) for m in cols[2].split()]
        seen = collections.Counter()
        index = collections.Counter()
        board = sf.get_fen("xiangqi", fen, [])
        seen[" ".join(board.split()[:2])] += 1
        for i in range(len(moves)):
            after = sf.get_fen("xiangqi", fen, moves[: i + 1])
            if pieces(after) < pieces(board):
                seen.clear()
            board = after
            position = " ".join(after.split()[:2])
            seen[position] += 1
            if seen[position] >= 3:
                key = f"{name} move {i // 2 + 1}"
                j = index[key]
                index[key] += 1
                mine = ours[key][j] if j < len(ours[key]) else "missing"
                rows.append((key, j, i + 1, mine, pyffish_verdict(fen, moves[: i + 1])))
    agree = sum(1 for r in rows if r[3] == r[4])
    print(f"{len(rows)} rulings, {agree} agree")
    kinds = collections.Counter((r[3], r[4]) for r in rows if r[3] != r[4])
    for (mine, theirs), n in kinds.most_common():
        print(f"{n}\tarbiter {mine}\tpyffish {theirs}")
    if out_path:
        with open(out_path, "w", encoding="utf-8") as out:
            for r in rows:
                out.write("\t".join(map(str, r)) + "\n")


if __name__ == "__main__":
    main()
