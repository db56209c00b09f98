"""Check the arbiter's CXA 2011 chases (捉) and mate threats (杀) on a corpus, independently.

A development aid, not a test: it flags moves for a reader to judge against the book; it never
decides. The search is deliberately crude and written apart from the arbiter (pyffish from PyPI
supplies the legal moves, `pip install pyffish`): material only (rook 9, horse and cannon 4,
advisor and elephant 2, a crossed pawn 2, an uncrossed one 1), captures for both sides, checks
only where the mode says, a side not in check may stop. What it flags is where the arbiter's
reading and this cruder one part; read each flagged move on the board before changing anything.

Four modes, each over the rulings of `rule_cases FILE cxa 1 json` (run from the shared data
folder with `XIANGQI_DATA` set):

- `forced`: every move called 捉 by a forced line (`forced_line`): play the move, let the mover
  move again, play the arbiter's line (each move must be legal), and let the other side try to
  win material back with captures and up to two quiet checks. Flags the lines the checks win
  back and the captures alone do not (a hidden root by check, CXA 2011 art. 24.15).
- `direct`: every move called 捉 by a direct attack (`no_root`, `material_gain`) of a side ruled
  to change: the mover takes the target at once; flags the move if no such capture keeps a gain
  once the other side may answer with captures and up to two quiet checks (each gain measured
  against the other side's captures and checks without the capture). Flags to expect: a capture
  of the other side's own that stood all along and nets the gain out (the book weighs the chase,
  not the other side's threats: art. 24.3), and a capturer that guards another piece and trades
  evenly (art. 26.5 counts an even trade as 捉).
- `allowed`: the moves of a side whose play is allowed (in a draw, or beside a side ruled to
  change) that are not 将, 捉 or 杀 while some of its moves are (a missed chase there would
  forbid the side's play and turn the verdict): flags a capture the move creates (none of its kind
  before the move, or a smaller gain) that wins material against captures and up to two quiet
  checks (as in `direct`). Not counted: captures
  by a general or a pawn, of an uncrossed pawn (art. 26.7). A flag that is a general's answer to
  check, or an answer whose attack stood before the check, is the arbiter's art. 26.2. Flags too
  a move after which the side mates by at most `MATE_CHECKS` checks, and could not as quickly
  before it (a missed 杀, art. 24.2).
- `mate`: every move called 杀 of a side ruled to change: the mover, moving again, must mate by
  checks alone (the other side answering with any move) within `MATE_CHECKS` checks, and must
  not have had such a mate before the move (art. 24.2, "企图下一着将军或连续将军以将死对方").
  Flags a threat not found (the arbiter may look deeper) or one that stood before.

Usage (REPO is this repository; the corpus is the shared data folder's):
    cargo build --release -p xiangqi-arbiter --example rule_cases
    cd ../shared/data
    XIANGQI_DATA=$PWD $REPO/target/release/examples/rule_cases corpus/derived/ccpd_iccs.tsv cxa 1 json > /tmp/cxa.json
    python3 $REPO/scripts/check_rulings.py MODE corpus/derived/ccpd_iccs.tsv /tmp/cxa.json [PART PARTS]
One JSON line a move checked (flagged ones have `"flag": true`), then a count on stderr. PART and
PARTS split the work between processes (PART of PARTS, from 0).
"""

import json
import sys

import pyffish as sf

VARIANT = "xiangqi"
WORTH = {"r": 9, "n": 4, "c": 4, "a": 2, "b": 2, "p": 1, "k": 0}
NODE_LIMIT = 200_000
MATE_CHECKS = 3
ATTACKING = {"check", "chase", "mate_threat"}


class TooLong(Exception):
    pass


def uci(iccs):
    """ICCS (ranks 0-9) to pyffish's coordinates (ranks 1-10)."""
    return iccs[0] + str(int(iccs[1]) + 1) + iccs[2] + str(int(iccs[3]) + 1)


def ends(u):
    """The two points of a pyffish move, as (file, rank) with ranks 0-9."""
    cut = 3 if u[2].isdigit() else 2
    return tuple((ord(s[0]) - 97, int(s[1:]) - 1) for s in (u[:cut], u[cut:]))


def joined(start, target):
    """[`ends`] turned back into a pyffish move."""
    return "".join(chr(97 + file) + str(rank + 1) for file, rank in (start, target))


def board(fen):
    """Point (file, rank) to FEN letter."""
    out = {}
    for row, text in enumerate(fen.split()[0].split("/")):
        rank, file, digits = 9 - row, 0, ""
        for ch in text + "/":
            if ch.isdigit():
                digits += ch
                continue
            file += int(digits or 0)
            digits = ""
            if ch != "/":
                out[(file, rank)] = ch
                file += 1
    return out


def worth(letter, point):
    crossed = point[1] >= 5 if letter.isupper() else point[1] <= 4
    return 2 if letter.lower() == "p" and crossed else WORTH[letter.lower()]


def to_move(fen):
    return fen.split()[1]


def pass_turn(fen):
    parts = fen.split()
    parts[1] = "b" if parts[1] == "w" else "w"
    return " ".join(parts)


def play(fen, u):
    return sf.get_fen(VARIANT, fen, [u])


def search(fen, me, checks, depth, alpha, beta, nodes):
    """Material `me` gains from here. `me` captures or gives up to `checks` quiet checks; the
    other side captures; a side not in check may stop; a check is answered by any move. No legal
    move loses (mate or stalemate, 100)."""
    nodes[0] += 1
    if nodes[0] > NODE_LIMIT:
        raise TooLong
    mine = to_move(fen) == me
    legal = sf.legal_moves(VARIANT, fen, [])
    if not legal:
        return -100 if mine else 100
    in_check = sf.gives_check(VARIANT, fen, [])
    if in_check and depth <= -6:
        return 0
    best = None
    if not in_check:
        best = 0
        if depth == 0:
            return 0
        alpha, beta = (max(alpha, 0), beta) if mine else (alpha, min(beta, 0))
        if alpha >= beta:
            return 0
    pieces = board(fen)
    for u in legal:
        target = ends(u)[1]
        taken = pieces.get(target)
        gives = False
        if not in_check and not taken:
            if not mine or checks == 0:
                continue
            gives = sf.gives_check(VARIANT, fen, [u])
            if not gives:
                continue
        gain = worth(taken, target) if taken else 0
        gain = gain if mine else -gain
        left = checks - 1 if gives else checks
        value = gain + search(play(fen, u), me, left, depth - 1, alpha - gain, beta - gain, nodes)
        if mine:
            best = value if best is None else max(best, value)
            alpha = max(alpha, value)
        else:
            best = value if best is None else min(best, value)
            beta = min(beta, value)
        if alpha >= beta:
            break
    return 0 if best is None else best


def value(fen, me, checks):
    """What `me` gains from `fen` by [`search`], or None when it runs too long."""
    try:
        return search(fen, me, checks, 6, -1000, 1000, [0])
    except TooLong:
        return None


def capture_gain(fen, u, checks):
    """What the side to move in `fen` keeps by the capture `u`, against the other side's best
    answer (captures, and `checks` quiet checks), less what that side could do without it."""
    other = "b" if to_move(fen) == "w" else "w"
    target = ends(u)[1]
    taken = worth(board(fen)[target], target)
    after, without = value(play(fen, u), other, checks), value(pass_turn(fen), other, checks)
    if after is None or without is None:
        return None
    return taken - after + without


MATES = {}


def mates(fen, checks):
    """Can the side to move mate by checks alone within `checks` of its moves? (Remembered by
    board and side to move.)"""
    key = (" ".join(fen.split()[:2]), checks)
    if key not in MATES:
        MATES[key] = False
        for u in sf.legal_moves(VARIANT, fen, []):
            if not sf.gives_check(VARIANT, fen, [u]):
                continue
            after = play(fen, u)
            replies = sf.legal_moves(VARIANT, after, [])
            if not replies or (checks > 1 and all(mates(play(after, r), checks - 1)
                                                  for r in replies)):
                MATES[key] = True
                break
    return MATES[key]


def fewest_checks(fen):
    return next((n for n in range(1, MATE_CHECKS + 1) if mates(fen, n)), None)


def mate_checks(fen, again):
    """The fewest checks that mate from `again` (the mover to move again after its move) and
    from `fen` (before the move; None there when the mover was in check)."""
    before = None if sf.gives_check(VARIANT, fen, []) else fewest_checks(fen)
    return fewest_checks(again), before


def games(path):
    out = {}
    for line in open(path, encoding="utf-8"):
        cols = line.rstrip("\n").split("\t")
        if len(cols) >= 3:
            out[cols[0]] = (cols[1], cols[2].split())
    return out


def rulings(path, corpus):
    """(key, ruling, position before each judged move) for every ruling of a corpus game."""
    for line in open(path, encoding="utf-8"):
        if "\t" not in line:
            continue
        key, text = line.rstrip("\n").split("\t", 1)
        ruling = json.loads(text)
        name = key.rsplit(" move ", 1)[0]
        if not ruling or "moves" not in ruling or name not in corpus:
            continue
        start, moves = corpus[name]
        seen = ruling["occurrences"]
        first = seen[-3] if len(seen) >= 3 else seen[0]
        fens = [sf.get_fen(VARIANT, start, [uci(m) for m in moves[: first + k]])
                for k in range(len(ruling["moves"]))]
        yield key, ruling, fens


def check_forced(fen, move):
    """The forced line replayed, then the other side's answer with and without checks."""
    line = pass_turn(play(fen, uci(move["iccs"])))
    mover = to_move(line)
    won = 0
    for step in move["forced_line"]:
        u = uci(step)
        if u not in sf.legal_moves(VARIANT, line, []):
            return {"flag": True, "illegal": step}
        target = ends(u)[1]
        taken = board(line).get(target)
        if taken:
            won += worth(taken, target) if to_move(line) == mover else -worth(taken, target)
        line = play(line, u)
    other = to_move(line)
    if other == mover:
        return {"flag": False, "won": won}
    back = [value(line, other, checks) for checks in (0, 2)]
    flag = None not in back and won - back[0] > 0 >= won - back[1]
    return {"flag": flag, "won": won, "back": back}


def check_direct(fen, move):
    after = play(fen, uci(move["iccs"]))
    again = pass_turn(after)
    if sf.gives_check(VARIANT, again, []):
        return None
    gains = []
    for attack in move["attacks"]:
        if attack.get("reason") not in ("no_root", "material_gain"):
            continue
        u = uci(attack["attacker"] + attack["victim"])
        if u not in sf.legal_moves(VARIANT, again, []):
            gains.append((attack["victim"], "illegal"))
            continue
        gain = capture_gain(again, u, 2)
        gains.append((attack["victim"], gain))
        if gain is not None and gain > 0:
            return {"flag": False, "gains": gains}
    return {"flag": bool(gains), "gains": gains} if gains else None


def check_allowed(fen, move):
    u_move = uci(move["iccs"])
    origin, destination = ends(u_move)
    again = pass_turn(play(fen, u_move))
    if sf.gives_check(VARIANT, again, []):
        return None
    pieces = board(again)
    legal_before = sf.legal_moves(VARIANT, fen, [])
    found = []
    for u in sf.legal_moves(VARIANT, again, []):
        start, target = ends(u)
        taken, taker = pieces.get(target), pieces[start]
        if not taken or taken.lower() == "k" or taker.lower() in "kp":
            continue
        if taken.lower() == "p" and worth(taken, target) == 1:
            continue
        gain = capture_gain(again, u, 2)
        if gain is None or gain <= 0:
            continue
        # The same capture before the move, by the moved piece from where it stood.
        was = origin if start == destination else start
        u_before = joined(was, target)
        before = capture_gain(fen, u_before, 2) if u_before in legal_before else None
        if before is None or before < gain:
            found.append((u, taken, gain, before))
    # A mate threat the move made (art. 24.2): a mate by checks now, none as quick before.
    mate, mate_before = mate_checks(fen, again)
    new_mate = mate is not None and (mate_before is None or mate_before > mate)
    return {"flag": bool(found) or new_mate, "captures": found, "mate": mate,
            "mate_before": mate_before}


def check_mate(fen, move):
    again = pass_turn(play(fen, uci(move["iccs"])))
    if sf.gives_check(VARIANT, again, []):
        return None
    after, before = mate_checks(fen, again)
    stood = before is not None and after is not None and before <= after
    return {"flag": after is None or stood, "checks": after, "before": before}


CHECKS = {"forced": check_forced, "direct": check_direct, "allowed": check_allowed,
          "mate": check_mate}


def asked(mode, ruling, move):
    """Does `mode` check this move of this ruling?"""
    nature, side = move["nature"], ruling[move["mover"]]
    if mode == "forced":
        return bool(move.get("forced_line"))
    if mode == "direct":
        return nature == "chase" and side["forbidden"]
    if mode == "mate":
        return nature == "mate_threat" and side["forbidden"]
    return (not side["forbidden"] and nature not in ATTACKING
            and bool(ATTACKING & set(side["natures"])))


def main():
    if len(sys.argv) not in (4, 6) or sys.argv[1] not in CHECKS:
        sys.exit(__doc__)
    mode, corpus, path = sys.argv[1], games(sys.argv[2]), sys.argv[3]
    part, parts = (int(sys.argv[4]), int(sys.argv[5])) if len(sys.argv) == 6 else (0, 1)
    seen, count, flagged = set(), 0, 0
    for key, ruling, fens in rulings(path, corpus):
        for k, move in enumerate(ruling["moves"]):
            if not asked(mode, ruling, move):
                continue
            point = (" ".join(fens[k].split()[:2]), move["iccs"])
            if point in seen:
                continue
            seen.add(point)
            count += 1
            if count % parts != part:
                continue
            result = CHECKS[mode](fens[k], move)
            if result is None:
                continue
            flagged += bool(result["flag"])
            print(json.dumps({"case": key, "index": k, "move": move["iccs"],
                              "nature": move["nature"],
                              "fen": fens[k], **result}, ensure_ascii=False), flush=True)
    print(f"{mode}: {count} distinct moves, {flagged} flagged (part {part} of {parts})",
          file=sys.stderr)


if __name__ == "__main__":
    main()
