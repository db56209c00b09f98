#!/usr/bin/env python3
"""Compare `xiangqi pair --system dutch` with a reference Dutch engine on random tournaments.

Dev tool, not used by the build or the tests. Plays random Swiss tournaments (3-40 players, 3-11
rounds; draws, forfeits with and without colour, double forfeits, requested H/F/Z byes, late
entrants, withdrawals, 1/0.5/0 and other point systems, unrated players, lines out of order, CR
line ends, TRF(x) `XXR/XXC/BB*/XXP` or TRF-2026 `142/152/162/240/260` records) round by round:
each round's TRF is paired by both engines, the pairings compared (pairs, colours, board order)
and ours checked (no rematch, one bye, colour limits before the last round); the round is then
played from the reference's pairing with random results. Differences are written to $OUT.

The reference is bbpPairings v6 (Apache-2.0; build it yourself from its source, outside the repo)
at $BBP; our CLI at $XIANGQI (default target/debug/xiangqi).

    BBP=/path/bbpPairings.exe XIANGQI=target/debug/xiangqi python3 scripts/swiss_compare.py 0 500
"""
import os, random, subprocess, sys, json

BBP = os.environ.get("BBP", "/tmp/bbp/bbpPairings.exe")
OURS = os.environ.get("XIANGQI", "target/debug/xiangqi")
OUT = os.environ.get("OUT", "/tmp/swiss_compare/diffs")
os.makedirs(OUT, exist_ok=True)
WORK = os.environ.get("WORK", "/tmp/swiss_compare/work")


def fmt_pts(t):  # tenths
    return f"{t // 10}.{t % 10}"


class P:
    def __init__(s, no, rating):
        s.no = no
        s.rating = rating
        s.rounds = []  # list of entries: None (blank) or (opp, col, res)
        s.entry = 1
        s.withdraw = None  # absent from this round on


PS = dict(W=10, D=5, L=0, Z=0, F=0, U=10)


def points(e):
    if e is None:
        return PS["Z"]
    opp, col, res = e
    return {"1": PS["W"], "+": PS["W"], "=": PS["D"], "0": PS["L"], "-": PS["F"], "U": PS["U"], "F": PS["W"], "H": PS["D"], "Z": PS["Z"], "W": PS["W"], "D": PS["D"], "L": PS["L"]}[res]


MODE = {}


def write_trf(path, players, rounds_total, xxc, next_entries=None, crlf=False):
    lines = ["012 Random test"]
    m26 = MODE.get("m26", False)
    rng = MODE.get("rng")
    in240 = {}
    if m26 and next_entries:
        for no, e in next_entries.items():
            if rng.random() < 0.7:
                in240.setdefault(e[2], []).append(no)
        next_entries = {k: v for k, v in next_entries.items() if not (k in sum(in240.values(), []) and rng.random() < 0.8)}
    order = list(players)
    if MODE.get("shuffle"):
        MODE["rng"].shuffle(order)
    for p in order:
        ents = list(p.rounds)
        score = sum(points(e) for e in ents)
        if next_entries and p.no in next_entries:
            ents.append(next_entries[p.no])
        rt = str(p.rating) if not (MODE.get("unrated") and p.no % 3 == 0) else ""
        s = f"001 {p.no:4d}      {('Player%04d' % p.no):<33s} {rt:>4s} {'':3s} {'':11s} {'':10s} {fmt_pts(score):>4s} {p.no:4d}"
        for e in ents:
            if e is None:
                s += "          "
            else:
                opp, col, res = e
                s += f"  {opp:4d} {col} {res}" if opp else f"  0000 {col} {res}"
        lines.append(s.rstrip())
    if not m26:
        lines.append(f"XXR {rounds_total}")
        for k, v in PS.items():
            if v != dict(W=10, D=5, L=0, Z=0, F=0, U=PS["W"])[k]:
                lines.append(f"BB{k} {fmt_pts(v):>4s}")
        if xxc:
            lines.append(f"XXC {xxc}")
        for g in MODE.get("xxp", []):
            lines.append("XXP " + " ".join(str(x) for x in g))
    else:
        lines.append(f"142 {rounds_total}")
        lines.append("192 FIDE_DUTCH_2025")
        if PS != dict(W=10, D=5, L=0, Z=0, F=0, U=10):
            lines.append("162 " + "".join(f" {sym}{fmt_pts(PS[k]):>4s}   " for sym, k in [("W", "W"), ("D", "D"), ("L", "L"), ("Z", "Z"), ("P", "U")]).rstrip())
        if xxc:
            lines.append("152 " + ("W" if xxc == "white1" else "B"))
        rnd = len(players[0].rounds) + 1 if players else 1
        for kind, nos in in240.items():
            lines.append(f"240 {kind if kind != 'Z' else rng.choice(['Z', ' '])} {rnd:3d} " + " ".join(f"{x:4d}" for x in nos))
        # a 240 record for a later round, to be ignored
        if rng.random() < 0.3 and players:
            lines.append(f"240 H {rnd + 1:3d} {players[-1].no:4d}")
        for first, last, g in MODE.get("f260", []):
            lines.append(f"260 {first:3d} {last:3d} " + " ".join(f"{x:4d}" for x in g))
    sep = "\r" if crlf else "\n"
    with open(path, "w", newline="") as f:
        f.write(sep.join(lines) + sep)


def run_pair(cmd):
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    return r.returncode, r.stdout, r.stderr


def parse_pairs(text):
    ls = [l.split() for l in text.strip().splitlines()]
    n = int(ls[0][0])
    return [(int(a), int(b)) for a, b in ls[1 : n + 1]]


def colours(p):
    return [e[1] for e in p.rounds if e and e[0] and e[2] in "10=WDL"]


def check_valid(pairs, players, rnd, absent, last=False):
    """Basic validity of a Dutch pairing: no rematch of played games, one bye per player,
    everyone present paired once, no 3 same colours in a row / |diff|>2 except last-round topscorers (report only)."""
    probs = []
    seen = {}
    byno = {p.no: p for p in players}
    for a, b in pairs:
        for x in (a, b):
            if x == 0:
                continue
            if x in seen:
                probs.append(f"{x} twice")
            seen[x] = 1
        if b == 0:
            p = byno[a]
            if any(e and (e[2] == "U" or e[2] == "F" or e[2] == "+") for e in p.rounds):
                probs.append(f"bye to {a} who had a PAB/F/forfeit win")
        else:
            pa = byno[a]
            if any(e and e[0] == b and e[2] in "10=WDL" for e in pa.rounds):
                probs.append(f"rematch {a}-{b}")
            # C.04.1 (2025) arts. 6-7 (no exception before the last round)
            for x, c in ((a, "w"), (b, "b")):
                cs = colours(byno[x]) + [c]
                if not last and (abs(cs.count("w") - cs.count("b")) > 2 or cs[-3:] == [c] * 3):
                    probs.append(f"colour rule broken for {x}: {''.join(cs)}")
    for p in players:
        if p.no not in absent and p.no not in seen:
            probs.append(f"{p.no} unpaired")
        if p.no in absent and p.no in seen:
            probs.append(f"{p.no} absent but paired")
    return probs


def tournament(seed, stats):
    rng = random.Random(seed)
    n = rng.choice([3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 24, 25, 30, 33, 40])
    R = rng.randint(3, min(11, max(3, n + 1)))
    draw = rng.choice([0.0, 0.1, 0.3, 0.5, 0.7])
    ffrate = rng.choice([0.0, 0.0, 0.03, 0.1])
    byerate = rng.choice([0.0, 0.0, 0.05, 0.15])
    wdrate = rng.choice([0.0, 0.05, 0.15])
    laterate = rng.choice([0.0, 0.0, 0.1, 0.2])
    xxc = rng.choice(["white1", "black1"])
    omit_xxc = rng.random() < 0.3
    global PS
    PS = rng.choice([dict(W=10, D=5, L=0, Z=0, F=0, U=10)] * 4 + [dict(W=30, D=10, L=0, Z=0, F=0, U=30), dict(W=20, D=10, L=0, Z=0, F=0, U=10), dict(W=10, D=5, L=0, Z=0, F=0, U=5), dict(W=30, D=20, L=10, Z=0, F=0, U=30)])
    nocolff = rng.random() < 0.3
    MODE.clear()
    MODE["rng"] = rng
    MODE["shuffle"] = rng.random() < 0.3
    MODE["unrated"] = rng.random() < 0.3
    MODE["wdl"] = rng.random() < 0.2
    MODE["m26"] = rng.random() < float(os.environ.get("M26", "0.5"))
    if rng.random() < 0.3:
        MODE["f260"] = [(rng.randint(1, R), rng.randint(1, R), rng.sample(range(1, n + 1), min(n, rng.choice([2, 2, 3])))) for _ in range(rng.randint(1, 3))]
        MODE["xxp"] = [g for _, _, g in MODE["f260"][:1]]
    ratings = sorted((rng.randint(1200, 2700) for _ in range(n)), reverse=True)
    if rng.random() < 0.2:
        ratings = [2000] * n
    elif rng.random() < 0.3:
        rng.shuffle(ratings)
    players = [P(i + 1, ratings[i]) for i in range(n)]
    for p in players:
        if rng.random() < laterate:
            p.entry = rng.randint(2, max(2, R - 1))
        if rng.random() < wdrate:
            p.withdraw = rng.randint(2, R)
    feats = set()
    for rnd in range(1, R + 1):
        # entries for this round: requested byes / absences
        nxt = {}
        for p in players:
            if rnd < p.entry or (p.withdraw and rnd >= p.withdraw):
                kind = rng.choice(["Z", "Z", "blank", "H"]) if rnd < p.entry else rng.choice(["Z", "blank"])
                feats.add("late" if rnd < p.entry else "withdrawn")
                if kind != "blank":
                    nxt[p.no] = (0, "-", kind)
                else:
                    nxt[p.no] = None
            elif rng.random() < byerate:
                kind = rng.choice(["H", "H", "F", "Z"])
                if kind == "F" and rnd == R:
                    kind = "H"
                nxt[p.no] = (0, "-", kind)
                feats.add("bye" + kind)
        absent = set(nxt)
        if len(absent) == n:
            # everyone absent: skip this round
            nxt = {}
            absent = set()
        path = WORK + f"/t{seed}_r{rnd}.trf"
        os.makedirs(WORK, exist_ok=True)
        write_trf(path, players, R, None if (omit_xxc and rnd > 1) else xxc, {k: (v if v is not None else (0, "-", "Z")) for k, v in nxt.items()}, crlf=rng.random() < 0.3)
        # blank absences: appended as blank entries? write_trf only appends given ones; blanks are implicit
        bc, bo, be = run_pair([BBP, "--dutch", path, "-p"])
        oc, oo, oe = run_pair([OURS, "pair", "--system", "dutch", path])
        stats["rounds"] += 1
        if bc != 0 or oc != 0:
            if (bc == 0) != (oc == 0):
                stats["diffs"] += 1
                rec = dict(seed=seed, round=rnd, kind="status", bbp=(bc, bo, be), ours=(oc, oo, oe))
                json.dump(rec, open(f"{OUT}/t{seed}_r{rnd}.json", "w"))
                os.system(f"cp {path} {OUT}/")
            else:
                stats["both_fail"] += 1
                with open(f"{OUT}/both_fail.log", "a") as f:
                    f.write(f"{seed} r{rnd} n={n} bbp={bc} {be.strip()[-80:]!r} ours={oc} {oe.strip()[-120:]!r}\n")
            return feats
        bp = parse_pairs(bo)
        op = parse_pairs(oo)
        probs = check_valid(op, players, rnd, absent, last=rnd == R)
        if probs:
            stats["invalid"] += 1
            json.dump(dict(seed=seed, round=rnd, kind="invalid", probs=probs), open(f"{OUT}/inv_t{seed}_r{rnd}.json", "w"))
        if bp != op:
            stats["diffs"] += 1
            kind = "colours" if sorted(tuple(sorted(x)) for x in bp) == sorted(tuple(sorted(x)) for x in op) else (
                "order" if sorted(bp) == sorted(op) else "pairs")
            if kind == "pairs" and sorted(tuple(sorted(x)) for x in bp) == sorted(tuple(sorted(x)) for x in op):
                kind = "colours"
            stats.setdefault(kind, 0)
            stats[kind] += 1
            json.dump(dict(seed=seed, round=rnd, kind=kind, bbp=bp, ours=op), open(f"{OUT}/t{seed}_r{rnd}.json", "w"))
            os.system(f"cp {path} {OUT}/")
        # play the round using bbp's pairing
        byno = {p.no: p for p in players}
        done = set()
        for w, b in bp:
            if b == 0:
                byno[w].rounds.append((0, "-", "U"))
                done.add(w)
                continue
            x = rng.random()
            if x < ffrate:
                k = rng.choice(["w", "b", "both"])
                feats.add("forfeit")
                if k == "w":
                    rw, rb = "+", "-"
                elif k == "b":
                    rw, rb = "-", "+"
                else:
                    rw, rb = "-", "-"
            else:
                y = rng.random()
                if y < draw:
                    rw, rb = "=", "="
                elif y < draw + (1 - draw) * 0.55:
                    rw, rb = "1", "0"
                else:
                    rw, rb = "0", "1"
            cw, cb = ("-", "-") if (rw in "+-" and nocolff) else ("w", "b")
            if MODE["wdl"] and rw in "10=" and rng.random() < 0.3:
                rw, rb = {"1": "W", "0": "L", "=": "D"}[rw], {"1": "W", "0": "L", "=": "D"}[rb]
            byno[w].rounds.append((b, cw, rw))
            byno[b].rounds.append((w, cb, rb))
            done.update((w, b))
        for p in players:
            if p.no not in done:
                p.rounds.append(nxt.get(p.no))
    # final TRF must read: pair with XXR R+1
    path = WORK + f"/t{seed}_final.trf"
    write_trf(path, players, R + 1, xxc)
    oc, oo, oe = run_pair([OURS, "pair", "--system", "dutch", path])
    if oc != 0 and "no valid" not in oe.lower():
        stats["read_fail"] = stats.get("read_fail", 0) + 1
        json.dump(dict(seed=seed, kind="final", err=oe), open(f"{OUT}/final_t{seed}.json", "w"))
    return feats


if __name__ == "__main__":
    a, b = int(sys.argv[1]), int(sys.argv[2])
    stats = dict(tournaments=0, rounds=0, diffs=0, both_fail=0, invalid=0)
    allfeats = {}
    for seed in range(a, b):
        f = tournament(seed, stats)
        stats["tournaments"] += 1
        for x in f:
            allfeats[x] = allfeats.get(x, 0) + 1
    print(json.dumps(stats), json.dumps(allfeats))
