// /games/new: creates a live game and hands out one link per role.

import { api, h, w, t, setupPage, toast } from './common.js';

const main = setupPage();

const field = (key, input) => h('label', { class: 'field' }, h('span', { 'data-i18n': key }, t(key)), input);
const red = h('input', { name: 'red', id: 'red', autocomplete: 'off' });
const black = h('input', { name: 'black', id: 'black', autocomplete: 'off' });
const event = h('input', { name: 'event', id: 'event', autocomplete: 'off' });
const rules = h('select', { name: 'rules', id: 'rules' },
  h('option', { value: 'cxa2011' }, 'CXA 2011 中国象棋协会'),
  h('option', { value: 'wxf2018' }, 'WXF 2018 世界象棋联合会'));
const tc = h('input', { name: 'time_control', id: 'time_control', value: '60m+30s', 'aria-describedby': 'tc-help' });
const fen = h('input', { name: 'fen', id: 'fen', autocomplete: 'off', spellcheck: 'false' });
const out = h('section', { id: 'links', class: 'panel', hidden: true });

const form = h('form', { id: 'new-game', class: 'panel form', onsubmit: create },
  h('h1', {}, w('new.title')),
  field('new.red', red), field('new.black', black), field('new.event', event), field('new.rules', rules),
  field('new.tc', tc), h('small', { id: 'tc-help', 'data-i18n': 'new.tc.help' }, t('new.tc.help')),
  field('new.fen', fen),
  h('button', { type: 'submit', class: 'primary', id: 'create' }, w('new.create')));

main.append(h('div', { class: 'narrow' }, form, out));

async function create(e) {
  e.preventDefault();
  const body = { rules: rules.value };
  for (const [k, el] of [['red', red], ['black', black], ['event', event], ['time_control', tc], ['fen', fen]]) {
    if (el.value.trim()) body[k] = el.value.trim();
  }
  try {
    const g = await api('POST', '/api/games', { body });
    const base = `${location.origin}/games/${g.id}`;
    const link = (role, href) => h('li', {}, h('span', { 'data-i18n': `new.link.${role}` }, t(`new.link.${role}`)), ': ',
      h('a', { href, id: `link-${role}`, 'data-role': role }, href));
    out.hidden = false;
    out.replaceChildren(h('h2', { 'data-i18n': 'new.links' }, t('new.links')), h('ul', { class: 'links' },
      link('red', `${base}#red=${g.red_token}`),
      link('black', `${base}#black=${g.black_token}`),
      link('arbiter', `${base}#arbiter=${g.arbiter_token}`),
      link('spectator', `${base}#spectate`)));
    out.scrollIntoView();
  } catch (err) {
    toast(`${err.body && err.body.field ? err.body.field + ': ' : ''}${err.message}`, 'error');
  }
}
