// deckwright preview: the page's script. It builds the gallery from the server's state with DOM calls only
// (no HTML from data), and keeps it in step with the builds through server-sent events: a changed face gets a
// new image address, and nothing else on the page moves.
'use strict'

const $ = (id) => document.getElementById(id)
const el = (tag, attrs = {}, ...children) => {
  const node = document.createElement(tag)
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue
    if (k === 'class') node.className = v
    else if (k === 'text') node.textContent = v
    else node.setAttribute(k, v === true ? '' : String(v))
  }
  for (const child of children) if (child) node.append(child)
  return node
}
const DEFAULT_PX_PER_MM = 2.6
const settings = JSON.parse(localStorage.getItem('deckwright-preview') || '{}')
const save = () => localStorage.setItem('deckwright-preview', JSON.stringify(settings))

let state = { version: -1, games: [] }
let current = settings.game
const cardNodes = new Map() // `${game}/${id}` -> { node, front, back, turned, problems }

/** A face's image address, by its key in the face store: a changed face is a new address, and only it is fetched. */
const faceUrl = (game, key) => `/face/${encodeURIComponent(game)}/${encodeURIComponent(key)}.png`
const outputUrl = (game, file) => `/out/${encodeURIComponent(game)}/${encodeURIComponent(file)}`

// The cards on screen, which the next build draws first: the server is told a moment after a scroll.
const onScreen = new Set()
let telling
const seen = new IntersectionObserver((entries) => {
  for (const e of entries) {
    const id = e.target.getAttribute('data-id')
    if (e.isIntersecting) onScreen.add(id)
    else onScreen.delete(id)
  }
  clearTimeout(telling)
  telling = setTimeout(() => {
    fetch('/api/visible', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify([...onScreen]) }).catch(() => {})
  }, 250)
})

const gameView = () => state.games.find((g) => g.id === current) || state.games[0]

function applyView() {
  const body = document.body
  body.classList.toggle('show-trim', Boolean(settings.trim))
  body.classList.toggle('show-bleed', Boolean(settings.bleed))
  body.classList.toggle('show-safe', Boolean(settings.safe))
  body.classList.toggle('greyscale', Boolean(settings.greyscale))
  for (const vision of ['protanopia', 'deuteranopia', 'tritanopia']) body.classList.toggle(`vision-${vision}`, settings.vision === vision)
  $('vision').value = settings.vision || ''
  const scale = settings.trueSize ? settings.pxPerMm || 3.78 : DEFAULT_PX_PER_MM
  body.style.setProperty('--px-per-mm', String(scale))
  for (const [id, key] of [['show-trim', 'trim'], ['show-bleed', 'bleed'], ['show-safe', 'safe'], ['greyscale', 'greyscale'], ['true-size', 'trueSize']]) $(id).checked = Boolean(settings[key])
}

function face(game, gallery, card, side, turned) {
  const type = gallery.types[card.type] || { widthMm: 63.5, heightMm: 88.9 }
  const bleed = gallery.bleedMm
  const w = type.widthMm + 2 * bleed
  const h = type.heightMm + 2 * bleed
  const key = side === 'front' ? card.front : card.backKey
  const img = el('img', { src: faceUrl(game, key), alt: `${side} of ${card.id}${turned ? ', turned' : ''}`, loading: 'lazy', draggable: 'false' })
  const box = el('button', { type: 'button', class: `face${turned ? ' turned' : ''}`, title: `${card.id} — ${side}${turned ? ' (turned)' : ''}: click to zoom` }, img)
  box.style.setProperty('--w', String(w))
  box.style.setProperty('--h', String(h))
  box.style.setProperty('--bleed-x', `${(bleed / w) * 100}%`)
  box.style.setProperty('--bleed-y', `${(bleed / h) * 100}%`)
  box.style.setProperty('--safe-x', `${((bleed + gallery.safeMm) / w) * 100}%`)
  box.style.setProperty('--safe-y', `${((bleed + gallery.safeMm) / h) * 100}%`)
  box.append(el('span', { class: 'bleed-mark' }), el('span', { class: 'trim-mark' }), el('span', { class: 'safe-mark' }))
  box.addEventListener('click', () => zoom(img.src, `${card.id} — ${side}${turned ? ' (turned)' : ''}`, turned))
  return { box, img }
}

function zoom(src, caption, turned) {
  $('zoom-image').src = src
  $('zoom-image').classList.toggle('turned', turned)
  $('zoom-caption').textContent = caption
  $('zoom').showModal()
}

function problemItem(d) {
  const where = `${d.file}${d.line ? `:${d.line}${d.column ? `:${d.column}` : ''}` : ''}`
  const link = d.link ? el('a', { href: d.link, class: 'where', text: where }) : el('span', { class: 'where', text: where })
  const item = el('li', { class: `problem ${d.severity}` }, el('span', { class: 'severity', text: d.severity }), link, el('span', { class: 'message', text: d.message }))
  if (d.card) {
    const go = el('button', { type: 'button', class: 'to-card', text: d.card })
    go.addEventListener('click', () => {
      const found = cardNodes.get(`${current}/${d.card}`)
      if (found) found.node.scrollIntoView({ behavior: 'smooth', block: 'center' })
    })
    item.append(go)
  }
  return item
}

function renderCard(game, gallery, card) {
  const type = gallery.types[card.type] || {}
  const front = face(game, gallery, card, 'front', false)
  const back = face(game, gallery, card, 'back', false)
  const faces = [front.box]
  // A split card shown both ways up: its second half is read turned.
  const turned = type.split ? face(game, gallery, card, 'front', true) : undefined
  if (turned) faces.push(turned.box)
  faces.push(back.box)
  const problems = el('ul', { class: 'card-problems' })
  const node = el(
    'figure',
    { class: 'card', id: `card-${card.id}`, 'data-id': card.id, 'data-type': card.type, 'data-set': card.set },
    el('div', { class: 'faces' }, ...faces),
    el('figcaption', {}, el('span', { class: 'card-id', text: card.id }), el('span', { class: 'qty', text: `×${card.qty}` }), el('span', { class: 'set', text: card.set })),
    problems,
  )
  return { node, front, back, turned, problems, card }
}

function updateCard(entry, game, gallery, card) {
  let changed = false
  const set = (f, key) => {
    if (!f) return
    const url = faceUrl(game, key)
    if (f.img.getAttribute('src') === url) return
    f.img.setAttribute('src', url)
    changed = true
  }
  set(entry.front, card.front)
  set(entry.turned, card.front)
  set(entry.back, card.backKey)
  entry.card = card
  entry.node.querySelector('.qty').textContent = `×${card.qty}`
  return changed
}

/**
 * Marks the changed cards for a moment, so that a designer sees what their save changed: the mark taken off
 * each and put back after one layout of the page (not one layout per card: a template change marks them all).
 */
function markChanged(nodes) {
  if (!nodes.length) return
  for (const node of nodes) node.classList.remove('changed')
  void document.body.offsetWidth
  for (const node of nodes) node.classList.add('changed')
}

function renderGallery(view) {
  const gallery = view.gallery
  const root = $('gallery')
  if (!gallery) {
    if (!root.querySelector('.card')) root.replaceChildren(el('p', { class: 'empty', text: view.status === 'building' ? 'Building the faces…' : 'No faces yet: fix the problems and save.' }))
    return
  }
  const game = view.id
  const wanted = new Set()
  const changed = []
  const nodesOf = new Map()
  const sections = new Map([...root.querySelectorAll('section.group')].map((s) => [s.dataset.group, s]))
  const order = []
  for (const card of gallery.cards) {
    const groupKey = `${card.type}/${card.set}`
    let section = sections.get(groupKey)
    if (!section) {
      const type = gallery.types[card.type] || { name: card.type }
      section = el('section', { class: 'group', 'data-group': groupKey, 'data-type': card.type, 'data-set': card.set }, el('h2', {}, el('span', { text: type.name }), el('small', { text: ` ${card.set}` })), el('div', { class: 'cards' }))
      sections.set(groupKey, section)
    }
    if (!order.includes(section)) order.push(section)
    const k = `${game}/${card.id}`
    wanted.add(k)
    let entry = cardNodes.get(k)
    if (!entry) {
      entry = renderCard(game, gallery, card)
      cardNodes.set(k, entry)
      seen.observe(entry.node)
    } else if (updateCard(entry, game, gallery, card)) changed.push(entry.node)
    const list = nodesOf.get(section) ?? nodesOf.set(section, []).get(section)
    list.push(entry.node)
  }
  // Each section's cards in order, moved only where the order changed: a build's stream of faces moves none.
  for (const [section, nodes] of nodesOf) {
    const holder = section.querySelector('.cards')
    const children = holder.children
    if (children.length !== nodes.length || nodes.some((n, i) => children[i] !== n)) holder.replaceChildren(...nodes)
  }
  markChanged(changed)
  for (const [k, entry] of cardNodes) if (!wanted.has(k)) {
    seen.unobserve(entry.node)
    entry.node.remove()
    cardNodes.delete(k)
  }
  root.querySelector('.empty')?.remove()
  // Sections keep their elements (and the page its scroll); only their order is set again, when it changed.
  for (const section of sections.values()) if (!order.includes(section)) section.remove()
  const placed = [...root.querySelectorAll(':scope > section.group')]
  if (placed.length !== order.length || order.some((s, i) => placed[i] !== s)) root.append(...order)
  fillFilters(gallery)
  filter()
}

function fillFilters(gallery) {
  const fill = (select, values, label) => {
    // Made again only when the game's types or sets changed, not for every face a build stores.
    const known = JSON.stringify(values)
    if (select.dataset.values === known) return
    select.dataset.values = known
    const chosen = select.value
    select.replaceChildren(el('option', { value: '', text: 'all' }), ...values.map(([v, text]) => el('option', { value: v, text: label ? label(v, text) : text })))
    select.value = values.some(([v]) => v === chosen) ? chosen : ''
  }
  const types = [...new Set(gallery.cards.map((c) => c.type))].map((t) => [t, (gallery.types[t] || { name: t }).name])
  const sets = [...new Set(gallery.cards.map((c) => c.set))].map((s) => [s, s])
  fill($('filter-type'), types)
  fill($('filter-set'), sets)
}

function filter() {
  const type = $('filter-type').value
  const set = $('filter-set').value
  const words = $('search').value.trim().toLowerCase().split(/\s+/).filter(Boolean)
  const view = gameView()
  const names = view?.gallery?.types || {}
  for (const entry of cardNodes.values()) {
    const c = entry.card
    const haystack = `${c.id} ${c.type} ${(names[c.type] || {}).name || ''} ${c.set} ${c.text}`.toLowerCase()
    const shown = (!type || c.type === type) && (!set || c.set === set) && words.every((w) => haystack.includes(w))
    entry.node.hidden = !shown
  }
  for (const section of $('gallery').querySelectorAll('section.group')) section.hidden = ![...section.querySelectorAll('.card')].some((n) => !n.hidden)
}

function renderProblems(view) {
  const list = view.diagnostics
  $('problem-list').replaceChildren(...list.map(problemItem))
  if (!list.length) $('problem-list').append(el('li', { class: 'none', text: 'No problems.' }))
  $('problem-count').textContent = String(list.length)
  $('toggle-problems').classList.toggle('has-errors', list.some((d) => d.severity === 'error'))
  for (const entry of cardNodes.values()) {
    const mine = list.filter((d) => d.card === entry.card.id)
    entry.problems.replaceChildren(...mine.map(problemItem))
    entry.node.classList.toggle('has-error', mine.some((d) => d.severity === 'error'))
    entry.node.classList.toggle('has-warning', mine.some((d) => d.severity === 'warning'))
  }
  const errors = list.filter((d) => d.severity === 'error')
  if (view.status === 'failed' && errors.length) {
    $('overlay-list').replaceChildren(...errors.map(problemItem))
    $('overlay').hidden = Boolean(settings.overlayClosedAt === state.version)
  } else $('overlay').hidden = true
}

function renderOutputs(view) {
  const items = []
  if (view.sheets) {
    const s = view.sheets.summary
    const link = el('a', { href: outputUrl(view.id, view.sheets.file), target: '_blank', rel: 'noopener', id: 'sheets-link', text: 'sheets' })
    const pages = el('button', { type: 'button', id: 'sheets-pages', class: 'link', text: s ? `${s.pages} ${s.paper} pages` : 'pages' })
    pages.addEventListener('click', () => showSheets(view))
    items.push(el('span', { class: 'output' }, link, ' ', pages))
  }
  if (view.booklet) items.push(el('span', { class: 'output' }, el('a', { href: outputUrl(view.id, view.booklet.file), target: '_blank', rel: 'noopener', id: 'booklet-link', text: 'rules booklet' })))
  if (view.outputsPending && view.status !== 'failed') items.push(el('small', { class: 'pending', text: 'making the sheets and booklet…' }))
  $('outputs').replaceChildren(...items)
}

const DUPLEX = { 'long-edge': 'double-sided, long-edge flip', 'short-edge': 'double-sided, short-edge flip', none: 'one-sided', fold: 'fronts and backs side by side, to fold' }

/** The sheets' pages as thumbnails: each face at its place on the paper, as the PDF lays them out. */
async function showSheets(view) {
  const plan = await (await fetch(`/api/sheets/${encodeURIComponent(view.id)}`)).json()
  const gallery = view.gallery
  const byId = new Map((gallery?.cards || []).map((c) => [c.id, c]))
  const s = view.sheets?.summary
  $('sheets-title').textContent = s ? `${s.pages} ${s.paper} pages, ${DUPLEX[s.duplex] || s.duplex}${s.creditsPages ? `; the last ${s.creditsPages > 1 ? `${s.creditsPages} are` : 'is'} the credits` : ''}` : 'Print sheets'
  const bleed = gallery?.bleedMm ?? 0
  $('sheet-pages').replaceChildren(
    ...plan.map((page, n) => {
      const paper = el('div', { class: 'sheet-page', title: `page ${n + 1}` })
      paper.style.aspectRatio = `${page.widthMm} / ${page.heightMm}`
      for (const f of page.faces) {
        const card = byId.get(f.id)
        if (!card) continue
        const cell = el('div', { class: 'sheet-face' })
        const pct = (v, of) => `${(v / of) * 100}%`
        Object.assign(cell.style, { left: pct(f.trim.x, page.widthMm), top: pct(f.trim.y, page.heightMm), width: pct(f.trim.width, page.widthMm), height: pct(f.trim.height, page.heightMm) })
        const img = el('img', { src: faceUrl(view.id, f.side === 'front' ? card.front : card.backKey), alt: `${f.side} of ${f.id}`, loading: 'lazy' })
        // The face image holds the bleed too: only the trim shows.
        Object.assign(img.style, { width: pct(f.trim.width + 2 * bleed, f.trim.width), height: pct(f.trim.height + 2 * bleed, f.trim.height), left: pct(-bleed, f.trim.width), top: pct(-bleed, f.trim.height) })
        cell.append(img)
        paper.append(cell)
      }
      return el('figure', { class: 'sheet' }, paper, el('figcaption', { text: `${n + 1}` }))
    }),
  )
  $('sheets').showModal()
}

function renderGames() {
  const nav = $('games')
  nav.replaceChildren(
    ...state.games.map((g) => {
      const b = el('button', { type: 'button', class: g.id === gameView()?.id ? 'current' : '', text: g.gallery?.title || g.id })
      b.addEventListener('click', () => {
        if (current === g.id) return
        current = settings.game = g.id
        save()
        cardNodes.clear()
        seen.disconnect()
        onScreen.clear()
        $('gallery').replaceChildren()
        render()
      })
      return b
    }),
  )
}

function render() {
  const view = gameView()
  if (!view) return
  current = view.id
  document.title = `${view.gallery?.title || view.id} — deckwright preview`
  const status = $('status')
  status.textContent = view.status === 'building' ? 'building…' : view.status === 'failed' ? 'build failed' : 'up to date'
  status.dataset.status = view.status
  // Which renderer drew the faces shown: the preview draws with takumi unless told otherwise, a build with satori + resvg.
  const renderer = view.gallery?.renderer || ''
  $('renderer').textContent = renderer ? `drawn with ${renderer}${renderer.startsWith('takumi') ? ' (fast; deckwright build draws with satori + resvg)' : ''}` : ''
  renderGames()
  renderGallery(view)
  renderProblems(view)
  renderOutputs(view)
}

function connect() {
  const events = new EventSource('/events')
  events.onmessage = (event) => {
    const next = JSON.parse(event.data)
    // The same version after a reconnect: only the status line changes back.
    state = next
    render()
    document.body.dataset.version = String(state.version)
  }
  events.onerror = () => {
    $('status').textContent = 'reconnecting…'
    $('status').dataset.status = 'building'
  }
}

function calibrate() {
  const card = $('calibration-card')
  const range = $('calibration-scale')
  range.value = String(settings.pxPerMm || 3.78)
  const show = () => {
    card.style.width = `${85.6 * Number(range.value)}px`
    card.style.height = `${53.98 * Number(range.value)}px`
  }
  range.oninput = () => {
    settings.pxPerMm = Number(range.value)
    save()
    show()
    applyView()
  }
  show()
  $('calibration').showModal()
}

document.addEventListener('DOMContentLoaded', () => {
  for (const [id, key] of [['show-trim', 'trim'], ['show-bleed', 'bleed'], ['show-safe', 'safe'], ['greyscale', 'greyscale'], ['true-size', 'trueSize']])
    $(id).addEventListener('change', (e) => {
      settings[key] = e.target.checked
      save()
      applyView()
    })
  $('vision').addEventListener('change', (e) => {
    settings.vision = e.target.value
    save()
    applyView()
  })
  $('filter-type').addEventListener('change', filter)
  $('filter-set').addEventListener('change', filter)
  $('search').addEventListener('input', filter)
  $('calibrate').addEventListener('click', calibrate)
  $('toggle-problems').addEventListener('click', () => {
    $('problems').hidden = !$('problems').hidden
  })
  $('overlay-close').addEventListener('click', () => {
    settings.overlayClosedAt = state.version
    $('overlay').hidden = true
  })
  applyView()
  connect()
})
