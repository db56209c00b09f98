// The live game page, /games/{id}. Who you are comes from the link you were given:
// /games/{id}#red=TOKEN, #black=TOKEN or #arbiter=TOKEN (a fragment never reaches a server's
// logs); without one you spectate, read only. The server checks every write anyway.

import { Board } from './board.js';
import { api, h, w, t, setupPage, toast, clockText, getLang } from './common.js';

const main = setupPage();
const id = document.body.dataset.id;
const key = `xq.game.${id}`;

// The role: from the fragment (then kept for reloads and taken out of the address bar).
let me = { role: 'spectator', token: null };
const frag = new URLSearchParams(location.hash.slice(1));
for (const role of ['red', 'black', 'arbiter']) {
  if (frag.get(role)) { me = { role, token: frag.get(role) }; localStorage.setItem(key, JSON.stringify(me)); }
}
if (frag.get('spectate') !== null) { me = { role: 'spectator', token: null }; localStorage.removeItem(key); }
if (!me.token) { try { me = JSON.parse(localStorage.getItem(key)) || me; } catch { /* keep spectating */ } }
if (location.hash) history.replaceState(null, '', location.pathname);
const player = me.role === 'red' || me.role === 'black';

let game = null;            // the server's latest view
let recvAt = 0;             // performance.now() when it came
let notation = localStorage.getItem('xq.notation') || 'chinese';
let touched = [];           // the arbiter's touch-move helper
let touching = false;
let atOnce = false;
let lastRuling = null;

// ---- layout ----
const boardEl = h('div', { id: 'board', class: 'board', 'aria-label': 'board' });
const clockEl = (c) => h('div', { class: `clock ${c}`, id: `clock-${c}`, 'data-color': c },
  h('span', { class: 'name' }), h('span', { class: 'time', role: 'timer' }, '–'));
const clocks = { red: clockEl('red'), black: clockEl('black') };
const topSlot = h('div', { class: 'player-slot top' });
const bottomSlot = h('div', { class: 'player-slot bottom' });
const statusEl = h('div', { id: 'status', class: 'status', 'aria-live': 'polite' });
const roleEl = h('div', { id: 'role', class: `role ${me.role}` });
const flipBtn = h('button', { type: 'button', id: 'flip', 'data-i18n-title': 'game.flip', onclick: () => { board.flip(); placeClocks(); } }, '⇅ ', w('game.flip'));
const notationSel = h('select', { id: 'notation', 'aria-label': 'notation', onchange: (e) => { notation = e.target.value; localStorage.setItem('xq.notation', notation); renderMoves(); renderTouch(); } },
  ...['chinese', 'wxf', 'iccs'].map((n) => h('option', { value: n, 'data-i18n': `notation.${n}`, selected: n === notation }, t(`notation.${n}`))));
const movesEl = h('ol', { id: 'moves', class: 'moves' });
const actionsEl = h('div', { id: 'actions', class: 'actions' });
const arbiterEl = h('section', { id: 'arbiter', class: 'panel arbiter' });
const rulingEl = h('div', { id: 'ruling', class: 'ruling' });
const infoEl = h('div', { id: 'game-info', class: 'game-info', 'aria-live': 'polite' });
const sealInput = h('input', { id: 'seal-input', autocomplete: 'off', placeholder: 'h9g7, H8+7, 马8进7' });
const tournamentEl = h('p', { id: 'tournament-link', class: 'tournament-link', hidden: true });
let boardOf = null;         // the tournament board this game was started for, if any

const moveInput = h('input', { id: 'move-input', autocomplete: 'off', 'data-i18n-placeholder': 'game.type', placeholder: t('game.type'), 'aria-describedby': 'move-help' });
const moveForm = h('form', { id: 'move-form', class: 'move-form', onsubmit: (e) => { e.preventDefault(); const v = moveInput.value.trim(); if (v) { sendMove(v); moveInput.value = ''; } } },
  moveInput, h('button', { type: 'submit' }, w('game.play')), h('small', { id: 'move-help' }, w('game.type.help')));

const board = new Board(boardEl, {
  orientation: me.role === 'black' ? 'black' : 'red',
  onMove: (iccs) => sendMove(iccs),
  label: 'xiangqi board',
});

main.append(h('div', { class: 'game-page' },
  h('section', { class: 'board-col' }, topSlot, boardEl, bottomSlot,
    h('div', { class: 'toolbar' }, flipBtn, roleEl)),
  h('aside', { class: 'side-col' },
    tournamentEl,
    statusEl,
    infoEl,
    h('section', { class: 'panel' },
      h('div', { class: 'panel-head' }, h('h2', {}, w('game.moves')), h('label', {}, w('game.notation'), ' ', notationSel)),
      movesEl),
    player ? h('section', { class: 'panel' }, moveForm, actionsEl) : null,
    rulingEl,
    me.role === 'arbiter' ? arbiterEl : null)));

function placeClocks() {
  const bottom = board.orientation;
  bottomSlot.replaceChildren(clocks[bottom]);
  topSlot.replaceChildren(clocks[bottom === 'red' ? 'black' : 'red']);
}
placeClocks();

// ---- server ----
let ws = null;
let wsOpen = false;

function connect() {
  const proto = location.protocol === 'https:' ? 'wss' : 'ws';
  ws = new WebSocket(`${proto}://${location.host}/api/games/${encodeURIComponent(id)}/live`);
  ws.onopen = () => { wsOpen = true; document.body.classList.remove('offline'); };
  ws.onmessage = (e) => {
    let msg;
    try { msg = JSON.parse(e.data); } catch { return; }
    if (msg.type === 'state') update(msg.game);
    else if (msg.type === 'update') applyUpdate(msg);
    else if (msg.type === 'error') { toast(msg.message, 'error'); if (game) update(game, true); }
  };
  ws.onclose = () => {
    wsOpen = false;
    document.body.classList.add('offline');
    setTimeout(connect, 1500);
  };
}

// An update carries only what changed: the new moves and the changed fields. It applies to the
// view it follows; anything else (a gap, a view from an older request) asks for a fresh state.
function applyUpdate(msg) {
  if (!game || !msg.changes || !Array.isArray(msg.moves)) { requestState(); return; }
  if (msg.seq <= game.seq) return;                        // seen already
  const first = msg.moves.length ? msg.moves[0].ply : game.moves.length + 1;
  if (first !== game.moves.length + 1 || msg.changes.ply !== game.moves.length + msg.moves.length) {
    requestState();
    return;
  }
  update(Object.assign({}, game, msg.changes, { moves: game.moves.concat(msg.moves) }));
}

function requestState() {
  if (wsOpen) ws.send(JSON.stringify({ type: 'state' }));
}

async function sendMove(text) {
  if (!game) return;
  const ply = game.ply;
  if (wsOpen) {
    ws.send(JSON.stringify({ type: 'move', token: me.token, move: text, ply }));
    return;
  }
  try { update(await api('POST', `/api/games/${id}/moves`, { token: me.token, body: { move: text, ply } })); } catch (err) { toast(err.message, 'error'); update(game, true); }
}

async function claim(body) {
  try {
    const r = await api('POST', `/api/games/${id}/claims`, { token: me.token, body });
    if (r.game) update(r.game);
    return r;
  } catch (err) {
    toast(err.message, 'error');
    return null;
  }
}

// ---- the view ----
let legalFor = null;

function update(view, force = false) {
  if (!view) return;
  if (!force && game && view.seq < game.seq) return;    // an older message
  game = view;
  recvAt = performance.now();
  const last = game.moves.length ? game.moves[game.moves.length - 1].iccs : null;
  const mine = player && game.status === 'playing' && game.turn === me.role;
  const check = !!game.in_check || game.termination === 'checkmate';
  board.set({ fen: game.fen, lastMove: last, check, legal: [] });
  boardEl.dataset.legal = '0';
  if (mine) loadLegal(game.fen);
  renderAll();
}

async function loadLegal(fen) {
  legalFor = fen;
  try {
    const p = await api('GET', `/api/position?fen=${encodeURIComponent(fen)}`);
    if (game && game.fen === fen && legalFor === fen) {
      board.set({ legal: p.legal });
      boardEl.dataset.legal = String(p.legal.length);
    }
  } catch (err) { toast(err.message, 'error'); }
}

function side(c) { return t(`side.${c}`); }

function renderAll() {
  renderStatus();
  renderInfo();
  renderMoves();
  renderActions();
  renderClocks();
  renderRuling(game.ruling || lastRuling);
  renderArbiter();
}

function renderStatus() {
  const players = game.players || {};
  clocks.red.querySelector('.name').textContent = `${t('side.red')} ${players.red || ''}`.trim();
  clocks.black.querySelector('.name').textContent = `${t('side.black')} ${players.black || ''}`.trim();
  roleEl.textContent = t(`role.${me.role}`);
  let text;
  if (game.status === 'ended') {
    text = `${t('game.over')}: ${t(`result.${game.result}`)}`;
    if (game.termination) text += ` (${t(`term.${game.termination}`)})`;
    statusEl.className = 'status ended';
  } else if (game.status === 'adjourned') {
    text = `${t('game.adjourned')}: ${t(game.sealed ? 'game.adjourned.sealed' : 'game.adjourned.seal')}`;
    statusEl.className = `status adjourned ${game.turn}`;
  } else {
    text = t(`game.turn.${game.turn}`);
    if (game.in_check) text += ` — ${t('game.check')}`;
    if (game.draw_offer) text += ` — ${t('game.draw_offered', { side: side(game.draw_offer) })}`;
    statusEl.className = `status playing ${game.turn}`;
  }
  statusEl.textContent = text;
  statusEl.dataset.status = game.status;
  statusEl.dataset.result = game.result || '';
}

/** What the arbiter's procedures put in force: the touch binding, the adjournment, the move
 * count, corrections made and fouls charged. */
function renderInfo() {
  const parts = [];
  const tb = game.touch;
  if (tb) {
    const shown = tb.bound_moves;
    parts.push(h('p', { id: 'touch-binding', class: 'touch-binding', 'data-color': tb.color, 'data-squares': tb.squares.join(' ') },
      t('game.touch', { side: side(tb.color) }), ': ', h('span', { class: 'bound' }, shown.join(' '))));
  }
  if (game.status === 'adjourned') {
    parts.push(h('p', { id: 'adjourned', 'data-sealed': String(!!game.sealed) },
      `${t('game.adjourned')}: ${t(game.sealed ? 'game.adjourned.sealed' : 'game.adjourned.seal')}`));
  }
  if (game.move_limit) {
    parts.push(h('p', { id: 'move-limit', 'data-remaining': String(game.move_limit.remaining) },
      t('game.move_limit_count', { n: game.move_limit.remaining, moves: game.move_limit.moves })));
  }
  for (const c of game.corrections || []) {
    parts.push(h('p', { class: 'correction', 'data-ply': String(c.ply) }, t('game.corrected', { ply: c.ply }), ` (${c.removed.join(' ')})`));
  }
  if ((game.fouls || []).length) {
    parts.push(h('ul', { id: 'fouls', class: 'fouls' }, ...game.fouls.map((f) =>
      h('li', { 'data-color': f.color, 'data-kind': f.foul.kind }, `${t('game.fouls')}: ${side(f.color)} — ${f.foul.kind} (${f.article})`))));
  }
  infoEl.replaceChildren(...parts);
  infoEl.hidden = !parts.length;
}

function renderMoves() {
  if (!game) return;
  const items = [];
  for (let i = 0; i < game.moves.length; i += 2) {
    const r = game.moves[i], b = game.moves[i + 1];
    items.push(h('li', {}, h('span', { class: 'no' }, `${i / 2 + 1}.`),
      h('span', { class: `mv ${r.color}`, 'data-ply': r.ply }, r[notation]),
      b ? h('span', { class: `mv ${b.color}`, 'data-ply': b.ply }, b[notation]) : null));
  }
  movesEl.replaceChildren(...items);
  movesEl.scrollTop = movesEl.scrollHeight;
}

function button(key, onclick, attrs = {}) {
  return h('button', { type: 'button', 'data-action': key, onclick, ...attrs }, t(`game.${key}`));
}

let confirmResign = false;

function renderActions() {
  if (!player) return;
  const playing = game.status === 'playing';
  const offer = game.draw_offer;
  const list = [];
  if (playing) {
    if (offer && offer !== me.role) {
      list.push(button('draw_accept', () => claim({ type: 'draw_accept' })));
      list.push(button('draw_decline', () => claim({ type: 'draw_decline' })));
    } else if (!offer) {
      list.push(button('draw_offer', () => claim({ type: 'draw_offer' })));
    }
    list.push(button('move_limit', () => claim({ type: 'move_limit' })));
    if (confirmResign) {
      list.push(h('span', { class: 'confirm' }, t('game.confirm_resign'), ' ',
        h('button', { type: 'button', class: 'danger', 'data-action': 'resign-yes', onclick: () => { confirmResign = false; claim({ type: 'resign' }); } }, '✓'),
        h('button', { type: 'button', 'data-action': 'resign-no', onclick: () => { confirmResign = false; renderActions(); } }, '✗')));
    } else {
      list.push(button('resign', () => { confirmResign = true; renderActions(); }, { class: 'danger' }));
    }
  }
  if (game.status === 'adjourned' && !game.sealed && game.turn === me.role) {
    list.push(h('form', { id: 'seal-form', class: 'move-form', onsubmit: async (e) => {
      e.preventDefault();
      const v = sealInput.value.trim();
      if (v && await claim({ type: 'seal', move: v })) sealInput.value = '';
    } }, sealInput, h('button', { type: 'submit', 'data-action': 'seal' }, t('game.seal'))));
  }
  list.push(button('repetition', askRuling));
  if (playing) list.push(button('nine_rounds', () => claim({ type: 'nine_rounds' })));
  const sheet = sheetPanel();
  if (sheet) list.push(sheet);
  actionsEl.replaceChildren(...list);
  moveForm.hidden = !playing;
}

async function askRuling() {
  const r = await claim({ type: 'repetition' });
  if (!r) return;
  lastRuling = r.ruling;
  if (!r.ruling) toast(t('arb.none'));
  renderRuling(r.ruling || game.ruling);
}

function renderRuling(r) {
  if (!r) { rulingEl.replaceChildren(); rulingEl.hidden = true; return; }
  rulingEl.hidden = false;
  const lines = (r.explanation[getLang()] || r.explanation.en || '').split('\n').filter(Boolean);
  rulingEl.replaceChildren(
    h('h2', {}, t('arb.ruling'), ` (${r.book === 'wxf2018' ? 'WXF 2018' : 'CXA 2011'})`),
    h('p', { class: `verdict ${r.verdict}`, 'data-verdict': r.verdict }, verdictText(r.verdict)),
    h('ul', { class: 'explanation' }, ...lines.map((l) => h('li', {}, l))));
}

function verdictText(v) {
  const zh = { draw: '判和', red_must_change: '红方必须变着', black_must_change: '黑方必须变着', red_loses: '红方判负', black_loses: '黑方判负' };
  const en = { draw: 'Draw', red_must_change: 'Red must change', black_must_change: 'Black must change', red_loses: 'Red loses', black_loses: 'Black loses' };
  return (getLang() === 'zh' ? zh : en)[v] || v;
}

// ---- the arbiter's panel ----
const touchOut = h('div', { id: 'touch-result', class: 'touch-result', 'aria-live': 'polite' });

// The procedures' inputs live across renders, so that what the arbiter typed stays.
const correctPly = h('input', { id: 'correct-ply', type: 'number', min: '1', value: '1', 'aria-label': 'ply' });
const correctError = h('select', { id: 'correct-error' });
const declareResult = h('select', { id: 'declare-result' }, ...['1/2-1/2', '1-0', '0-1'].map((r) => h('option', { value: r }, r)));
const declareReason = h('input', { id: 'declare-reason', autocomplete: 'off' });
const countMoves = h('input', { id: 'count-moves', type: 'number', min: '1', max: '1000', value: '40' });
const foulColor = h('select', { id: 'foul-color' });
const foulKind = h('select', { id: 'foul-kind' });
const foulAmount = h('input', { id: 'foul-amount', type: 'number', min: '0', value: '0' });
const timeColor = h('select', { id: 'time-color' });
const timeSeconds = h('input', { id: 'time-seconds', type: 'number', value: '60' });
const appealText = h('textarea', { id: 'appeal-text', rows: '2', maxlength: '4000' });

/** The fouls the arbiter enters by hand, as the arbiter's `Foul` names them (CXA 2011 art. 8;
 * WXF 2018 arts. 3.1, 7.6, 11.1, 12); the touch foul is the touch helper's. */
const FOUL_KINDS = ['disturbing', 'stopped_clock', 'unrecorded', 'pressed_without_move', 'hard_press', 'conduct', 'late', 'misconduct', 'knocked_pieces'];

/** Keeps a select's choice across renders while its options are rewritten. */
function options(select, values, label) {
  const keep = select.value || values[0];
  select.replaceChildren(...values.map((v) => h('option', { value: v }, label(v))));
  select.value = keep;
}

function foulBody() {
  const kind = foulKind.value;
  const foul = { kind };
  const n = Math.max(0, Number(foulAmount.value) || 0);
  if (kind === 'late') foul.ms = Math.round(n * 60000);
  if (kind === 'unrecorded') foul.moves = Math.round(n);
  return { type: 'foul', color: foulColor.value, foul };
}

/** The score sheet (CXA 2011 art. 9; WXF 2018 art. 12.6): the fouls noted on it, who signed,
 * a signature for this page's holder; the appeals (WXF 2018 art. 12.4), a player's form to
 * lodge one and the decision form (the chief arbiter's or organiser's, by their account). */
function sheetPanel() {
  if (game.status !== 'ended' || me.role === 'spectator') return null;
  const sheet = game.score_sheet || {};
  const by = me.role;
  const fouls = sheet.fouls || { red: 0, black: 0 };
  const parts = [
    h('h3', {}, t('sheet.title')),
    h('p', { id: 'sheet-fouls', 'data-red': String(fouls.red), 'data-black': String(fouls.black) },
      `${t('sheet.fouls')}: ${side('red')} ${fouls.red} · ${side('black')} ${fouls.black}`),
    h('p', { id: 'sheet-signatures' }, ...['red', 'black', 'arbiter'].map((s) =>
      h('span', { class: 'signature', 'data-by': s, 'data-signed': String(!!sheet[s]) }, `${t(s === 'arbiter' ? 'role.arbiter' : `side.${s}`)} ${sheet[s] ? '✓' : '—'} `))),
    sheet[by] ? null : h('button', { type: 'button', 'data-action': 'sign', onclick: async () => {
      try { const r = await api('POST', `/api/games/${id}/signatures`, { token: me.token, body: {} }); if (r.game) update(r.game, true); } catch (err) { toast(err.message, 'error'); }
    } }, t('sheet.sign')),
    h('h3', {}, t('appeal.title')),
    h('ol', { id: 'appeals', class: 'appeals' }, ...(game.appeals || []).map((a, i) => appealItem(a, i + 1))),
  ];
  if (player) {
    parts.push(h('form', { id: 'appeal-form', onsubmit: async (e) => {
      e.preventDefault();
      const text = appealText.value.trim();
      if (!text) return;
      try { const r = await api('POST', `/api/games/${id}/appeals`, { token: me.token, body: { text } }); appealText.value = ''; if (r.game) update(r.game, true); } catch (err) { toast(err.message, 'error'); }
    } }, h('label', {}, t('appeal.text'), ' ', appealText), h('button', { type: 'submit', 'data-action': 'appeal' }, t('appeal.go'))));
  }
  return h('section', { id: 'sheet', class: 'sheet' }, ...parts.filter(Boolean));
}

function appealItem(a, n) {
  const d = a.decision;
  const item = h('li', { class: 'appeal', 'data-appeal': String(n), 'data-decision': d ? d.decision : '' },
    `${side(a.by)}: ${a.text}`);
  if (d) {
    item.append(h('p', { class: 'decision' }, `${t(`appeal.${d.decision}`)} — ${d.reason}${d.result ? ` (${d.result})` : ''} · ${d.by}`));
  } else if (me.role === 'arbiter') {
    const decision = h('select', { class: 'appeal-decision' }, h('option', { value: 'upheld' }, t('appeal.upheld')), h('option', { value: 'rejected' }, t('appeal.rejected')));
    const reason = h('input', { class: 'appeal-reason', autocomplete: 'off' });
    const result = h('select', { class: 'appeal-result' }, h('option', { value: '' }, t('appeal.keep')), ...['1-0', '0-1', '1/2', '+/-', '-/+'].map((r) => h('option', { value: r }, r)));
    item.append(h('form', { class: 'appeal-decide', onsubmit: async (e) => {
      e.preventDefault();
      const body = { decision: decision.value, reason: reason.value };
      if (decision.value === 'upheld' && result.value) body.result = result.value;
      try { const r = await api('POST', `/api/games/${id}/appeals/${n}/decision`, { body }); if (r.game) update(r.game, true); } catch (err) { toast(err.message, 'error'); }
    } }, h('small', {}, t('appeal.decide')), ' ', decision, ' ', h('label', {}, t('arb.declare.reason'), ' ', reason), ' ',
    h('label', {}, t('appeal.result'), ' ', result), ' ', h('button', { type: 'submit', 'data-action': 'decide' }, t('appeal.go_decide'))));
  }
  return item;
}

function procedures() {
  const playing = game.status === 'playing';
  const open = game.status !== 'ended';
  const kind = correctError.value || 'illegal_move';
  correctError.replaceChildren(h('option', { value: 'illegal_move' }, t('arb.correct.illegal')), h('option', { value: 'displaced_piece' }, t('arb.correct.displaced')));
  correctError.value = kind;
  const act = (key, label, body, when = true) => when
    ? h('button', { type: 'button', 'data-action': key, onclick: async () => { if (await claim(body())) { touched = []; if (touching) toggleTouch(); } } }, t(label))
    : null;
  correctPly.max = String(Math.max(1, game.ply));
  options(foulColor, ['red', 'black'], side);
  options(timeColor, ['red', 'black'], side);
  options(foulKind, FOUL_KINDS, (k) => t(`foul.${k}`));
  return [
    h('h3', {}, t('arb.procedures')),
    h('div', { class: 'actions' },
      act('touch-record', 'arb.touch.record', () => ({ type: 'touch', squares: touched.slice() }), playing && touched.length > 0),
      act('adjourn', 'arb.adjourn', () => ({ type: 'adjourn' }), playing),
      act('resume', 'arb.resume', () => ({ type: 'resume' }), game.status === 'adjourned' && game.sealed),
      act('swap-colours', 'arb.swap', () => ({ type: 'swap_colours' }), open),
      act('nine-rounds', 'game.nine_rounds', () => ({ type: 'nine_rounds' }), playing)),
    open && game.ply > 0 ? h('div', { class: 'actions' }, h('label', {}, t('arb.correct'), ' ', correctPly), correctError,
      act('correct', 'arb.correct.go', () => ({ type: 'correct', ply: Number(correctPly.value), error: correctError.value }))) : null,
    open ? h('div', { class: 'actions' }, h('label', {}, t('arb.count'), ' ', countMoves),
      act('move-limit-count', 'arb.count.go', () => ({ type: 'move_limit_count', moves: Number(countMoves.value) }))) : null,
    open ? h('div', { class: 'actions' }, declareResult, h('label', {}, t('arb.declare.reason'), ' ', declareReason),
      act('declare', 'arb.declare.go', () => ({ type: 'declare', result: declareResult.value, reason: declareReason.value }))) : null,
    open ? h('h3', {}, t('arb.foul')) : null,
    open ? h('div', { class: 'actions', id: 'foul-form' }, foulColor, foulKind,
      h('label', {}, t('arb.foul.amount'), ' ', foulAmount),
      h('button', { type: 'button', 'data-action': 'foul', onclick: async () => { if (await claim(foulBody())) toast(t('arb.foul_entered')); } }, t('arb.foul.go'))) : null,
    open && game.clocks ? h('h3', {}, t('arb.time')) : null,
    open && game.clocks ? h('div', { class: 'actions', id: 'time-form' }, timeColor,
      h('label', {}, t('arb.time.seconds'), ' ', timeSeconds),
      act('time-adjust', 'arb.time.go', () => ({ type: 'time_adjust', color: timeColor.value, delta_ms: Math.round(Number(timeSeconds.value) * 1000) }))) : null,
  ].filter(Boolean);
}

function renderArbiter() {
  if (me.role !== 'arbiter') return;
  const timed = !!game.clocks;
  const running = timed && game.clocks.running;
  arbiterEl.replaceChildren(
    h('h2', {}, t('arb.title')),
    h('div', { class: 'actions' },
      h('button', { type: 'button', 'data-action': 'rule', onclick: askRuling }, t('arb.ask')),
      timed && game.status === 'playing'
        ? h('button', { type: 'button', 'data-action': running ? 'clock-stop' : 'clock-resume', onclick: () => claim({ type: running ? 'clock_stop' : 'clock_resume' }) }, t(running ? 'arb.clock_stop' : 'arb.clock_resume'))
        : null),
    h('h3', {}, t('arb.touch')),
    h('p', { class: 'help' }, t('arb.touch.help')),
    h('div', { class: 'actions' },
      h('button', { type: 'button', 'data-action': 'touch', 'aria-pressed': String(touching), onclick: toggleTouch }, t('arb.touch.start')),
      h('button', { type: 'button', 'data-action': 'touch-clear', onclick: () => { touched = []; askTouch(); } }, t('arb.touch.clear')),
      h('label', {}, h('input', { type: 'checkbox', checked: atOnce, onchange: (e) => { atOnce = e.target.checked; askTouch(); } }), ' ', t('arb.touch.at_once'))),
    touchOut,
    ...procedures(),
    ...[sheetPanel()].filter(Boolean));
}

function toggleTouch() {
  touching = !touching;
  board.onSquare = touching ? (sq) => { if (!touched.includes(sq)) touched.push(sq); askTouch(); } : null;
  if (!touching) { touched = []; touchResult = null; board.marked = []; board.extraHints = []; board.render(); }
  renderArbiter();
  renderTouch();
}

let touchResult = null;

async function askTouch() {
  board.marked = touched.slice();
  if (!touched.length) { touchResult = null; board.extraHints = []; board.render(); renderArbiter(); renderTouch(); return; }
  try {
    touchResult = await api('POST', '/api/touch', { body: { fen: game.fen, touched, order: atOnce ? 'at_once' : 'in_turn', rules: game.rules.book } });
  } catch (err) {
    toast(err.message, 'error');
    touched.pop();
    board.marked = touched.slice();
    touchResult = null;
  }
  board.extraHints = touchResult ? [...new Set(touchResult.moves.map((m) => m.iccs.slice(2)))] : [];
  board.render();
  renderArbiter();
  renderTouch();
}

function renderTouch() {
  if (me.role !== 'arbiter') return;
  if (!touchResult) { touchOut.replaceChildren(); return; }
  const offender = game.turn;
  touchOut.replaceChildren(...[
    h('p', { 'data-step': touchResult.step }, h('strong', {}, t(`arb.touch.step.${touchResult.step}`))),
    h('p', {}, t('arb.touch.bound'), ': ', h('span', { class: 'bound' }, touchResult.moves.map((m) => m[notation]).join('、'))),
    touchResult.foul ? h('p', { class: 'foul' }, `${t('arb.touch.foul')} (${touchResult.foul}) `,
      h('button', { type: 'button', 'data-action': 'touch-foul', onclick: async () => {
        const r = await claim({ type: 'foul', color: offender, foul: { kind: 'touch' } });
        if (r) toast(t('arb.foul_entered'));
      } }, t('arb.touch.enter_foul'))) : null].filter(Boolean));
}

// ---- clocks, ticking between the server's updates ----
function renderClocks() {
  if (!game) return;
  for (const c of ['red', 'black']) {
    const el = clocks[c];
    const time = el.querySelector('.time');
    if (!game.clocks) { time.textContent = t('game.untimed'); el.classList.remove('running'); continue; }
    let ms = game.clocks[c].remaining_ms;
    const running = game.status === 'playing' && game.clocks.running === c;
    if (running) ms -= performance.now() - recvAt;
    time.textContent = clockText(ms);
    el.dataset.ms = String(Math.max(0, Math.round(ms)));
    el.classList.toggle('running', running);
    el.classList.toggle('low', ms < 30000);
    el.classList.toggle('turn', game.status === 'playing' && game.turn === c);
  }
}
setInterval(renderClocks, 200);

window.addEventListener('langchange', () => { if (game) renderAll(); });
document.addEventListener('keydown', (e) => {
  if (e.target.closest && e.target.closest('input, select, textarea')) return;
  if (e.key === 'f') { board.flip(); placeClocks(); }
  if (e.key === 'm' && player) { e.preventDefault(); moveInput.focus(); }
  if (e.key === 'b') { e.preventDefault(); boardEl.focus(); }
});

// ---- start ----
/** A game started for a tournament board ("… R1 B2" as its event) links back to the round. */
function renderTournament() {
  if (!boardOf) return;
  tournamentEl.replaceChildren(h('a', { href: `/tournaments/${boardOf.tournament}#round-${boardOf.round}` },
    t('game.tournament', { name: boardOf.name, round: boardOf.round, board: boardOf.board })));
  tournamentEl.hidden = false;
}
window.addEventListener('langchange', renderTournament);

api('GET', `/api/games/${encodeURIComponent(id)}`).then((v) => {
  update(v);
  connect();
  if (/ R\d+ B\d+$/.test(v.event || '')) {
    api('GET', `/api/tournaments/by-game/${encodeURIComponent(id)}`).then((b) => { boardOf = b; renderTournament(); }).catch(() => {});
  }
}).catch((err) => {
  main.replaceChildren(h('p', { class: 'error' }, `${t('err')}: ${err.message}`));
});
