// Our own xiangqi board in SVG (MIT OR Apache-2.0; no chessground code).
//
// Drawn to the books' proportions: one square is 3.5 units, a piece 2.6 units across
// (WXF 2018 art. 1.3; CXA 2011 arts. 1.4–1.6), so with a square of 35 SVG units a piece's
// radius is 13. Red sits at the bottom unless flipped (the printed-diagram convention,
// 红方在下). Every piece is a <g> with data-piece (its FEN letter) and data-square (ICCS).

export const SQ = 35;          // one square
export const R = 13;           // a piece's radius: 2.6 / 3.5 of a square across
const M = 32;                  // margin for the file numbers
export const WIDTH = 2 * M + 8 * SQ;
export const HEIGHT = 2 * M + 9 * SQ;

const FILES = 'abcdefghi';
const CN_NUM = ['一', '二', '三', '四', '五', '六', '七', '八', '九'];
const NAMES = {
  K: '帅', A: '仕', B: '相', N: '马', R: '车', C: '炮', P: '兵',
  k: '将', a: '士', b: '象', n: '马', r: '车', c: '炮', p: '卒',
};
const INK = { red: '#c0261b', black: '#1d1d1d', line: '#5b3a1a', board: '#f3d9a4' };
const FONT = "'KaiTi','STKaiti','Kaiti SC','AR PL UKai CN','Noto Serif CJK SC','Noto Serif SC','Noto Sans CJK SC','Source Han Serif SC',serif";

/** Parses the board part of a FEN into a map square → letter. */
export function parseFen(fen) {
  const board = new Map();
  const [placement, turn] = (fen || '').trim().split(/\s+/);
  const rows = (placement || '').split('/');
  rows.forEach((row, i) => {
    const rank = 9 - i;
    let file = 0;
    for (const ch of row) {
      if (/\d/.test(ch)) file += Number(ch);
      else { if (file < 9) board.set(FILES[file] + rank, ch); file += 1; }
    }
  });
  return { board, turn: turn === 'b' ? 'black' : 'red' };
}

export const colorOf = (letter) => (letter === letter.toUpperCase() ? 'red' : 'black');
export const pieceName = (letter) => NAMES[letter] || '?';

function fileRank(sq) { return [FILES.indexOf(sq[0]), Number(sq.slice(1))]; }

/** Where the point of a square is drawn. */
export function point(sq, orientation = 'red') {
  const [f, r] = fileRank(sq);
  return orientation === 'red'
    ? [M + f * SQ, M + (9 - r) * SQ]
    : [M + (8 - f) * SQ, M + r * SQ];
}

/** The square nearest to an SVG point, or null off the board. */
export function squareAt(x, y, orientation = 'red') {
  let f = Math.round((x - M) / SQ);
  let r = Math.round((y - M) / SQ);
  if (f < 0 || f > 8 || r < 0 || r > 9) return null;
  if (Math.hypot(x - (M + f * SQ), y - (M + r * SQ)) > SQ * 0.55) return null;
  if (orientation === 'red') r = 9 - r; else f = 8 - f;
  return FILES[f] + r;
}

const esc = (s) => String(s).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' }[c]));

function line(x1, y1, x2, y2, w = 1) {
  return `<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke="${INK.line}" stroke-width="${w}" stroke-linecap="square"/>`;
}

/** The little corner marks of the cannon and pawn points. */
function marks(x, y) {
  const d = 3, l = 6;
  let s = '';
  for (const [sx, sy] of [[-1, -1], [1, -1], [-1, 1], [1, 1]]) {
    const cx = x + sx * d, cy = y + sy * d;
    if (cx < M || cx > M + 8 * SQ) continue;    // not beyond the board's edge
    s += `<polyline points="${cx + sx * l},${cy} ${cx},${cy} ${cx},${cy + sy * l}" fill="none" stroke="${INK.line}" stroke-width="0.9"/>`;
  }
  return s;
}

function grid(orientation) {
  let s = `<rect x="0" y="0" width="${WIDTH}" height="${HEIGHT}" rx="6" fill="${INK.board}"/>`;
  s += `<rect x="${M - 6}" y="${M - 6}" width="${8 * SQ + 12}" height="${9 * SQ + 12}" fill="none" stroke="${INK.line}" stroke-width="2.4"/>`;
  for (let r = 0; r <= 9; r++) s += line(M, M + r * SQ, M + 8 * SQ, M + r * SQ, r === 0 || r === 9 ? 1.4 : 1);
  for (let f = 0; f <= 8; f++) {
    const x = M + f * SQ;
    if (f === 0 || f === 8) s += line(x, M, x, M + 9 * SQ, 1.4);
    else { s += line(x, M, x, M + 4 * SQ); s += line(x, M + 5 * SQ, x, M + 9 * SQ); }
  }
  // Palaces (九宫).
  for (const top of [M, M + 7 * SQ]) {
    s += line(M + 3 * SQ, top, M + 5 * SQ, top + 2 * SQ);
    s += line(M + 5 * SQ, top, M + 3 * SQ, top + 2 * SQ);
  }
  // Cannon and pawn points.
  for (const sq of ['b2', 'h2', 'b7', 'h7', 'a3', 'c3', 'e3', 'g3', 'i3', 'a6', 'c6', 'e6', 'g6', 'i6']) {
    const [x, y] = point(sq, orientation);
    s += marks(x, y);
  }
  // The river (楚河 汉界).
  const ry = M + 4.5 * SQ;
  const t = (x, ch) => `<text x="${x}" y="${ry}" font-size="20" font-family="${FONT}" fill="${INK.line}" text-anchor="middle" dominant-baseline="central">${ch}</text>`;
  s += t(M + 1.5 * SQ, '楚') + t(M + 2.5 * SQ, '河') + t(M + 5.5 * SQ, '汉') + t(M + 6.5 * SQ, '界');
  // File numbers: Red's 九…一 on Red's side, Black's 1…9 on Black's side.
  for (let f = 0; f < 9; f++) {
    const sq = FILES[f] + '0';
    const [x] = point(sq, orientation);
    const redY = orientation === 'red' ? HEIGHT - M / 2 + 2 : M / 2 - 2;
    const blackY = orientation === 'red' ? M / 2 - 2 : HEIGHT - M / 2 + 2;
    s += `<text x="${x}" y="${redY}" font-size="11" fill="${INK.line}" text-anchor="middle" dominant-baseline="central" font-family="${FONT}" class="xq-coord">${CN_NUM[8 - f]}</text>`;
    s += `<text x="${x}" y="${blackY}" font-size="11" fill="${INK.line}" text-anchor="middle" dominant-baseline="central" font-family="sans-serif" class="xq-coord">${f + 1}</text>`;
  }
  return s;
}

function pieceSvg(letter, sq, orientation, extra = '') {
  const [x, y] = point(sq, orientation);
  const c = colorOf(letter) === 'red' ? INK.red : INK.black;
  return `<g class="xq-piece ${colorOf(letter)}${extra}" data-piece="${esc(letter)}" data-square="${sq}" transform="translate(${x} ${y})">`
    + `<circle r="${R}" fill="#fbefd5" stroke="${c}" stroke-width="1.4"/>`
    + `<circle r="${R - 2.2}" fill="none" stroke="${c}" stroke-width="0.7"/>`
    + `<text y="0.5" font-size="15" font-weight="600" font-family="${FONT}" fill="${c}" text-anchor="middle" dominant-baseline="central">${pieceName(letter)}</text></g>`;
}

/**
 * The board as a self-contained SVG string: the printed diagram (for export) and the base of
 * the interactive board.
 */
export function boardSvg(fen, opts = {}) {
  const orientation = opts.orientation || 'red';
  const { board } = parseFen(fen);
  const under = [];
  const over = [];
  const last = opts.lastMove && /^[a-i]\d[a-i]\d$/.test(opts.lastMove) ? [opts.lastMove.slice(0, 2), opts.lastMove.slice(2)] : [];
  for (const sq of last) {
    const [x, y] = point(sq, orientation);
    under.push(`<rect class="xq-last" data-square="${sq}" x="${x - SQ / 2 + 2}" y="${y - SQ / 2 + 2}" width="${SQ - 4}" height="${SQ - 4}" rx="4" fill="#3a7bd5" fill-opacity="0.28"/>`);
  }
  let checkSq = null;
  if (opts.check) {
    const k = parseFen(fen).turn === 'red' ? 'K' : 'k';
    for (const [sq, l] of board) if (l === k) checkSq = sq;
    if (checkSq) {
      const [x, y] = point(checkSq, orientation);
      under.push(`<circle class="xq-check" data-square="${checkSq}" cx="${x}" cy="${y}" r="${R + 4}" fill="#e0241b" fill-opacity="0.55"/>`);
    }
  }
  for (const sq of opts.marked || []) {
    const [x, y] = point(sq, orientation);
    under.push(`<circle class="xq-marked" data-square="${sq}" cx="${x}" cy="${y}" r="${R + 3.5}" fill="none" stroke="#8a2be2" stroke-width="2.5" stroke-dasharray="4 2"/>`);
  }
  if (opts.selected) {
    const [x, y] = point(opts.selected, orientation);
    under.push(`<circle class="xq-selected" cx="${x}" cy="${y}" r="${R + 3}" fill="#2e8b57" fill-opacity="0.45"/>`);
  }
  for (const to of opts.hints || []) {
    const [x, y] = point(to, orientation);
    if (board.has(to)) over.push(`<circle class="xq-hint capture" data-square="${to}" cx="${x}" cy="${y}" r="${R + 1.5}" fill="none" stroke="#2e8b57" stroke-width="3" pointer-events="none"/>`);
    else over.push(`<circle class="xq-hint" data-square="${to}" cx="${x}" cy="${y}" r="5" fill="#2e8b57" fill-opacity="0.8" pointer-events="none"/>`);
  }
  const pieces = [];
  for (const [sq, letter] of board) {
    const extra = (sq === checkSq ? ' in-check' : '') + (sq === opts.selected ? ' selected' : '');
    pieces.push(pieceSvg(letter, sq, orientation, extra));
  }
  const label = esc(opts.label || 'xiangqi board');
  const size = opts.width ? ` width="${opts.width}" height="${Math.round(opts.width * HEIGHT / WIDTH)}"` : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" class="xq-board" viewBox="0 0 ${WIDTH} ${HEIGHT}"${size} role="img" aria-label="${label}" data-orientation="${orientation}">`
    + `<g class="xq-grid">${grid(orientation)}</g><g class="xq-under">${under.join('')}</g>`
    + `<g class="xq-pieces">${pieces.join('')}</g><g class="xq-over">${over.join('')}</g>`
    + (opts.cursor ? cursorSvg(opts.cursor, orientation) : '') + '</svg>';
}

function cursorSvg(sq, orientation) {
  const [x, y] = point(sq, orientation);
  return `<rect class="xq-cursor" x="${x - SQ / 2 + 1}" y="${y - SQ / 2 + 1}" width="${SQ - 2}" height="${SQ - 2}" fill="none" stroke="#1565c0" stroke-width="2" stroke-dasharray="5 3" pointer-events="none"/>`;
}

/**
 * The interactive board. `onMove(iccs)` is called for a legal move made by click-click, drag
 * or keyboard; `onSquare(sq)` (if given) takes every click instead, for helpers such as the
 * touch-move helper.
 */
export class Board {
  constructor(container, opts = {}) {
    this.el = container;
    this.orientation = opts.orientation || 'red';
    this.onMove = opts.onMove || (() => {});
    this.onSquare = null;
    this.fen = opts.fen || 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w';
    this.legal = [];
    this.lastMove = null;
    this.check = false;
    this.selected = null;
    this.cursor = null;
    this.marked = [];
    this.extraHints = [];
    this.label = opts.label || 'xiangqi board';
    this.drag = null;
    this.el.classList.add('xq-wrap');
    this.el.addEventListener('pointerdown', (e) => this.down(e));
    this.el.addEventListener('pointermove', (e) => this.move(e));
    this.el.addEventListener('pointerup', (e) => this.up(e));
    this.el.addEventListener('pointercancel', () => { this.drag = null; this.render(); });
    this.el.addEventListener('keydown', (e) => this.key(e));
    this.el.addEventListener('blur', () => { if (this.cursor) { this.cursor = null; this.render(); } });
    this.el.tabIndex = 0;
    this.render();
  }

  /** Sets the position and what may be played: `legal` lists ICCS moves. */
  set({ fen, legal, lastMove, check }) {
    if (fen !== undefined && fen !== this.fen) { this.fen = fen; this.selected = null; }
    if (legal !== undefined) this.legal = legal || [];
    if (lastMove !== undefined) this.lastMove = lastMove;
    if (check !== undefined) this.check = check;
    if (this.selected && !this.targets(this.selected).length) this.selected = null;
    this.render();
  }

  flip() { this.orientation = this.orientation === 'red' ? 'black' : 'red'; this.render(); }

  targets(from) { return this.legal.filter((m) => m.slice(0, 2) === from).map((m) => m.slice(2)); }

  render() {
    if (this.drag && this.drag.moved) return;
    const hints = this.selected ? this.targets(this.selected) : this.extraHints;
    this.el.innerHTML = boardSvg(this.fen, {
      orientation: this.orientation, lastMove: this.lastMove, check: this.check,
      selected: this.selected, hints, cursor: this.cursor, marked: this.marked, label: this.label,
    });
    this.svg = this.el.querySelector('svg');
  }

  svgPoint(e) {
    const m = this.svg.getScreenCTM();
    if (!m) return [0, 0];
    const p = new DOMPoint(e.clientX, e.clientY).matrixTransform(m.inverse());
    return [p.x, p.y];
  }

  /** A click (or Enter) on a square. */
  tap(sq) {
    if (!sq) { this.selected = null; this.render(); return; }
    if (this.onSquare) { this.onSquare(sq); return; }
    if (this.selected && this.targets(this.selected).includes(sq)) {
      this.play(this.selected + sq);
      return;
    }
    if (this.selected === sq) this.selected = null;
    else this.selected = this.targets(sq).length ? sq : null;
    this.render();
  }

  play(iccs) {
    // Show the move at once; the server's answer confirms it or puts the position back.
    const { board, turn } = parseFen(this.fen);
    const from = iccs.slice(0, 2), to = iccs.slice(2);
    board.set(to, board.get(from));
    board.delete(from);
    this.fen = toFen(board, turn === 'red' ? 'b' : 'w');
    this.legal = [];
    this.lastMove = iccs;
    this.check = false;
    this.selected = null;
    this.render();
    this.onMove(iccs);
  }

  down(e) {
    if (e.button !== undefined && e.button !== 0) return;
    const [x, y] = this.svgPoint(e);
    const sq = squareAt(x, y, this.orientation);
    if (this.onSquare || !sq) { this.tap(sq); return; }
    if (this.selected && this.targets(this.selected).includes(sq)) { this.play(this.selected + sq); return; }
    if (this.targets(sq).length) {
      const wasSelected = this.selected === sq;
      this.selected = sq;
      this.render();
      const el = this.svg.querySelector(`.xq-piece[data-square="${sq}"]`);
      this.drag = { from: sq, el, x, y, moved: false, wasSelected };
      try { this.el.setPointerCapture(e.pointerId); } catch { /* synthetic events */ }
      e.preventDefault();
    } else {
      this.selected = null;
      this.render();
    }
  }

  move(e) {
    const d = this.drag;
    if (!d) return;
    const [x, y] = this.svgPoint(e);
    if (!d.moved && Math.hypot(x - d.x, y - d.y) < 4) return;
    if (!d.moved) {
      d.moved = true;
      d.el.classList.add('dragging');
      d.el.parentNode.appendChild(d.el);   // on top of the others
    }
    d.el.setAttribute('transform', `translate(${x} ${y}) scale(1.12)`);
  }

  up(e) {
    const d = this.drag;
    if (!d) return;
    this.drag = null;
    if (!d.moved) {
      if (d.wasSelected) { this.selected = null; this.render(); }
      return;
    }
    const [x, y] = this.svgPoint(e);
    const to = squareAt(x, y, this.orientation);
    if (to && this.targets(d.from).includes(to)) this.play(d.from + to);
    else this.render();
  }

  key(e) {
    const dirs = { ArrowUp: [0, 1], ArrowDown: [0, -1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };
    if (!this.cursor && (dirs[e.key] || e.key === 'Enter' || e.key === ' ')) {
      // The first key shows the cursor, on the selected piece or the own king's file.
      e.preventDefault();
      this.cursor = this.selected || (this.orientation === 'red' ? 'e0' : 'e9');
      this.render();
      return;
    }
    if (dirs[e.key]) {
      e.preventDefault();
      let [f, r] = fileRank(this.cursor || 'e0');
      let [df, dr] = dirs[e.key];
      if (this.orientation === 'black') { df = -df; dr = -dr; }
      f = Math.min(8, Math.max(0, f + df));
      r = Math.min(9, Math.max(0, r + dr));
      this.cursor = FILES[f] + r;
      this.render();
    } else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      this.tap(this.cursor);
    } else if (e.key === 'Escape') {
      this.selected = null;
      this.render();
    }
  }
}

/** Writes a board map back as FEN (placement and side to move). */
export function toFen(board, side = 'w') {
  const rows = [];
  for (let r = 9; r >= 0; r--) {
    let row = '', empty = 0;
    for (let f = 0; f < 9; f++) {
      const l = board.get(FILES[f] + r);
      if (l) { if (empty) row += empty; empty = 0; row += l; } else empty++;
    }
    if (empty) row += empty;
    rows.push(row);
  }
  return `${rows.join('/')} ${side}`;
}

/** Draws an SVG string onto a canvas and resolves with a PNG blob. */
export function svgToPng(svgText, width = 720) {
  return new Promise((resolve, reject) => {
    const img = new Image();
    const url = URL.createObjectURL(new Blob([svgText], { type: 'image/svg+xml' }));
    img.onload = () => {
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = Math.round(width * HEIGHT / WIDTH);
      const ctx = canvas.getContext('2d');
      ctx.drawImage(img, 0, 0, canvas.width, canvas.height);
      URL.revokeObjectURL(url);
      canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('no PNG'))), 'image/png');
    };
    img.onerror = () => { URL.revokeObjectURL(url); reject(new Error('the SVG did not load')); };
    img.src = url;
  });
}
