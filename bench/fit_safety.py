"""Fit ``engine.bots.safety``'s stated chance from ``bench.discard_safety --dump`` files.

    python -m bench.discard_safety --rules classic --deals 60 --first-deal 600000001 --dump c.jsonl
    python -m bench.fit_safety c.jsonl p.jsonl t.jsonl h.jsonl [--ridge 2] [--check r.jsonl ...]

A ridge-penalised logistic regression (Newton steps) over Hard's discards of natural
cards whose pair is possible, "the next player took the pile" against ``safety.terms``; a wild card's discard
(where a wild top card can be taken) gets its own one-term fit.  Prints ``COEF`` and
``WILD_COEF`` to paste into the module, and with ``--check`` the per-band table of the
fitted chance (all of Hard's discards) for each rule set in the files given.
Standard library only: the Hessian is summed per pattern of rule fields on the base
terms, then spread over the field parts.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections import defaultdict
from typing import Any

from engine.bots import safety as S

Row = dict[str, Any]


def load(paths: list[str]) -> list[Row]:
    """Hard's rows from dump files."""
    rows: list[Row] = []
    for path in paths:
        with open(path, encoding="utf-8") as f:
            rows.extend(r for r in map(json.loads, f) if r["level"] == "hard")
    return rows


def solve(a: list[list[float]], b: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting (a is symmetric positive definite here)."""
    n = len(b)
    m = [[*row, b[i]] for i, row in enumerate(a)]
    for c in range(n):
        piv = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[piv] = m[piv], m[c]
        for r in range(c + 1, n):
            k = m[r][c] / m[c][c]
            if k:
                for j in range(c, n + 1):
                    m[r][j] -= k * m[c][j]
    x = [0.0] * n
    for c in range(n - 1, -1, -1):
        x[c] = (m[c][n] - sum(m[c][j] * x[j] for j in range(c + 1, n))) / m[c][c]
    return x


def fit(rows: list[Row], ridge: float, iters: int = 30) -> dict[str, float]:
    """Newton's method on the penalised log-likelihood; the weights by term name."""
    base_names = [*S.CORE, *S.SHARED]
    names = [*base_names, *(f"{fl}:{k}" for fl in S.FIELDS for k in S.CORE)]
    index = {k: i for i, k in enumerate(names)}
    nb = len(base_names)
    data = [([S.base_terms(r)[k] for k in base_names], S.active_fields(r), float(r["taken"])) for r in rows]
    patterns = sorted({fl for _, fl, _ in data})

    def cols(fields: tuple[str, ...]) -> list[list[int]]:
        """For each base term, the weight indices it feeds under these fields."""
        return [[index[k], *(index[f"{fl}:{k}"] for fl in fields if k in S.CORE)] for k in base_names]

    pcols = {p: cols(p) for p in patterns}
    w = [0.0] * len(names)
    for _ in range(iters):
        gram = {p: [[0.0] * nb for _ in range(nb)] for p in patterns}
        grad = {p: [0.0] * nb for p in patterns}
        for x, fields, y in data:
            eff = [sum(w[i] for i in c) for c in pcols[fields]]
            z = sum(e * v for e, v in zip(eff, x, strict=True))
            p = 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))
            q = p * (1.0 - p)
            g, gr = gram[fields], grad[fields]
            for i in range(nb):
                xi = x[i]
                if xi:
                    gr[i] += (y - p) * xi
                    qi = q * xi
                    row = g[i]
                    for j in range(i, nb):
                        row[j] += qi * x[j]
        n = len(names)
        hess = [[ridge if i == j else 0.0 for j in range(n)] for i in range(n)]
        score = [-ridge * wi for wi in w]
        for pat in patterns:
            g, gr, cs = gram[pat], grad[pat], pcols[pat]
            for i in range(nb):
                for a in cs[i]:
                    score[a] += gr[i]
                for j in range(i, nb):
                    v = g[i][j]
                    if v:
                        for a in cs[i]:
                            for b in cs[j]:
                                hess[a][b] += v
                                if i != j:
                                    hess[b][a] += v
        step = solve(hess, score)
        w = [wi + s for wi, s in zip(w, step, strict=True)]
        if max(abs(s) for s in step) < 1e-7:
            break
    return {k: round(v, 4) for k, v in zip(names, w, strict=True)}


def fit_wild(rows: list[Row], ridge: float) -> dict[str, float]:
    """One intercept for wild cards' discards where a wild top card can be taken."""
    ys = [float(r["taken"]) for r in rows]
    if not ys:
        return {"1": -3.0}
    rate = (sum(ys) + 0.5) / (len(ys) + 1.0 + ridge)
    return {"1": round(math.log(rate / (1.0 - rate)), 4)}


def recal(rows: list[Row], ridge: float) -> tuple[tuple[float, ...], tuple[float, ...]]:
    """``safety.RECAL`` and ``safety.RECAL_WHOLE`` from two-fold predictions (odd deals fitted
    on even ones and back), the second from the rows where a pickup takes the whole pile."""
    pts: list[tuple[float, float, bool]] = []
    for half in (0, 1):
        coef = fit([r for r in rows if r["deal"] % 2 == half], ridge)
        S.set_coef(coef)
        for r in rows:
            if r["deal"] % 2 != half:
                pts.append((S.log_odds(r), float(r["taken"]), bool(r["whole"])))
    return (recal_fit([(z, y) for z, y, w in pts if not w], S.KNEES),
            recal_fit([(z, y) for z, y, w in pts if w], S.KNEES_WHOLE))


def recal_fit(pts: list[tuple[float, float]], knees: tuple[float, ...]) -> tuple[float, ...]:
    """(a, b, c...) of the line from fitted log-odds to the log-odds of what happened, bent
    by c at each knee (``safety.recalibrate``)."""
    k = 2 + len(knees)
    b = [0.0, 1.0, *([0.0] * len(knees))]
    if not pts:
        return tuple(b)
    for _ in range(30):
        h = [[0.0] * k for _ in range(k)]
        g = [0.0] * k
        for z, y in pts:
            x = (1.0, z, *(max(0.0, z - kn) for kn in knees))
            p = 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, sum(bi * xi for bi, xi in zip(b, x, strict=True))))))
            for i in range(k):
                g[i] += (y - p) * x[i]
                for j in range(k):
                    h[i][j] += p * (1.0 - p) * x[i] * x[j]
        step = solve(h, g)
        b = [bi + s for bi, s in zip(b, step, strict=True)]
        if max(abs(s) for s in step) < 1e-8:
            break
    return tuple(round(v, 4) for v in b)


def band_table(rows: list[Row], key: str) -> list[tuple[str, int, float, float]]:
    """(band, discards, mean chance, share taken) per 10-point band of ``key``."""
    groups: dict[int, list[Row]] = defaultdict(list)
    for r in rows:
        groups[min(9, int(r[key] * 10 + 1e-9))].append(r)
    out = []
    for b in sorted(groups):
        rs = groups[b]
        out.append((f"{b * 10}-{b * 10 + 9}%", len(rs), sum(r[key] for r in rs) / len(rs),
                    sum(r["taken"] for r in rs) / len(rs)))
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m bench.fit_safety", description=__doc__.split("\n")[0])
    p.add_argument("files", nargs="+")
    p.add_argument("--ridge", type=float, default=2.0)
    p.add_argument("--check", nargs="*", default=[], help="dump files to tabulate with the fitted weights")
    args = p.parse_args(argv)
    rows = load(args.files)
    natural = [r for r in rows if r["kind"] == 0.0 and r["pair"] > 0.0]
    S.RECAL = (0.0, 1.0, *([0.0] * len(S.KNEES)))
    S.RECAL_WHOLE = (0.0, 1.0, *([0.0] * len(S.KNEES_WHOLE)))
    rc, rc_whole = recal(natural, args.ridge)
    coef = fit(natural, args.ridge)
    wild = fit_wild([r for r in rows if r["kind"] == 1.0 and r["wild_top"]], args.ridge)
    print(f"COEF: dict[str, float] = {json.dumps(coef)}")
    print(f"RECAL = {rc}")
    print(f"RECAL_WHOLE = {rc_whole}")
    print(f"WILD_COEF: dict[str, float] = {json.dumps(wild)}")
    S.set_coef(coef)
    S.RECAL = rc
    S.RECAL_WHOLE = rc_whole
    S.WILD_COEF.clear()
    S.WILD_COEF.update(wild)
    checked = load(args.check)
    for name in sorted({r["rules"] for r in checked}):
        rs = [r for r in checked if r["rules"] == name]
        for r in rs:
            r["fitted"] = S.predict(r)
        print(f"{name}: {len(rs)} discards (said = before, fitted = after)")
        before = {b: (n, pr, tk) for b, n, pr, tk in band_table(rs, "said")}
        after = {b: (n, pr, tk) for b, n, pr, tk in band_table(rs, "fitted")}
        for b in sorted(set(before) | set(after), key=lambda s: int(s.split("-")[0])):
            cells = []
            for t in (before, after):
                n, pr, tk = t.get(b, (0, 0.0, 0.0))
                cells.append(f"{n:>6} {pr:>6.1%} {tk:>6.1%} {100 * (pr - tk):>+6.1f}" if n else f"{'':>27}")
            print(f"  {b:<8}{cells[0]}   {cells[1]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
