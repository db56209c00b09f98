"""Make boards the books do not show from the ones they do: each case of a rulings file (the CXA
figures, `rulings_cxa.json`, or the AXF diagrams, `rulings.json`) with one or two pieces added
or taken away, kept only where the case's moves are still legal from start to end, so that its
cycle is ruled again on a board nobody has ruled.

With `moved`, one or two pieces are set down elsewhere instead (where their kind may stand),
the board's material unchanged: ids end `-mSEED-N` instead of `-sSEED-N`.

A development aid, not a test: a perturbed board has no book verdict (the case's is carried as
`base_verdict` for reference only). What the boards are for is the arbiter's self-checks and the
independent checker, whose flags a reader then judges against the book:

    python3 scripts/perturb_figures.py SEED PER_CASE RULINGS_JSON OUT.json [moved]
    cd ../shared/data && export XIANGQI_DATA=$PWD
    $REPO/target/release/examples/rule_cases OUT.json cxa 1 symmetry      # and rotations, explained
    $REPO/target/release/examples/rule_cases OUT.json cxa 1 json > OUT.cxa.json
    python3 $REPO/scripts/check_rulings.py MODE OUT.tsv OUT.cxa.json      # forced, direct, allowed, mate

Besides OUT.json (the cases, as `rule_cases` reads them) it writes OUT.tsv (id, FEN, moves), the
corpus form `check_rulings.py` reads. A flag that the same move of the unperturbed figure also
gets (run the checker on the figures themselves the same way) is the checker's crudeness, not
the perturbation's: compare the two before reading boards. pyffish (`pip install pyffish`)
checks the moves; the pieces added stand only where their kind may stand (advisors and
elephants on their own points, pawns not behind their start), at most two of a kind (five
pawns).
"""

import json
import random
import sys

import pyffish as sf

from check_rulings import VARIANT, uci
LIMIT = {"r": 2, "n": 2, "c": 2, "a": 2, "b": 2, "p": 5}
ADVISOR = {"a": {(3, 9), (5, 9), (4, 8), (3, 7), (5, 7)}, "A": {(3, 0), (5, 0), (4, 1), (3, 2), (5, 2)}}
ELEPHANT = {
    "b": {(2, 9), (6, 9), (0, 7), (4, 7), (8, 7), (2, 5), (6, 5)},
    "B": {(2, 0), (6, 0), (0, 2), (4, 2), (8, 2), (2, 4), (6, 4)},
}


def expand(row):
    cells = []
    for ch in row:
        cells += ["."] * int(ch) if ch.isdigit() else [ch]
    return cells


def compress(cells):
    out, empty = "", 0
    for ch in cells:
        if ch == ".":
            empty += 1
            continue
        if empty:
            out, empty = out + str(empty), 0
        out += ch
    return out + (str(empty) if empty else "")


def may_stand(piece, file, rank):
    if piece in ADVISOR:
        return (file, rank) in ADVISOR[piece]
    if piece in ELEPHANT:
        return (file, rank) in ELEPHANT[piece]
    if piece == "p":
        return rank <= 6 and (rank <= 4 or file % 2 == 0)
    if piece == "P":
        return rank >= 3 and (rank >= 5 or file % 2 == 0)
    return piece not in "kK"


def perturbed(case, rng, moved=False):
    """The case's board with one or two pieces added or taken away (or, `moved`, set down
    elsewhere), or None."""
    board = [expand(row) for row in case["fen"].split()[0].split("/")]
    for _ in range(rng.randint(1, 2)):
        if moved:
            pieces = [(r, f) for r, row in enumerate(board) for f, ch in enumerate(row)
                      if ch not in ".kK"]
            r, f = rng.choice(pieces)
            file, rank = rng.randrange(9), rng.randrange(10)
            if board[9 - rank][file] == "." and may_stand(board[r][f], file, rank):
                board[9 - rank][file], board[r][f] = board[r][f], "."
            continue
        if rng.random() < 0.3:
            pieces = [(r, f) for r, row in enumerate(board) for f, ch in enumerate(row)
                      if ch not in ".kK"]
            if pieces:
                r, f = rng.choice(pieces)
                board[r][f] = "."
            continue
        piece = rng.choice("rnbacpRNBACP")
        file, rank = rng.randrange(9), rng.randrange(10)
        if board[9 - rank][file] == "." and may_stand(piece, file, rank):
            board[9 - rank][file] = piece
    counts = {}
    for row in board:
        for ch in row:
            counts[ch] = counts.get(ch, 0) + 1
    if any(counts.get(p, 0) > LIMIT[p.lower()] for p in "rnbacpRNBACP"):
        return None
    placement = "/".join(compress(row) for row in board)
    if placement == case["fen"].split()[0]:
        return None
    fen = placement + " " + case["fen"].split()[1] + " - - 0 1"
    try:
        if sf.validate_fen(fen, VARIANT) != sf.FEN_OK:
            return None
        moves = [uci(m) for m in case["moves"]]
        if any(m not in sf.legal_moves(VARIANT, fen, moves[:i]) for i, m in enumerate(moves)):
            return None
    except Exception:  # pyffish rejects some boards outright
        return None
    return fen


def main():
    if len(sys.argv) not in (5, 6) or sys.argv[5:] not in ([], ["moved"]):
        sys.exit(__doc__)
    seed, per_case, path, out = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3], sys.argv[4]
    moved = sys.argv[5:] == ["moved"]
    rng = random.Random(seed)
    cases = json.load(open(path, encoding="utf-8"))
    cases = cases if isinstance(cases, list) else cases["cases"]
    made, seen = [], set()
    for case in cases:
        found, tries = 0, 0
        while found < per_case and tries < per_case * 60:
            tries += 1
            fen = perturbed(case, rng, moved)
            if fen is None or (fen, case["id"]) in seen:
                continue
            seen.add((fen, case["id"]))
            made.append({"id": f"{case['id']}-{'m' if moved else 's'}{seed}-{found}", "fen": fen, "moves": case["moves"],
                         "base": case["id"], "base_verdict": case.get("expected")})
            found += 1
    with open(out, "w", encoding="utf-8") as f:
        json.dump(made, f, ensure_ascii=False)
    with open(out.rsplit(".", 1)[0] + ".tsv", "w", encoding="utf-8") as f:
        for case in made:
            f.write(f"{case['id']}\t{case['fen']}\t{' '.join(case['moves'])}\n")
    print(f"{len(made)} boards from {len(cases)} cases", file=sys.stderr)


if __name__ == "__main__":
    main()
