// The game viewer, /viewer: opens an uploaded PGN or XQF record (or a stored game,
// /viewer?game=ID), steps through its moves, and exports the diagram as SVG or PNG, drawn as
// printed diagrams are: Red at the bottom (红方在下), the books' proportions.

import { boardSvg, svgToPng } from './board.js';
import { api, h, w, t, setupPage, toast, download, applyI18n } from './common.js';

const main = setupPage();
let games = [];
let current = null;
let ply = 0;
let orientation = 'red';
let notation = localStorage.getItem('xq.notation') || 'chinese';

const file = h('input', { type: 'file', id: 'file', accept: '.pgn,.xqf,.txt,application/octet-stream', onchange: openFile });
const paste = h('textarea', { id: 'paste', rows: 4, spellcheck: 'false', placeholder: '1. 炮二平五 马8进7 2. 马二进三 …' });
const pick = h('select', { id: 'game-pick', 'aria-label': 'game', onchange: (e) => choose(Number(e.target.value)) });
const boardEl = h('div', { id: 'board', class: 'board static', tabindex: '0', 'aria-label': 'diagram' });
const info = h('div', { id: 'info', class: 'info' });
const movesEl = h('ol', { id: 'moves', class: 'moves clickable' });
const comment = h('p', { id: 'comment', class: 'comment' });
const errors = h('div', { id: 'errors', class: 'errors' });
const notationSel = h('select', { id: 'notation', 'aria-label': 'notation', onchange: (e) => { notation = e.target.value; localStorage.setItem('xq.notation', notation); render(); } },
  ...['chinese', 'wxf', 'iccs'].map((n) => h('option', { value: n, selected: n === notation, 'data-i18n': `notation.${n}` }, t(`notation.${n}`))));
const btn = (key, action, onclick) => h('button', { type: 'button', 'data-action': action, onclick }, w(key));

main.append(h('div', { class: 'game-page' },
  h('section', { class: 'board-col' }, boardEl,
    h('div', { class: 'toolbar stepper' },
      btn('view.start', 'start', () => go(0)), btn('view.prev', 'prev', () => go(ply - 1)),
      h('span', { id: 'ply', class: 'ply' }, '0'),
      btn('view.next', 'next', () => go(ply + 1)), btn('view.end', 'end', () => go(Infinity)),
      h('button', { type: 'button', id: 'flip', onclick: () => { orientation = orientation === 'red' ? 'black' : 'red'; render(); } }, '⇅ ', w('game.flip'))),
    h('small', {}, w('view.keys'))),
  h('aside', { class: 'side-col' },
    h('section', { class: 'panel' }, h('h1', {}, w('view.title')),
      h('label', { class: 'field' }, w('view.open'), file),
      h('label', { class: 'field' }, w('view.paste'), paste),
      h('button', { type: 'button', id: 'read', onclick: () => read(paste.value) }, w('view.read')),
      h('label', { class: 'field' }, w('view.game'), pick)),
    h('section', { class: 'panel' }, info,
      h('div', { class: 'panel-head' }, h('h2', {}, w('game.moves')), notationSel),
      movesEl, comment,
      h('div', { class: 'actions' },
        h('button', { type: 'button', id: 'export-svg', onclick: exportSvg }, w('view.svg')),
        h('button', { type: 'button', id: 'export-png', onclick: exportPng }, w('view.png'))),
      errors))));

async function openFile() {
  const f = file.files[0];
  if (f) await read(new Uint8Array(await f.arrayBuffer()));
}

async function read(body) {
  try {
    const r = await api('POST', '/api/records/parse', { raw: body });
    games = r.games || [];
    pick.replaceChildren(...games.map((g, i) => h('option', { value: i }, `${i + 1}. ${g.title}`)));
    if (!games.length) toast('no game', 'error');
    else choose(0);
  } catch (err) { toast(err.message, 'error'); }
}

function choose(i) {
  current = games[i];
  ply = 0;
  errors.replaceChildren(...(current.errors || []).map((e) => h('p', { class: 'error' }, e)));
  const tags = current.tags || {};
  info.replaceChildren(h('strong', {}, current.title), ' ',
    ...['Event', 'Date', 'Result'].filter((k) => tags[k]).map((k) => h('span', { class: 'tag' }, `${k}: ${tags[k]}`)));
  render();
}

function fenAt(p) { return p === 0 ? current.start_fen : current.moves[p - 1].fen; }

function go(p) {
  if (!current) return;
  ply = Math.max(0, Math.min(current.moves.length, p));
  render();
}

function render() {
  if (!current || !current.start_fen) { boardEl.innerHTML = boardSvg('rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w'); return; }
  const m = ply ? current.moves[ply - 1] : null;
  boardEl.innerHTML = boardSvg(fenAt(ply), { orientation, lastMove: m && m.iccs, check: m && m.check });
  document.getElementById('ply').textContent = `${ply} / ${current.moves.length}`;
  const items = [];
  for (let i = 0; i < current.moves.length; i += 2) {
    const mv = (k) => {
      const x = current.moves[k];
      return x ? h('button', { type: 'button', class: `mv ${x.color}${k + 1 === ply ? ' current' : ''}`, 'data-ply': k + 1, onclick: () => go(k + 1) }, x[notation]) : null;
    };
    items.push(h('li', {}, h('span', { class: 'no' }, `${i / 2 + 1}.`), mv(i), mv(i + 1)));
  }
  movesEl.replaceChildren(...items);
  const cur = movesEl.querySelector('.current');
  if (cur) cur.scrollIntoView({ block: 'nearest' });
  comment.textContent = (m ? m.comment : current.comment) || '';
  applyI18n(main);
}

/** The printed diagram: Red at the bottom, no move marks. */
function diagram() {
  return boardSvg(current ? fenAt(ply) : 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w', { orientation: 'red', width: 520 });
}

function name(ext) { return `xiangqi-${(current && current.title || 'diagram').replace(/[^\w\u4e00-\u9fff-]+/g, '_')}-${ply}.${ext}`; }

function exportSvg() { download(new Blob([diagram()], { type: 'image/svg+xml' }), name('svg')); }

async function exportPng() {
  try { download(await svgToPng(diagram(), 1040), name('png')); } catch (err) { toast(err.message, 'error'); }
}

document.addEventListener('keydown', (e) => {
  if (e.target.closest && e.target.closest('input, select, textarea')) return;
  const k = { ArrowLeft: () => go(ply - 1), ArrowRight: () => go(ply + 1), Home: () => go(0), End: () => go(Infinity) }[e.key];
  if (k) { e.preventDefault(); k(); }
});

const stored = new URLSearchParams(location.search).get('game');
if (stored) {
  fetch(`/api/games/${encodeURIComponent(stored)}/pgn?notation=iccs`).then((r) => (r.ok ? r.text() : Promise.reject(new Error(r.statusText)))).then(read).catch((err) => toast(err.message, 'error'));
} else render();
