import { CONSOLE_TYPES } from '../../resources/registry.js';

/**
 * The web console's script, a plain ES module for the browser (served as `console.js`; no build
 * step, no library, nothing from the network). It reads only through the endpoints a user's code
 * uses: the REST API and the Change History with a client-credentials token, and the control API
 * with HTTP Basic, both with the credentials the user types, kept in `sessionStorage` (this tab
 * only), or given once in a `#signin=` fragment (`commerce-emulator --open`). Every collection is
 * read a page at a time.
 *
 * It is a string, so that it ships in the package's build with no file to copy and runs in every
 * runtime the emulator runs in; written without template literals, so it fits in one. The resource
 * types it lists are the registry's.
 */
export const CONSOLE_SCRIPT = String.raw`
const CREDENTIALS_KEY = 'commerce-emulator-console:credentials';
const CONTROL = '/_emulator';
const PAGE = 20;
const state = { credentials: null, ownProject: '', project: '', projects: [], tokens: new Map(), projectCredentials: new Map(), view: 'resources', timer: 0 };

/** An element with attributes (on* are listeners) and children (strings become text, never HTML). */
function h(tag, attrs, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (name.startsWith('on')) element.addEventListener(name.slice(2), value);
    else element.setAttribute(name, value === true ? '' : String(value));
  }
  for (const child of children.flat(Infinity)) {
    if (child === undefined || child === null || child === false) continue;
    element.append(child instanceof Node ? child : String(child));
  }
  return element;
}

class HttpError extends Error {
  constructor(status, message, correlationId) {
    super(message);
    this.status = status;
    this.correlationId = correlationId;
  }
}

const utf8Base64 = (text) => btoa(String.fromCharCode(...new TextEncoder().encode(text)));
const basic = (credentials) => 'Basic ' + utf8Base64(credentials.clientId + ':' + credentials.clientSecret);

async function send(url, init) {
  let response;
  try {
    response = await fetch(url, init);
  } catch (error) {
    throw new HttpError(0, 'The request failed: the connection was cut (' + error.message + ').', null);
  }
  const text = await response.text();
  let body = text;
  try {
    body = text === '' ? undefined : JSON.parse(text);
  } catch {
    // Not JSON: kept as text.
  }
  if (!response.ok) {
    const message = (body && (body.message || (body.errors && body.errors[0] && body.errors[0].message) || body.error_description)) || response.statusText;
    throw new HttpError(response.status, response.status + ': ' + message, response.headers.get('x-correlation-id'));
  }
  return body;
}

function control(method, path, body) {
  const headers = { authorization: basic(state.credentials) };
  if (body !== undefined) headers['content-type'] = 'application/json';
  return send(CONTROL + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
}

/** The bootstrap credentials of a project: the typed ones for the own project, the control API's for the others. */
async function credentialsOf(project) {
  if (project === state.ownProject) return state.credentials;
  if (!state.projectCredentials.has(project)) state.projectCredentials.set(project, await control('POST', '/projects', { key: project }));
  return state.projectCredentials.get(project);
}

async function tokenOf(project, fresh) {
  const cached = state.tokens.get(project);
  if (cached && !fresh) return cached;
  const credentials = await credentialsOf(project);
  const answer = await send('/auth/oauth/token', {
    method: 'POST',
    headers: { authorization: basic(credentials), 'content-type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=client_credentials',
  });
  state.tokens.set(project, answer.access_token);
  return answer.access_token;
}

/** GET on the REST API (or with history: true the Change History) of the current project; a token refused (expired by the clock) is renewed once. */
async function api(path, options) {
  const base = (options && options.history ? '/history/' : '/') + encodeURIComponent(state.project);
  for (const fresh of [false, true]) {
    const token = await tokenOf(state.project, fresh);
    try {
      return await send(base + path, { headers: { authorization: 'Bearer ' + token } });
    } catch (error) {
      if (!(error instanceof HttpError) || error.status !== 401 || fresh) throw error;
    }
  }
}

const query = (params) => {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    for (const one of [].concat(value)) if (one !== undefined && one !== '') search.append(name, String(one));
  }
  const text = search.toString();
  return text === '' ? '' : '?' + text;
};

// Feedback ------------------------------------------------------------------------------------

function say(message, isError) {
  const status = document.getElementById('status');
  status.textContent = message;
  status.className = isError ? 'status error' : 'status';
}

/** Runs an action, showing its error (never throwing). */
async function attempt(action) {
  try {
    return await action();
  } catch (error) {
    say(error.message + (error.correlationId ? ' (correlation id ' + error.correlationId + ')' : ''), true);
    return undefined;
  }
}

// Rendering helpers ---------------------------------------------------------------------------

const localized = (value) => (value && typeof value === 'object' ? value.en || Object.values(value)[0] || '' : value || '');
const when = (iso) => (iso ? iso.replace('T', ' ').replace(/\.\d+Z$/, 'Z') : '');

/** A Money value as 12.34 EUR, by string operations on the integer cents (no floating point). */
function money(value) {
  const digits = value.fractionDigits === undefined ? 2 : value.fractionDigits;
  const cents = String(Math.abs(value.centAmount)).padStart(digits + 1, '0');
  const amount = digits > 0 ? cents.slice(0, -digits) + '.' + cents.slice(-digits) : cents;
  return (value.centAmount < 0 ? '-' : '') + amount + ' ' + value.currencyCode;
}

/** What a row's "name / state / resource" cell shows: a name, a cart's or order's state and total, a payment's planned amount, a message's resource. */
function summary(resource) {
  const name = localized(resource.name || (resource.masterData && resource.masterData.current.name));
  if (name) return name;
  const state = resource.orderState || resource.cartState;
  if (state) return state + (resource.totalPrice ? ' ' + money(resource.totalPrice) : '');
  if (resource.amountPlanned) return money(resource.amountPlanned);
  return resource.resource ? resource.resource.typeId + ' ' + resource.resource.id : '';
}

/** The REST path of a reference's typeId, when the console can show it. */
function pathOfType(typeId) {
  const special = { category: 'categories', 'key-value-document': 'custom-objects', 'product-projection': 'product-projections' };
  return special[typeId] || typeId + 's';
}

function table(caption, columns, rows) {
  return h(
    'table',
    {},
    h('caption', {}, caption),
    h('thead', {}, h('tr', {}, columns.map((column) => h('th', { scope: 'col' }, column)))),
    h('tbody', {}, rows.length === 0 ? h('tr', {}, h('td', { colspan: columns.length }, 'Nothing found.')) : rows.map((cells) => h('tr', {}, cells.map((cell) => h('td', {}, cell))))),
  );
}

function field(label, input) {
  const id = 'f-' + Math.random().toString(36).slice(2);
  input.id = id;
  return h('div', { class: 'field' }, h('label', { for: id }, label), input);
}

function pager(page, onPage) {
  const from = page.offset + 1;
  const to = page.offset + page.count;
  const total = page.total === undefined ? '' : ' of ' + page.total;
  return h(
    'nav',
    { class: 'pager', 'aria-label': 'Pages' },
    h('button', { type: 'button', disabled: page.offset === 0, onclick: () => onPage(Math.max(0, page.offset - page.limit)) }, 'Previous page'),
    h('span', {}, page.count === 0 ? 'none' : from + '–' + to + total),
    h('button', { type: 'button', disabled: page.count < page.limit || (page.total !== undefined && to >= page.total), onclick: () => onPage(page.offset + page.limit) }, 'Next page'),
  );
}

/** JSON as text, with every reference ({ typeId, id }) a link that opens the resource. */
function jsonView(value, indent) {
  const pad = '  '.repeat(indent || 0);
  const inner = '  '.repeat((indent || 0) + 1);
  if (Array.isArray(value)) {
    if (value.length === 0) return ['[]'];
    return ['[\n', value.map((item, i) => [inner, jsonView(item, (indent || 0) + 1), i < value.length - 1 ? ',\n' : '\n']), pad + ']'];
  }
  if (value && typeof value === 'object') {
    const entries = Object.entries(value);
    if (entries.length === 0) return ['{}'];
    return [
      '{\n',
      entries.map(([key, item], i) => {
        const link = key === 'id' && typeof value.typeId === 'string' && typeof item === 'string'
          ? h('a', { href: '#', onclick: (event) => { event.preventDefault(); openResource(pathOfType(value.typeId), item); } }, JSON.stringify(item))
          : jsonView(item, (indent || 0) + 1);
        return [inner, JSON.stringify(key) + ': ', link, i < entries.length - 1 ? ',\n' : '\n'];
      }),
      pad + '}',
    ];
  }
  return [JSON.stringify(value)];
}

function showDetail(title, value) {
  const detail = document.getElementById('detail');
  detail.replaceChildren(h('h2', { tabindex: '-1' }, title), h('pre', { class: 'json' }, jsonView(value)));
  detail.hidden = false;
  detail.querySelector('h2').focus();
}

async function openResource(path, id) {
  await attempt(async () => showDetail(path + ' ' + id, await api('/' + path + '/' + encodeURIComponent(id))));
}

// Views ---------------------------------------------------------------------------------------

// The registry's list (resources/registry.ts).
const TYPES = ${JSON.stringify(CONSOLE_TYPES)};
const resourceQuery = { title: 'Resources', types: TYPES, type: 'products', where: '', sort: '', limit: PAGE, cursors: [] };
const messageQuery = { title: 'Messages', types: ['messages'], type: 'messages', where: '', sort: 'sequenceNumber desc', limit: PAGE, cursors: [] };

/** The resources of a type (the query of shown), a page at a time: by id cursor without a sort (any depth), by offset with one. */
function collectionView(main, shown) {
  const type = h('select', {}, shown.types.map((name) => h('option', { value: name, selected: name === shown.type }, name)));
  const where = h('input', { type: 'text', value: shown.where, placeholder: 'key = "summer"' });
  const sort = h('input', { type: 'text', value: shown.sort, placeholder: 'createdAt desc' });
  const limit = h('input', { type: 'number', min: 1, max: 500, value: shown.limit });
  const results = h('div', {});
  const load = (position) =>
    attempt(async () => {
      const cursor = position.cursor;
      const filters = [shown.where, cursor ? 'id > "' + cursor + '"' : ''].filter(Boolean).map((w) => '(' + w + ')');
      const params = shown.sort
        ? { where: shown.where, sort: shown.sort, limit: shown.limit, offset: position.offset, withTotal: 'false' }
        : { where: filters.join(' and '), sort: 'id asc', limit: shown.limit, withTotal: 'false' };
      const page = await api('/' + shown.type + query(params));
      const rows = page.results.map((resource) => [
        h('a', { href: '#', onclick: (event) => { event.preventDefault(); showDetail(shown.type + ' ' + resource.id, resource); } }, resource.id),
        resource.key || resource.orderNumber || resource.type || '',
        summary(resource),
        resource.version,
        when(resource.lastModifiedAt),
      ]);
      const index = position.index || 0;
      const nav = h(
        'nav',
        { class: 'pager', 'aria-label': 'Pages' },
        h('button', { type: 'button', disabled: index === 0, onclick: () => load(shown.sort ? { offset: position.offset - shown.limit, index: index - 1 } : { cursor: shown.cursors[index - 1], index: index - 1 }) }, 'Previous page'),
        h('span', {}, 'page ' + (index + 1)),
        h('button', { type: 'button', disabled: page.results.length < shown.limit, onclick: () => {
          const last = page.results[page.results.length - 1];
          shown.cursors[index + 1] = last && last.id;
          load(shown.sort ? { offset: position.offset + shown.limit, index: index + 1 } : { cursor: last.id, index: index + 1 });
        } }, 'Next page'),
      );
      results.replaceChildren(table(shown.type, ['id', 'key / number / type', 'name / state / resource', 'version', 'last modified'], rows), nav);
      say(page.results.length + ' ' + shown.type + ' shown.');
    });
  const form = h(
    'form',
    { class: 'query', onsubmit: (event) => {
      event.preventDefault();
      Object.assign(shown, { type: type.value, where: where.value.trim(), sort: sort.value.trim(), limit: Number(limit.value) || PAGE, cursors: [] });
      load({ offset: 0, index: 0 });
    } },
    field('Resource type', type), field('where', where), field('sort', sort), field('limit', limit), h('button', { type: 'submit' }, 'Query'),
  );
  main.append(h('h2', {}, shown.title), form, results);
  load({ offset: 0, index: 0 });
}

const resourcesView = (main) => collectionView(main, resourceQuery);
const messagesView = (main) => collectionView(main, messageQuery);

function selectionsView(main) {
  const key = h('input', { type: 'text', required: true, autocomplete: 'off' });
  const list = h('div', {});
  const out = h('div', {});
  // A Product Selection's key is optional: shown by its id when it has none.
  const named = (selection) => selection.key || selection.id;
  const showProducts = (selection, offset) =>
    attempt(async () => {
      const page = await api('/product-selections/' + selection.id + '/products' + query({ limit: PAGE, offset, expand: 'product' }));
      const rows = page.results.map((assigned) => {
        const product = assigned.product.obj;
        return [
          h('a', { href: '#', onclick: (event) => { event.preventDefault(); openResource('products', assigned.product.id); } }, (product && product.key) || assigned.product.id),
          product ? localized(product.masterData.current.name) : '',
          assigned.variantSelection ? assigned.variantSelection.type + ' ' + (assigned.variantSelection.skus || []).join(', ') : 'all variants',
        ];
      });
      out.replaceChildren(
        h('h3', {}, localized(selection.name) + ' (' + named(selection) + ')'),
        table('Products of ' + named(selection), ['product', 'name', 'variants'], rows),
        pager(page, (next) => showProducts(selection, next)),
      );
      say(page.total + ' products in ' + named(selection) + '.');
    });
  const load = (offset) =>
    attempt(async () => {
      const page = await api('/product-selections' + query({ limit: PAGE, offset, sort: 'id asc' }));
      const rows = page.results.map((selection) => [
        h('a', { href: '#', onclick: (event) => { event.preventDefault(); showProducts(selection, 0); } }, named(selection)),
        localized(selection.name),
        selection.mode || '',
      ]);
      list.replaceChildren(table('Product Selections', ['Product Selection', 'name', 'mode'], rows), pager(page, load));
    });
  const find = async (wanted) => {
    try {
      return await api('/product-selections/key=' + encodeURIComponent(wanted));
    } catch (error) {
      if (!(error instanceof HttpError) || error.status !== 404) throw error;
      return api('/product-selections/' + encodeURIComponent(wanted));
    }
  };
  const form = h('form', { class: 'query', onsubmit: (event) => {
    event.preventDefault();
    attempt(async () => showProducts(await find(key.value.trim()), 0));
  } }, field('Product Selection key or id', key), h('button', { type: 'submit' }, 'Find'));
  main.append(h('h2', {}, 'Product Selections'), form, list, out);
  load(0);
}

function storesView(main) {
  const key = h('input', { type: 'text', required: true, autocomplete: 'off' });
  const out = h('div', {});
  const showAvailability = (store, selections, offset) =>
    attempt(async () => {
      const page = await api('/in-store/key=' + encodeURIComponent(store.key) + '/product-selection-assignments' + query({ limit: PAGE, offset, expand: ['product', 'productSelection'] }));
      const rows = page.results.map((assignment) => [
        h('a', { href: '#', onclick: (event) => { event.preventDefault(); openResource('products', assignment.product.id); } }, (assignment.product.obj && assignment.product.obj.key) || assignment.product.id),
        assignment.product.obj ? localized(assignment.product.obj.masterData.current.name) : '',
        (assignment.productSelection.obj && assignment.productSelection.obj.key) || assignment.productSelection.id,
        assignment.variantSelection ? assignment.variantSelection.type : 'all variants',
      ]);
      const active = (store.productSelections || []).some((s) => s.active);
      out.replaceChildren(
        h('h3', {}, localized(store.name) + ' (' + store.key + ')'),
        selections,
        h('p', {}, active ? 'The Store offers the Products of its active Product Selections:' : 'No active Product Selection: the Store offers every Product.'),
        table('Available in ' + store.key, ['product', 'name', 'from Product Selection', 'variants'], rows),
        pager(page, (next) => showAvailability(store, selections, next)),
      );
      say(page.total + ' product assignments available in ' + store.key + '.');
    });
  const form = h('form', { class: 'query', onsubmit: (event) => {
    event.preventDefault();
    attempt(async () => {
      const store = await api('/stores/key=' + encodeURIComponent(key.value.trim()) + query({ expand: 'productSelections[*].productSelection' }));
      const selections = table('Product Selections of ' + store.key, ['Product Selection', 'name', 'active'], (store.productSelections || []).map((setting) => [
        h('a', { href: '#', onclick: (event) => { event.preventDefault(); openResource('product-selections', setting.productSelection.id); } }, (setting.productSelection.obj && setting.productSelection.obj.key) || setting.productSelection.id),
        setting.productSelection.obj ? localized(setting.productSelection.obj.name) : '',
        setting.active ? 'active' : 'inactive',
      ]));
      await showAvailability(store, selections, 0);
    });
  } }, field('Store key', key), h('button', { type: 'submit' }, 'Find'));
  main.append(h('h2', {}, 'Stores'), form, out);
}

function historyView(main) {
  const type = h('input', { type: 'text', placeholder: 'product-selection', autocomplete: 'off' });
  const resourceId = h('input', { type: 'text', autocomplete: 'off' });
  const out = h('div', {});
  const load = (offset) =>
    attempt(async () => {
      const path = type.value.trim() ? '/' + encodeURIComponent(type.value.trim()) + (resourceId.value.trim() ? '/' + encodeURIComponent(resourceId.value.trim()) : '') : '';
      const page = await api(path + query({ limit: PAGE, offset }), { history: true });
      const rows = page.results.map((record) => [
        when(record.modifiedAt),
        record.resource ? record.resource.typeId : '',
        record.resource ? h('a', { href: '#', onclick: (event) => { event.preventDefault(); showDetail('record of ' + record.resource.id, record); } }, record.resource.key || record.resource.id) : '',
        record.version,
        record.type,
        (record.changes || []).map((change) => change.change).join(', '),
        record.modifiedBy ? (record.modifiedBy.isPlatformClient ? 'admin console' : 'API client') : '',
      ]);
      out.replaceChildren(table('Change History records', ['modified', 'type', 'resource', 'version', 'record', 'changes', 'by'], rows), pager(page, load));
    });
  const form = h('form', { class: 'query', onsubmit: (event) => { event.preventDefault(); load(0); } },
    field('Resource type (optional)', type), field('Resource id (optional)', resourceId), h('button', { type: 'submit' }, 'Query'));
  main.append(h('h2', {}, 'Change History'), form, out);
  load(0);
}

function apiClientsView(main) {
  const out = h('div', {});
  const load = (offset) =>
    attempt(async () => {
      const page = await api('/api-clients' + query({ limit: PAGE, offset }));
      // Only these fields: the API never answers a secret here, and the console shows none.
      const rows = page.results.map((client) => [client.id, client.name, h('ul', { class: 'scopes' }, client.scope.split(' ').map((scope) => h('li', {}, scope))), when(client.createdAt), when(client.lastUsedAt) || 'never']);
      out.replaceChildren(table('API clients', ['id', 'name', 'scopes', 'created', 'last used'], rows), pager(page, load));
    });
  main.append(h('h2', {}, 'API clients'), out);
  load(0);
}

function requestsView(main) {
  const status = h('input', { type: 'text', placeholder: '503, 5xx or cut', autocomplete: 'off' });
  const path = h('input', { type: 'text', autocomplete: 'off' });
  const correlationId = h('input', { type: 'text', autocomplete: 'off' });
  const live = h('input', { type: 'checkbox', checked: true });
  const out = h('div', { 'aria-live': 'off' });
  const load = () =>
    attempt(async () => {
      const page = await control('GET', '/requests' + query({ limit: 50, status: status.value.trim(), path: path.value.trim(), correlationId: correlationId.value.trim() }));
      const rows = page.results.map((entry) => [
        when(entry.at),
        entry.method,
        h('a', { href: '#', onclick: (event) => { event.preventDefault(); openRequest(entry.id); } }, entry.path + entry.query),
        h('span', { class: 'http s' + (entry.status === null ? 'cut' : String(entry.status)[0]) }, entry.status === null ? 'cut' : String(entry.status)),
        entry.durationMs + ' ms',
        entry.correlationId || '',
      ]);
      out.replaceChildren(table('Requests, newest first (the last ' + page.capacity + ' kept)', ['at', 'method', 'path', 'status', 'duration', 'correlation id'], rows));
    });
  const form = h('form', { class: 'query', onsubmit: (event) => { event.preventDefault(); load(); } },
    field('Status', status), field('Path contains', path), field('Correlation id', correlationId), field('Live', live), h('button', { type: 'submit' }, 'Filter'));
  main.append(h('h2', {}, 'Request log'), form, out);
  state.timer = setInterval(() => { if (live.checked) load(); }, 1000);
  load();
}

async function openRequest(id) {
  await attempt(async () => {
    const entry = await control('GET', '/requests/' + id);
    const message = (title, part) => part ? [h('h3', {}, title), h('pre', { class: 'json' }, Object.entries(part.headers).map(([name, value]) => name + ': ' + value).join('\n') + '\n\n' + (part.bodyOmitted ? '(body of ' + part.bodyBytes + ' bytes, too large to keep)' : part.body || ''))] : [h('h3', {}, title), h('p', {}, 'None: the connection was cut.')];
    const detail = document.getElementById('detail');
    detail.replaceChildren(h('h2', { tabindex: '-1' }, entry.method + ' ' + entry.path + entry.query + ' → ' + (entry.status === null ? 'cut' : entry.status)), ...message('Request', entry.request), ...message('Answer', entry.response));
    detail.hidden = false;
    detail.querySelector('h2').focus();
  });
}

function faultsView(main) {
  const kind = h('select', {}, ['error', 'cut', 'latency'].map((name) => h('option', { value: name }, name)));
  const status = h('select', {}, [503, 500, 502, 504, 429].map((code) => h('option', { value: code }, code)));
  const path = h('input', { type: 'text', placeholder: '/' + state.project + '/products', autocomplete: 'off' });
  const times = h('input', { type: 'number', min: 1, value: 1 });
  const latency = h('input', { type: 'number', min: 0, max: 600000, value: 1000 });
  const out = h('div', {});
  const load = () =>
    attempt(async () => {
      const { results } = await control('GET', '/faults');
      const rows = results.map((fault) => [
        fault.id,
        fault.kind + (fault.status ? ' ' + fault.status : '') + (fault.latencyMs !== undefined ? ' ' + fault.latencyMs + ' ms' : ''),
        fault.path || fault.pathPattern || 'every path',
        fault.times === undefined ? 'always' : String(fault.times),
        h('button', { type: 'button', 'aria-label': 'Remove fault rule ' + fault.id, onclick: () => attempt(async () => { await control('DELETE', '/faults/' + encodeURIComponent(fault.id)); say('Fault rule ' + fault.id + ' removed.'); load(); }) }, 'Remove'),
      ]);
      out.replaceChildren(table('Fault rules', ['id', 'fault', 'path', 'times left', ''], rows));
    });
  const form = h('form', { class: 'query', onsubmit: (event) => {
    event.preventDefault();
    const rule = { kind: kind.value, times: Number(times.value) || undefined, path: path.value.trim() || undefined };
    if (kind.value === 'error') rule.status = Number(status.value);
    if (kind.value === 'latency') rule.latencyMs = Number(latency.value);
    attempt(async () => { const fault = await control('POST', '/faults', rule); say('Fault rule ' + fault.id + ' armed.'); load(); });
  } }, field('Kind', kind), field('Status (error)', status), field('Path prefix', path), field('Times', times), field('Latency ms (latency)', latency), h('button', { type: 'submit' }, 'Arm fault'));
  main.append(h('h2', {}, 'Fault rules'), form, out);
  load();
}

async function refreshClock() {
  const clock = await control('GET', '/clock');
  document.getElementById('clock').textContent = 'Clock: ' + when(clock.now) + (clock.manual ? ' (manual)' : ' (wall clock)');
  return clock;
}

function clockView(main) {
  const now = h('output', {});
  const amount = h('input', { type: 'number', min: 0, value: 1 });
  const unit = h('select', {}, [['minutes', 60000], ['hours', 3600000], ['days', 86400000]].map(([name, ms]) => h('option', { value: ms, selected: name === 'days' }, name)));
  const at = h('input', { type: 'text', placeholder: '2026-12-01T00:00:00Z', autocomplete: 'off' });
  const show = () => attempt(async () => { const clock = await refreshClock(); now.textContent = clock.now + (clock.manual ? ' (manual: it moves only when told)' : ' (the wall clock: start the emulator with --manual-clock to move it)'); });
  const move = (body) => attempt(async () => { await control('POST', '/clock', body); say('Clock moved.'); await show(); });
  main.append(
    h('h2', {}, 'Clock'),
    h('p', {}, 'Now: ', now),
    h('form', { class: 'query', onsubmit: (event) => { event.preventDefault(); move({ advanceMs: Math.round(Number(amount.value) * Number(unit.value)) }); } }, field('Advance by', amount), field('Unit', unit), h('button', { type: 'submit' }, 'Advance')),
    h('form', { class: 'query', onsubmit: (event) => { event.preventDefault(); move({ set: at.value.trim() }); } }, field('Set to (ISO 8601 with a zone)', at), h('button', { type: 'submit' }, 'Set')),
    h('h2', {}, 'Reset'),
    h('p', {}, 'Empties every project and removes every fault rule; the bootstrap client, its tokens and the clock stay.'),
    h('button', { type: 'button', class: 'danger', onclick: () => { if (confirm('Reset the emulator? Every project is emptied.')) attempt(async () => { await control('POST', '/reset'); say('The emulator was reset.'); }); } }, 'Reset the emulator'),
  );
  show();
}

const VIEWS = {
  resources: ['Resources', resourcesView],
  selections: ['Product Selections', selectionsView],
  stores: ['Stores', storesView],
  messages: ['Messages', messagesView],
  history: ['Change History', historyView],
  clients: ['API clients', apiClientsView],
  requests: ['Request log', requestsView],
  faults: ['Fault rules', faultsView],
  clock: ['Clock and reset', clockView],
};

function show(view) {
  clearInterval(state.timer);
  state.view = VIEWS[view] ? view : 'resources';
  for (const link of document.querySelectorAll('#views a')) {
    if (link.dataset.view === state.view) link.setAttribute('aria-current', 'page');
    else link.removeAttribute('aria-current');
  }
  const main = document.getElementById('main');
  document.getElementById('detail').hidden = true;
  main.replaceChildren();
  say('');
  VIEWS[state.view][1](main);
}

function signedIn(projects) {
  const app = document.getElementById('app');
  const picker = h('select', { onchange: () => { state.project = picker.value; show(state.view); } }, projects.map((key) => h('option', { value: key, selected: key === state.project }, key)));
  app.replaceChildren(
    h('div', { class: 'bar' },
      field('Project', picker),
      h('span', { id: 'clock' }),
      h('button', { type: 'button', onclick: () => { sessionStorage.removeItem(CREDENTIALS_KEY); location.hash = ''; location.reload(); } }, 'Sign out'),
    ),
    h('nav', { id: 'views', 'aria-label': 'Views' }, h('ul', {}, Object.entries(VIEWS).map(([view, [label]]) => h('li', {}, h('a', { href: '#' + view, 'data-view': view }, label))))),
    h('main', { id: 'main', tabindex: '-1' }),
    h('section', { id: 'detail', 'aria-label': 'Details', hidden: true }),
  );
  attempt(refreshClock);
  show(location.hash.slice(1));
}

async function signIn(credentials) {
  state.credentials = credentials;
  const health = await send(CONTROL + '/health');
  const { results } = await control('GET', '/projects');
  state.ownProject = health.projectKey;
  state.project = health.projectKey;
  state.projects = results.map((project) => project.key);
  // The request log records from its first read on: from now, so the console shows what follows.
  await control('GET', '/requests?limit=1');
  await tokenOf(state.project);
  sessionStorage.setItem(CREDENTIALS_KEY, JSON.stringify(credentials));
  signedIn(state.projects);
}

function signInForm() {
  const clientId = h('input', { type: 'text', required: true, autocomplete: 'username' });
  const clientSecret = h('input', { type: 'password', required: true, autocomplete: 'current-password' });
  const form = h('form', { class: 'signin', onsubmit: (event) => {
    event.preventDefault();
    attempt(() => signIn({ clientId: clientId.value.trim(), clientSecret: clientSecret.value }));
  } },
    h('h2', {}, 'Sign in'),
    h('p', {}, 'The emulator\'s bootstrap API client (printed when it starts). Kept for this tab only.'),
    field('Client id', clientId), field('Client secret', clientSecret), h('button', { type: 'submit' }, 'Sign in'));
  document.getElementById('app').replaceChildren(form);
  clientId.focus();
}

/** Credentials in a #signin= fragment (commerce-emulator --open: base64url JSON), removed from the address bar and the history first. */
function fragmentCredentials() {
  if (!location.hash.startsWith('#signin=')) return null;
  const encoded = location.hash.slice('#signin='.length).replace(/-/g, '+').replace(/_/g, '/');
  history.replaceState(null, '', location.pathname + location.search);
  try {
    const bytes = Uint8Array.from(atob(encoded), (c) => c.charCodeAt(0));
    const { clientId, clientSecret } = JSON.parse(new TextDecoder().decode(bytes));
    return typeof clientId === 'string' && typeof clientSecret === 'string' ? { clientId, clientSecret } : null;
  } catch {
    return null;
  }
}

window.addEventListener('hashchange', () => { if (state.credentials && document.getElementById('main')) show(location.hash.slice(1)); });
const given = fragmentCredentials();
const saved = given ? JSON.stringify(given) : sessionStorage.getItem(CREDENTIALS_KEY);
if (saved) {
  attempt(() => signIn(JSON.parse(saved))).then(() => { if (!document.getElementById('main')) signInForm(); });
} else signInForm();
`;
