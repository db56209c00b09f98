#!/usr/bin/env python3
"""Compare our tie-breaks (`xiangqi tournament standings`) with FIDE's, as gacrux computes them,
on random tournaments.

Dev tool, not used by the build or the tests. Generates random single and double round robins
(3-14 players, odd fields with a rest round; forfeits, double forfeits, withdrawals whose
remaining games are forfeits as CXA 2011 art. 19.2 has them) and Swiss tournaments (4-40
players, 3-11 rounds; pairing-allocated byes `U`, full-point byes `F`, absences `Z` or blank,
late entrants, withdrawals, forfeits, double forfeits, rematches when
the greedy pairing finds nothing else), scored 1/½/0, 2/1/0 or 3/1/0 (TRF-2026 record `162`).
Each TRF is imported with `xiangqi tournament import`, its tie-break list set in the file, and
read back with `standings --format csv`; the oracle is the PyPI package gacrux (MIT; its
`tiebreakchecker`, `-p` for round robins, `-s` for Swiss). Differences are written to $OUT.

    XIANGQI=target/debug/xiangqi python3 scripts/tiebreak_compare.py 0 1000
    KEEP=1 ...   also keeps each TRF and gacrux's TSVs as $OUT/cases/t<seed>{.trf,_gacrux.tsv,
                 _gacrux_de.tsv}, the layout of crates/xiangqi-tournament/tests/data/tiebreak_compare

Mapping (our code -> gacrux), and what is compared:

| ours (src/tiebreak.rs)        | gacrux | compared for                                       |
| ----------------------------- | ------ | -------------------------------------------------- |
| PTS score                     | PTS    | everyone                                           |
| WIN  Wins (CXA 14.1-14.3)     | WIN    | everyone (FIDE C.07 7.1 counts unplayed wins too)  |
| BWG  BlackWins (CXA 14.2)     | BWG    | everyone (over the board only, both)               |
| BPG  BlackGames (CXA 14.1)    | BPG    | everyone (over the board only, both)               |
| PS   Progressive (CXA 14.3.2) | PS     | everyone                                           |
| PS/C ProgressiveCuts k=1,2    | PS/Ck  | everyone, as ours_k = PS/Ck - (R-k) * RT_k         |
| SB   XiaoFen (CXA 14.1)       | SB     | as BH, as ours * W when a win is worth two draws   |
| BH   OpponentsScore (14.3.1)  | BH     | round robins: everyone; Swiss: see below           |
| BH/C1 StrongOpponents (WXF F) | BH/C1  | round robins: everyone; Swiss: see below           |
| DE   HeadToHead (CXA 14.1)    | DE     | rank under [PTS, DE]; see below                    |

Not compared (no FIDE counterpart, or not one of ours): our PREV (CXA 14.3.1 earlier rounds),
DEB (WXF 10.2 F), FOUL, SANC, GP/OGP/B1/MW (matches and teams); FIDE's ARO, TPR, BH medians,
Koya, AOB, WON (we have no such tie-break).

Intentional differences (left out of the comparison, counted as `skipped`):
- Unplayed rounds in a Swiss. We follow CXA 2011 art. 14.4: a bye is a win whose 对手分 (and,
  our choice, 小分) counts the lowest score among players with points; CXA 20.3: a forfeit is a
  result, the forfeiting opponent counts like any opponent. FIDE C.07 (2024) art. 16 instead
  counts each unplayed round against a dummy opponent with the player's own score, and an
  opponent's trailing unplayed rounds as draws. So in a Swiss, SB, BH and BH/C1 are compared
  only for players who played every round over the board and whose opponents have no
  unplayed round after their last played one (there the two rules coincide). In a round robin
  gacrux (-p, "pre-determined pairings") counts forfeits as played games, as we do.
- 小分 (CXA 14.1) is the whole score of each beaten opponent plus half that of each drawn one,
  whatever the points per result; FIDE's SB multiplies the opponent's score by the points
  scored against them. Equal up to the factor W when a win is worth two draws (1/½/0, 2/1/0);
  not compared under 3/1/0.
- 累进分 after a cut (CXA 14.3.2 "去除第一轮得分"): we drop the first k rounds' points from
  every running total; FIDE's PS cut-k drops the first k running totals. Compared through the
  identity in the table.
- 直胜 / DE in a Swiss: our head-to-head counts forfeits as results (CXA 20.3) and separates
  nobody unless every pair of the tied met; FIDE C.07 art. 6 counts only games played over the
  board, and in a Swiss ranks first a player who scored more among the tied than any other
  could have. So in a Swiss, DE ranks are compared only for score groups where every pair met
  over the board, each pair exactly once and no forfeit between them; in round robins for
  every group. FIDE averages the
  games of a pair that met more than once, we add them up: the same ranking when every pair
  met equally often (double round robins), different after a Swiss rematch, which our
  pairings never make but a generated or imported file may hold (the generator pairs
  greedily and sometimes repeats a game). Where both apply, FIDE repeats DE within the
  players it left tied (art. 6), and so do we since this comparison found that we did not.
- The half-point bye `H` (not in xiangqi rules; our import reads it as not paired) is not
  generated.
"""
import csv
import io
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
from fractions import Fraction

OURS = os.environ.get("XIANGQI", "target/debug/xiangqi")
OUT = os.environ.get("OUT", "/tmp/tiebreak_compare")
KEEP = os.environ.get("KEEP") == "1"
os.makedirs(OUT, exist_ok=True)


def frac(s):
    s = s.strip()
    if s in ("", "-0", "None"):
        return None
    return Fraction(s)


def fmt(x):  # Fraction -> TRF points "1.5"
    return f"{float(x):.1f}"


class T:
    """A generated tournament: kind (rr/drr/swiss), rounds, per player a list of round entries:
    None (blank), ("bye", code) with code U/F/Z, or (opp, colour w/b/-, result 1 = 0 + -)."""

    def __init__(s, kind, n, rounds, scoring):
        s.kind, s.n, s.rounds, s.scoring = kind, n, rounds, scoring
        s.entries = {p: [None] * rounds for p in range(1, n + 1)}
        s.ratings = {}

    def points(s, e):
        W, D, L = s.scoring
        if e is None:
            return Fraction(0)
        if e[0] == "bye":
            return W if e[1] in "UF" else Fraction(0)
        return {"1": W, "+": W, "=": D, "0": L, "-": Fraction(0)}[e[2]]

    def score(s, p):
        return sum((s.points(e) for e in s.entries[p]), Fraction(0))

    def running(s, p, r):
        return sum((s.points(e) for e in s.entries[p][:r]), Fraction(0))


def schedule(n, rng):
    """Circle-method round robin: rounds of (white, black); None = rest."""
    m = n + (n % 2)
    ids = list(range(1, m + 1))
    rng.shuffle(ids)
    rounds = []
    for r in range(m - 1):
        pairs = []
        for i in range(m // 2):
            a, b = ids[i], ids[m - 1 - i]
            if (r + i) % 2:
                a, b = b, a
            pairs.append((a if a <= n else None, b if b <= n else None))
        rounds.append(pairs)
        ids = [ids[0]] + [ids[-1]] + ids[1:-1]
    return rounds


def result(rng, draw):
    y = rng.random()
    if y < draw:
        return "=", "="
    return ("1", "0") if y < draw + (1 - draw) * 0.55 else ("0", "1")


def gen_rr(rng, seed):
    n = rng.randint(3, 14)
    double = rng.random() < 0.25
    sched = schedule(n, rng)
    if double:
        sched = sched + [[(b, a) for a, b in rnd] for rnd in sched]
    R = len(sched)
    t = T("drr" if double else "rr", n, R, scoring(rng))
    draw = rng.choice([0.0, 0.2, 0.4, 0.7])
    ff = rng.choice([0.0, 0.0, 0.03, 0.1])
    wd = {}
    if rng.random() < 0.3:
        for _ in range(rng.randint(1, 2)):
            wd[rng.randint(1, n)] = rng.randint((R + 1) // 2, R)  # CXA 19.2: half or more played
    for r, rnd in enumerate(sched):
        for a, b in rnd:
            if a is None or b is None:
                continue  # rest round: no entry (FIDE C.05, our round robins alike)
            ga = a in wd and r >= wd[a]
            gb = b in wd and r >= wd[b]
            if ga or gb:  # CXA 19.2: a withdrawn player's remaining games are forfeits
                ra, rb = ("-", "-") if ga and gb else (("-", "+") if ga else ("+", "-"))
            elif rng.random() < ff:
                ra, rb = rng.choice([("+", "-"), ("-", "+"), ("-", "-")])
            else:
                ra, rb = result(rng, draw)
            t.entries[a][r] = (b, "w", ra)
            t.entries[b][r] = (a, "b", rb)
    return t


def scoring(rng):
    return rng.choice([(Fraction(1), Fraction(1, 2), Fraction(0))] * 6 + [(Fraction(2), Fraction(1), Fraction(0)), (Fraction(3), Fraction(1), Fraction(0))])


def gen_swiss(rng, seed):
    n = rng.choice([4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 16, 17, 20, 21, 24, 25, 30, 33, 40])
    R = rng.randint(3, min(11, n - 1))
    t = T("swiss", n, R, scoring(rng))
    draw = rng.choice([0.0, 0.2, 0.4, 0.7])
    ff = rng.choice([0.0, 0.0, 0.03, 0.1])
    byerate = rng.choice([0.0, 0.0, 0.03, 0.1])
    clean = rng.random() < 0.25  # no unplayed round at all (even field, nobody absent)
    if clean and n % 2:
        n -= 1
        t = T("swiss", n, R, t.scoring)
    entry = {p: 1 for p in range(1, n + 1)}
    withdraw = {}
    # A forfeit is written with its colours: gacrux 1.11.65 stops on one without ("Error 401:
    # No result for black"), which our reader accepts.
    nocol = False
    if not clean:
        for p in range(1, n + 1):
            if rng.random() < 0.08:
                entry[p] = rng.randint(2, max(2, R - 1))
            if rng.random() < 0.1:
                withdraw[p] = rng.randint(2, R)
    had_pab = set()
    met = {p: set() for p in range(1, n + 1)}
    cdiff = {p: 0 for p in range(1, n + 1)}
    for r in range(R):
        present = []
        for p in range(1, n + 1):
            if r + 1 < entry[p] or (p in withdraw and r + 1 >= withdraw[p]):
                t.entries[p][r] = rng.choice([None, ("bye", "Z")])
            elif not clean and rng.random() < byerate:
                t.entries[p][r] = ("bye", rng.choice(["Z", "Z", "F"]))
            else:
                present.append(p)
        rng.shuffle(present)
        present.sort(key=lambda p: -t.running(p, r))
        if len(present) % 2:
            cand = [p for p in reversed(present) if p not in had_pab] or list(reversed(present))
            b = cand[0]
            present.remove(b)
            had_pab.add(b)
            t.entries[b][r] = ("bye", "U")
        pool = list(present)
        while pool:
            a = pool.pop(0)
            k = next((i for i, q in enumerate(pool) if q not in met[a]), 0)
            b = pool.pop(k)
            met[a].add(b)
            met[b].add(a)
            if cdiff[a] > cdiff[b] or (cdiff[a] == cdiff[b] and rng.random() < 0.5):
                a, b = b, a
            cdiff[a] += 1
            cdiff[b] -= 1
            if rng.random() < ff:
                ra, rb = rng.choice([("+", "-"), ("-", "+"), ("-", "-")])
                ca, cb = ("-", "-") if nocol else ("w", "b")
            else:
                ra, rb = result(rng, draw)
                ca, cb = "w", "b"
            t.entries[a][r] = (b, ca, ra)
            t.entries[b][r] = (a, cb, rb)
    return t


def write_trf(t, path):
    W, D, L = t.scoring
    lines = [f"012 tiebreak_compare {t.kind}"]
    for p in range(1, t.n + 1):
        s = f"001 {p:4d}      {('Player%04d' % p):<33s} {t.ratings.get(p, 1500):>4d} {'':3s} {'':11s} {'':10s} {fmt(t.score(p)):>4s} {p:4d}"
        for e in t.entries[p]:
            if e is None:
                s += "          "
            elif e[0] == "bye":
                s += f"  0000 - {e[1]}"
            else:
                s += f"  {e[0]:4d} {e[1]} {e[2]}"
        lines.append(s.rstrip())
    lines.append(f"XXR {t.rounds}")
    if (W, D, L) != (1, Fraction(1, 2), 0):
        lines.append("162 " + "".join(f" {sym}{fmt(v):>4s}   " for sym, v in [("W", W), ("D", D), ("L", L), ("Z", 0), ("P", W)]).rstrip())
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")


def run(cmd):
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    if r.returncode:
        raise RuntimeError(f"{cmd}: {r.stderr.strip()[-400:]}")
    return r.stdout


def ours(trf, tmp, order):
    """Our standings with tie-breaks `order`: {no: (rank, score, {code: text})}."""
    js = os.path.join(tmp, "t.json")
    if os.path.exists(js):
        os.remove(js)
    run([OURS, "tournament", "import", trf, "--out", js])
    doc = json.load(open(js))
    set_tie_breaks(doc, order)
    json.dump(doc, open(js, "w"))
    out = run([OURS, "tournament", "standings", js, "--format", "csv"])
    rows = list(csv.DictReader(io.StringIO(out)))
    return {int(r["no"]): (int(r["rank"]), Fraction(r["score"]), r) for r in rows}


VARIANT = {"SB": "XiaoFen", "BH": "OpponentsScore", "BH/C1": "StrongOpponents", "PS": "Progressive",
           "PS/C": "ProgressiveCuts", "WIN": "Wins", "BWG": "BlackWins", "BPG": "BlackGames", "DE": "HeadToHead"}


def set_tie_breaks(doc, order):
    """The tie-break list lives in the `created` event of the file's event log."""
    for ev in doc["events"]:
        if ev.get("event") == "created":
            ev["tie_breaks"] = [VARIANT[c] for c in order]
            return
    raise RuntimeError("no created event in the tournament file")


def gacrux(trf, tmp, mode, tbs, name="g.tsv"):
    """gacrux's tiebreakchecker: {no: (rank, [values])}; its TSV stays in `tmp`."""
    out = os.path.join(tmp, name)
    cmd = [sys.executable, "-m", "gacrux.tiebreakchecker", "-i", trf, "-f", "TRF", mode, "-d", "T", "-o", out, "-t"] + tbs
    run(cmd)
    res = {}
    for line in open(out).read().splitlines()[1:]:
        f = line.split("\t")
        if not f[0].isdigit():
            continue
        res[int(f[0])] = (int(f[1]), f[2:])
    return res


def unplayed(e):
    """Not a game over the board."""
    return e is None or e[0] == "bye" or e[2] in "+-"


def fide_vur(e):
    """C.07 art. 16 voluntarily unplayed round: not played and not scoring a win (PAB is 'played')."""
    if e is None:
        return True
    if e[0] == "bye":
        return e[1] == "Z"
    return e[2] == "-"


def comparable_bh(t, p):
    """SB/BH/BH-C1 mean the same under CXA 14.4/20.3 and FIDE art. 16 for this player."""
    if t.kind != "swiss":
        return True
    if any(unplayed(e) for e in t.entries[p]):
        return False
    for e in t.entries[p]:
        o = e[0]
        es = t.entries[o]
        last = max((i for i, x in enumerate(es) if not fide_vur(x)), default=-1)
        if any(fide_vur(x) for x in es[last + 1:]):
            return False
    return True


def de_groups(t, ranks_by_score):
    """Score groups whose DE ranks are compared (all in a round robin; in a Swiss only groups
    where every pair met over the board)."""
    ok = []
    for score, group in ranks_by_score.items():
        if len(group) < 2:
            continue
        if t.kind == "swiss":
            # every pair met exactly once, over the board (no forfeit between them either)
            met = {p: [(e[0], unplayed(e)) for e in t.entries[p] if e and e[0] != "bye"] for p in group}
            if not all(met[a].count((b, False)) == 1 and (b, True) not in met[a] for a in group for b in group if a != b):
                continue
        ok.append(group)
    return ok


def compare(seed, stats, diffs):
    rng = random.Random(seed)
    t = gen_rr(rng, seed) if rng.random() < 0.4 else gen_swiss(rng, seed)
    stats["tournaments"] += 1
    stats[t.kind] = stats.get(t.kind, 0) + 1
    with tempfile.TemporaryDirectory() as tmp:
        trf = os.path.join(tmp, f"t{seed}.trf")
        write_trf(t, trf)
        mode = "-s" if t.kind == "swiss" else "-p"
        R = t.rounds
        g_tbs = ["PTS", "SB", "BH", "BH/C1", "PS", "WIN", "BWG", "BPG"] + (["PS/C1", "PS/C2"] if R >= 3 else [])
        g = gacrux(trf, tmp, mode, g_tbs)
        gde = gacrux(trf, tmp, mode, ["PTS", "DE"], "g_de.tsv")
        o = ours(trf, tmp, ["SB", "BH", "BH/C1", "PS", "PS/C", "WIN", "BWG", "BPG"])
        ode = ours(trf, tmp, ["DE"])
        if KEEP:
            d = f"{OUT}/cases"
            os.makedirs(d, exist_ok=True)
            shutil.copy(trf, f"{d}/t{seed}.trf")
            shutil.copy(os.path.join(tmp, "g.tsv"), f"{d}/t{seed}_gacrux.tsv")
            shutil.copy(os.path.join(tmp, "g_de.tsv"), f"{d}/t{seed}_gacrux_de.tsv")

    def diff(what, p, mine, theirs):
        stats["diffs"] += 1
        stats.setdefault("by", {}).setdefault(what, 0)
        stats["by"][what] += 1
        diffs.append(dict(seed=seed, kind=t.kind, tb=what, player=p, ours=str(mine), gacrux=str(theirs)))

    def check(what, p, mine, theirs, ok=True):
        key = "compared" if ok else "skipped"
        stats.setdefault(key, {}).setdefault(what, 0)
        stats[key][what] += 1
        if ok and mine != theirs:
            diff(what, p, mine, theirs)

    for p in range(1, t.n + 1):
        _, score, row = o[p]
        gv = dict(zip(g_tbs, (frac(x) for x in g[p][1])))
        check("PTS", p, score, gv["PTS"])
        for code in ["WIN", "BWG", "BPG", "PS"]:
            check(code, p, frac(row[code]), gv[code])
        cuts = [Fraction(x) for x in row["PS/C"].split("/")] if row["PS/C"] else []
        for k in (1, 2):
            if f"PS/C{k}" in gv and k < R:
                expect = gv[f"PS/C{k}"] - (R - k) * t.running(p, k)
                check(f"PS/C{k}", p, cuts[k - 1] if len(cuts) >= k else None, expect)
        ok = comparable_bh(t, p)
        for code in ["BH", "BH/C1"]:
            check(code, p, frac(row[code]), gv[code], ok)
        # FIDE multiplies the opponent's score by the points scored against them; 小分 (CXA
        # 14.1) takes the whole score of a beaten opponent and half of a drawn one.
        W, D, _ = t.scoring
        sb = frac(row["SB"])
        check("SB", p, sb * W if sb is not None else None, gv["SB"], ok and W == 2 * D)
    groups = {}
    for p in range(1, t.n + 1):
        groups.setdefault(ode[p][1], []).append(p)
    okg = de_groups(t, groups)
    okp = {p for g_ in okg for p in g_}
    for p in range(1, t.n + 1):
        if len(groups[ode[p][1]]) > 1:
            check("DE rank", p, ode[p][0], gde[p][0], p in okp)


if __name__ == "__main__":
    a, b = int(sys.argv[1]), int(sys.argv[2])
    stats = dict(tournaments=0, diffs=0)
    diffs = []
    for seed in range(a, b):
        try:
            compare(seed, stats, diffs)
        except Exception as e:  # report and go on
            stats["errors"] = stats.get("errors", 0) + 1
            diffs.append(dict(seed=seed, error=str(e)))
    json.dump(diffs, open(f"{OUT}/diffs_{a}_{b}.json", "w"), indent=1)
    print(json.dumps(stats, indent=1))
