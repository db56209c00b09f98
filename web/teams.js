// A team event's page, /teams/{id} (CXA 2011 ch. 11): teams and their players, pairing the
// round robin, line-ups (CXA 11.2, 11.3), each match board by board with the first-listed team
// red on odd boards (12.2), results, and the standings by 场分 then the book's tie-breaks.
// Writes need the organiser's session (signed in on /tournaments).

import { api, h, t, setupPage, toast, getLang } from './common.js';

const main = setupPage();
const id = document.body.dataset.id;
const L = (zh, en) => (getLang() === 'zh' ? zh : en);
const fail = (err) => toast(`${err.body && err.body.field ? `${err.body.field}: ` : ''}${err.message}`, 'error');
let me = null;
let T = null;

const RESULTS = ['', '1-0', '0-1', '1/2', '+/-', '-/+', '-/-'];
const resultLabel = (r) => ({ '': '—', '1-0': L('红胜', 'Red wins'), '0-1': L('黑胜', 'Black wins'), '1/2': L('和', 'Draw'), '+/-': L('黑弃权', 'Black forfeits'), '-/+': L('红弃权', 'Red forfeits'), '-/-': L('双方弃权', 'Double forfeit') }[r] ?? r);
const teamName = (no) => (T.teams[no - 1] || {}).name || `#${no}`;
const canWrite = () => me && me === T.organiser;

async function reload() {
  T = await api('GET', `/api/teams/${encodeURIComponent(id)}`);
  render();
}

/** "北京: 王天一, 蒋川, 唐丹" per line → teams. */
function parseTeams(text) {
  return text.split('\n').map((l) => l.trim()).filter(Boolean).map((line) => {
    const [name, rest = ''] = line.split(/[:：]/);
    return { name: name.trim(), players: rest.split(/[,，、]/).map((p) => p.trim()).filter(Boolean).map((p) => ({ name: p })) };
  });
}

function teamsSection() {
  const text = h('textarea', { id: 'teams-text', rows: 4, spellcheck: 'false', placeholder: L('每行一队：队名: 棋手1, 棋手2, …', 'One team a line: Team: player 1, player 2, …') });
  return h('section', { class: 'panel', id: 'teams' },
    h('h2', {}, L('参赛队', 'Teams'), ` (${T.teams.length})`),
    h('table', { class: 'data', id: 'teams-table' },
      h('thead', {}, h('tr', {}, h('th', {}, L('序号', 'No')), h('th', {}, L('队名', 'Team')), h('th', {}, L('棋手（报名顺序）', 'Players (registered order)')))),
      h('tbody', {}, ...T.teams.map((tm) => h('tr', {}, h('td', { class: 'num' }, tm.no), h('td', {}, tm.name),
        h('td', {}, tm.players.map((p, k) => `${k + 1}. ${p.name}`).join('  ')))))),
    canWrite() && !T.rounds.length ? h('div', { class: 'no-print' }, text, h('div', { class: 'actions' },
      h('button', { type: 'button', class: 'primary', id: 'add-teams', onclick: async () => {
        try { await api('POST', `/api/teams/${id}/teams`, { body: { teams: parseTeams(text.value) } }); await reload(); } catch (err) { fail(err); }
      } }, L('报名', 'Register')))) : null);
}

function matchTable(r, m) {
  const lineupForm = (side) => {
    const no = side === 0 ? m.first : m.second;
    const input = h('input', { id: `lineup-${r.round}-${no}`, placeholder: L('报名序号，如 1,2,3', 'Registered numbers, e.g. 1,2,3'), size: 14 });
    return h('span', { class: 'lineup' }, `${teamName(no)}: `, input, h('button', { type: 'button', 'data-lineup': `${r.round}-${no}`, onclick: async () => {
      const lineup = input.value.split(/[,\s，]+/).filter(Boolean).map(Number);
      try { await api('POST', `/api/teams/${id}/rounds/${r.round}/lineups`, { body: { team: no, lineup } }); await reload(); } catch (err) { fail(err); }
    } }, L('提交出场名单', 'Submit line-up')));
  };
  const missing = [0, 1].filter((s) => m.lineups[s] == null);
  const rows = m.boards.map((b) => {
    const sel = h('select', { 'aria-label': `table ${m.table} board ${b.board}`, 'data-table': m.table, 'data-board': b.board, disabled: !canWrite(), onchange: async (e) => {
      if (!e.target.value) return;
      try { await api('PUT', `/api/teams/${id}/rounds/${r.round}/tables/${m.table}/boards/${b.board}/result`, { body: { result: e.target.value } }); await reload(); } catch (err) { fail(err); }
    } }, ...RESULTS.map((x) => h('option', { value: x, selected: (b.result || '') === x }, resultLabel(x))));
    return h('tr', {}, h('td', { class: 'num' }, b.board),
      h('td', {}, `${b.red ?? ''} (${teamName(b.red_team)})`),
      h('td', {}, `${b.black ?? ''} (${teamName(b.red_team === m.first ? m.second : m.first)})`),
      h('td', { class: 'result' }, h('span', { class: 'print-only' }, b.result || ''), h('span', { class: 'no-print' }, sel)));
  });
  return h('div', { class: 'team-match', 'data-table': m.table },
    h('h3', {}, L(`第 ${m.table} 台：`, `Table ${m.table}: `), `${teamName(m.first)} — ${teamName(m.second)}`),
    missing.length && canWrite() ? h('div', { class: 'actions no-print' }, ...missing.map(lineupForm)) : null,
    missing.length ? h('p', { class: 'muted' }, L('等待出场名单', 'Waiting for line-ups')) : h('table', { class: 'data pairings' },
      h('thead', {}, h('tr', {}, ...[L('台次', 'Bd'), L('红方', 'Red'), L('黑方', 'Black'), L('结果', 'Result')].map((x) => h('th', {}, x)))),
      h('tbody', {}, ...rows)));
}

function render() {
  const complete = T.rounds.every((r) => r.matches.every((m) => m.boards.length && m.boards.every((b) => b.result)));
  const rules = { fixed: L('分台定人制', 'fixed boards'), order_kept: L('分台换人制', 'reserves, order kept'), temporary: L('临时定台制', 'order chosen per match') }[T.board_rule] || T.board_rule;
  main.replaceChildren(h('div', { class: 'tournament' },
    h('header', { class: 'panel t-head' },
      h('h1', { id: 't-title' }, T.name),
      h('p', {}, L('团体赛', 'Team event'), ` · ${T.format.cycles === 2 ? L('双循环', 'double round robin') : L('单循环', 'round robin')}`,
        ` · ${L(`每场 ${T.boards} 台`, `${T.boards} boards a match`)} · ${rules} · ${T.rules === 'wxf2018' ? 'WXF 2018' : 'CXA 2011'}`,
        ` · ${L('组织者', 'organiser')} ${T.organiser}`),
      me ? null : h('p', { class: 'no-print' }, h('a', { href: '/tournaments' }, L('组织者请先登录', 'Organiser: sign in first')))),
    canWrite() ? h('section', { class: 'panel no-print', id: 'office' }, h('div', { class: 'actions' },
      h('button', { type: 'button', class: 'primary', id: 'pair', disabled: !complete || T.teams.length < 2 || T.rounds.length >= T.total_rounds, onclick: async () => {
        try { await api('POST', `/api/teams/${id}/rounds`); await reload(); } catch (err) { fail(err); }
      } }, T.rounds.length >= T.total_rounds && T.teams.length >= 2 ? L('各轮均已编排', 'All rounds paired') : L(`编排第 ${T.rounds.length + 1} 轮`, `Pair round ${T.rounds.length + 1}`)),
      h('span', {}, L(`共 ${T.total_rounds} 轮`, `${T.total_rounds} rounds in all`)))) : null,
    T.standings.length ? h('section', { class: 'panel sheet', id: 'standings' },
      h('h2', {}, `${T.name} — ${L('团体名次', 'Team standings')}`),
      h('table', { class: 'data', id: 'standings-table' },
        h('thead', {}, h('tr', {}, ...[L('名次', 'Rank'), L('序号', 'No'), L('队名', 'Team'), L('场分', 'Match points')].map((x) => h('th', {}, x)),
          ...T.tie_breaks.map((tb) => h('th', { title: tb.zh }, getLang() === 'zh' ? tb.zh : tb.code)))),
        h('tbody', {}, ...T.standings.map((s) => h('tr', {}, h('td', { class: 'num' }, s.rank), h('td', { class: 'num' }, s.no), h('td', {}, s.name),
          h('td', { class: 'num score' }, s.score), ...s.tie_breaks.map((v) => h('td', { class: 'num' }, v))))))) : null,
    ...T.rounds.slice().reverse().map((r) => h('section', { class: 'panel sheet round', id: `round-${r.round}` },
      h('h2', {}, `${T.name} — ${L(`第 ${r.round} 轮`, `Round ${r.round}`)}`),
      ...r.matches.map((m) => matchTable(r, m)),
      r.byes.length ? h('p', {}, L('轮空：', 'Resting: '), r.byes.map(teamName).join(', ')) : null)),
    teamsSection()));
}

window.addEventListener('langchange', () => reload());
(async () => {
  try { me = (await api('GET', '/api/sessions')).username; } catch { me = null; }
  try { await reload(); } catch (err) { main.replaceChildren(h('p', { class: 'error' }, `${t('err')}: ${err.message}`)); }
})();
