// The home page: what the server offers and the games it holds.

import { api, h, w, t, setupPage } from './common.js';

const main = setupPage();
const list = h('ul', { id: 'games', class: 'game-list' });
main.append(h('div', { class: 'narrow' },
  h('h1', {}, w('home.title')),
  h('p', {}, w('home.intro')),
  h('p', { class: 'actions' },
    h('a', { class: 'button primary', href: '/games/new' }, w('nav.newgame')),
    h('a', { class: 'button', href: '/viewer' }, w('nav.viewer')),
    h('a', { class: 'button', href: '/tournaments' }, w('nav.tournaments'))),
  h('h2', {}, w('home.games')), list));

api('GET', '/api/games').then((r) => {
  const ids = (r.games || []).slice(-50).reverse();
  if (!ids.length) list.append(h('li', {}, t('home.none')));
  for (const id of ids) list.append(h('li', {}, h('a', { href: `/games/${id}` }, id), ' · ', h('a', { href: `/viewer?game=${id}` }, w('nav.viewer'))));
}).catch(() => {});
