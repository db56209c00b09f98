// What every page shares: the JSON API, small DOM helpers, the language switch.

import { applyI18n, getLang, setLang, t } from './i18n.js';

export { t, getLang, applyI18n };

/** Calls the JSON API; throws an Error carrying the server's JSON error body. */
export async function api(method, path, { body, token, raw, type } = {}) {
  const headers = {};
  if (token) headers.Authorization = `Bearer ${token}`;
  let payload;
  if (raw !== undefined) { payload = raw; if (type) headers['Content-Type'] = type; }
  else if (body !== undefined) { headers['Content-Type'] = 'application/json'; payload = JSON.stringify(body); }
  const res = await fetch(path, { method, headers, body: payload });
  const text = await res.text();
  let data;
  try { data = text ? JSON.parse(text) : null; } catch { data = text; }
  if (!res.ok) {
    const err = new Error((data && data.message) || `${res.status} ${res.statusText}`);
    err.status = res.status;
    err.body = data;
    throw err;
  }
  return data;
}

/** Creates an element: h('button', {class: 'x', onclick}, 'text', child…). */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith('on')) el.addEventListener(k.slice(2), v);
    else if (k === 'class') el.className = v;
    else if (k === 'dataset') Object.assign(el.dataset, v);
    else if (v === true) el.setAttribute(k, '');
    else el.setAttribute(k, v);
  }
  for (const c of children.flat()) if (c !== undefined && c !== null && c !== false) el.append(c instanceof Node ? c : String(c));
  return el;
}

/** A word that follows the language switch. */
export const w = (key, tag = 'span', attrs = {}) => h(tag, { ...attrs, 'data-i18n': key }, t(key));

/** Sets up the language button; call once per page. */
export function setupPage() {
  const b = document.getElementById('lang');
  if (b) b.addEventListener('click', () => setLang(getLang() === 'zh' ? 'en' : 'zh'));
  document.documentElement.lang = getLang() === 'zh' ? 'zh-CN' : 'en';
  applyI18n();
  return document.getElementById('main');
}

/** Shows a message in the page's toast area. */
export function toast(text, kind = 'info') {
  let box = document.getElementById('toasts');
  if (!box) { box = h('div', { id: 'toasts', 'aria-live': 'polite' }); document.body.append(box); }
  const el = h('div', { class: `toast ${kind}`, role: kind === 'error' ? 'alert' : 'status' }, text);
  box.append(el);
  setTimeout(() => el.remove(), 5000);
}

/** m:ss or h:mm:ss from milliseconds. */
export function clockText(ms) {
  const s = Math.max(0, Math.ceil(ms / 1000));
  const hh = Math.floor(s / 3600), mm = Math.floor((s % 3600) / 60), ss = s % 60;
  const p = (n) => String(n).padStart(2, '0');
  return hh ? `${hh}:${p(mm)}:${p(ss)}` : `${mm}:${p(ss)}`;
}

/** Saves a blob as a file. */
export function download(blob, name) {
  const a = h('a', { href: URL.createObjectURL(blob), download: name });
  document.body.append(a);
  a.click();
  setTimeout(() => { URL.revokeObjectURL(a.href); a.remove(); }, 1000);
}
