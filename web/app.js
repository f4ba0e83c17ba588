// liftlog's web app: plain JavaScript over `liftlog serve`'s JSON API. The server's files are
// the state; the page keeps a copy of the active session so that it works with no network,
// and every change is queued (IndexedDB) with a client-generated ID and sent in order.
"use strict";

const $ = (selector, root = document) => root.querySelector(selector);
const screen = () => $("#screen");

// ---- small helpers -------------------------------------------------------------------------

function uuid() {
  if (crypto.randomUUID) return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40; b[8] = (b[8] & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, "0")).join("");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
const shortID = () => uuid().slice(0, 8);

function h(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on")) element.addEventListener(key.slice(2), value);
    else if (key === "text") element.textContent = value;
    else element.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    element.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return element;
}

function number(value) {
  return Number.isInteger(value) ? String(value) : String(Math.round(value * 100) / 100);
}

// The store's weight unit: what the server saves a weight in when the page sends none (it
// never sends one), shown beside every weight; the last one the server named.
let storeUnit = localStorage.getItem("liftlog.unit") || "kg";
function rememberUnit(unit) {
  if ((unit === "kg" || unit === "lbs") && unit !== storeUnit) { storeUnit = unit; localStorage.setItem("liftlog.unit", unit); }
}
// The unit distances are shown in (`config distance`): km or mi, as the server last said.
let distanceUnit = localStorage.getItem("liftlog.distance") || "km";
function rememberDistanceUnit(unit) {
  if ((unit === "km" || unit === "mi") && unit !== distanceUnit) { distanceUnit = unit; localStorage.setItem("liftlog.distance", unit); }
}
const distanceText = (meters) => `${number(meters / (distanceUnit === "mi" ? 1609.344 : 1000))} ${distanceUnit}`;

function describeSet(set) {
  const parts = [];
  const weight = set.weight ?? set.target_weight;
  const reps = set.reps ?? set.target_reps;
  if (set.bodyweight) parts.push(weight ? `BW${weight > 0 ? "+" : ""}${number(weight)}` : "BW");
  else if (weight !== undefined && weight !== null) parts.push(`${number(weight)} ${set.unit || storeUnit}`);
  // An AMRAP set's target is a least: 5+ (done, the reps done).
  if (reps !== undefined && reps !== null) parts.push(`× ${reps}${set.amrap && set.status !== "completed" ? "+" : ""}`);
  else if (set.amrap) parts.push("× max");
  if (set.duration_seconds) parts.push(`${Math.floor(set.duration_seconds / 60)}:${String(set.duration_seconds % 60).padStart(2, "0")}`);
  if (set.distance_m) parts.push(distanceText(set.distance_m));
  if (set.rpe) parts.push(`@${number(set.rpe)}`);
  if (set.set_type && set.set_type !== "normal") parts.push(set.set_type);
  return parts.join(" ") || "set";
}

function localOffset() {
  const minutes = -new Date().getTimezoneOffset();
  const sign = minutes >= 0 ? "+" : "-";
  const a = Math.abs(minutes);
  return `${sign}${String(Math.floor(a / 60)).padStart(2, "0")}:${String(a % 60).padStart(2, "0")}`;
}

// Now as the server reads a time: `2026-12-04T07:30:00+01:00`, in this phone's offset.
function localTimestamp(date = new Date()) {
  const two = (value) => String(value).padStart(2, "0");
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}T${two(date.getHours())}:${two(date.getMinutes())}:${two(date.getSeconds())}${localOffset()}`;
}

// ---- the server ----------------------------------------------------------------------------

const token = (() => {
  const match = location.hash.match(/token=([A-Za-z0-9]+)/);
  if (match) {
    localStorage.setItem("liftlog.token", match[1]);
    history.replaceState(null, "", location.pathname + "#/today");
  }
  return localStorage.getItem("liftlog.token");
})();

class Offline extends Error {}

async function api(method, path, body) {
  const headers = {};
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  let response;
  try {
    response = await fetch(`/api${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), cache: "no-store" });
  } catch (error) {
    throw new Offline(String(error));
  }
  let json = null;
  try { json = await response.json(); } catch (_) { json = null; }
  const skipped = response.headers.get("Liftlog-Skipped-Files");
  if (skipped !== null) showSkipped(Number(skipped));
  return { status: response.status, json };
}

// Session files that do not read are left out of what the server answers: said, never silent.
function showSkipped(count) {
  const note = $("#skipped");
  note.hidden = count === 0;
  note.textContent = count === 1 ? "1 session file does not read and is left out. 'liftlog check' shows where."
    : `${count} session files do not read and are left out. 'liftlog check' shows where.`;
}

// What the server warned of a change it saved (a set whose weight and reps read as swapped):
// shown until dismissed, so that the set can be changed by a tap on it.
function showWarning(warnings) {
  $("#warning-text").textContent = `${warnings.join(" ")} Tap the set to change it.`;
  $("#warning").hidden = false;
}

async function get(path) {
  const reply = await api("GET", path);
  if (!reply.json || !reply.json.success) throw new Error(reply.json?.error?.message || `HTTP ${reply.status}`);
  return reply.json.data;
}

// ---- the queue of changes (IndexedDB) ------------------------------------------------------

const queue = {
  db: null,
  open() {
    if (this.db) return Promise.resolve(this.db);
    return new Promise((resolve, reject) => {
      const request = indexedDB.open("liftlog", 1);
      request.onupgradeneeded = () => request.result.createObjectStore("changes", { keyPath: "seq", autoIncrement: true });
      request.onsuccess = () => { this.db = request.result; resolve(this.db); };
      request.onerror = () => reject(request.error);
    });
  },
  async run(mode, body) {
    const db = await this.open();
    return new Promise((resolve, reject) => {
      const transaction = db.transaction("changes", mode);
      const result = body(transaction.objectStore("changes"));
      transaction.oncomplete = () => resolve(result.result);
      transaction.onerror = () => reject(transaction.error);
    });
  },
  add(change) { return this.run("readwrite", (store) => store.add(change)); },
  all() { return this.run("readonly", (store) => store.getAll()); },
  remove(seq) { return this.run("readwrite", (store) => store.delete(seq)); },
};

const refused = {
  list() { return JSON.parse(localStorage.getItem("liftlog.refused") || "[]"); },
  add(entry) { const list = this.list(); list.push(entry); localStorage.setItem("liftlog.refused", JSON.stringify(list)); },
  clear() { localStorage.removeItem("liftlog.refused"); },
};

let waiting = 0;
// At most how many changes the queue holds, kept where the page reads it at once (IndexedDB
// takes a while to open): raised before a change is queued, set to the queue's count when it
// is counted and no change was queued meanwhile, so never below it. Unknown (NaN) when an
// earlier version left no count, but none when the page never kept a session either (its
// first visit).
const queuedAtMost = {
  raised: 0, // changes this page queued
  read() {
    const text = localStorage.getItem("liftlog.queued");
    if (text === null) return localStorage.getItem("liftlog.active") === null ? 0 : NaN;
    return Number(text);
  },
  raise() { this.raised += 1; localStorage.setItem("liftlog.queued", String((this.read() || 0) + 1)); },
  // `count`, counted after this page had queued `raised` changes.
  set(count, raised) { if (raised === this.raised) localStorage.setItem("liftlog.queued", String(count)); },
};
// The changes waiting in the queue, counted once at start: until then the page cannot tell
// whether its copy of the active session holds changes the server has not seen yet, so it
// does not replace that copy with the server's; known at once when the queue was left empty.
const queueCounted = queue.all().then((all) => { waiting = all.length; queuedAtMost.set(waiting, 0); }, () => {});
const queueKnown = queuedAtMost.read() === 0 ? Promise.resolve() : queueCounted;
let online = true;
let flushing = false;

function showSync() {
  const button = $("#sync");
  const problems = refused.list().length;
  button.className = "sync" + (problems ? " refused" : waiting ? " waiting" : "");
  button.textContent = problems ? `${problems} not saved` : waiting ? `${waiting} waiting to sync` : online ? "Synced" : "Offline";
  button.setAttribute("aria-label", button.textContent);
}

// What a change refers to: the session or set it makes (`creates`) and those it changes
// (`uses`), from its path and body.
function references(change) {
  const creates = [], uses = [];
  const session = change.path.match(/^\/workouts\/([0-9a-f-]{36})/);
  const set = change.path.match(/^\/workout-sets\/(([0-9a-f-]{36})\.[^/]+)/);
  if (change.method === "POST" && change.path === "/workouts" && change.body?.id) creates.push(change.body.id);
  if (session) uses.push(session[1]);
  if (session && change.path.endsWith("/sets") && change.body?.request_id) creates.push(`${session[1]}.${change.body.request_id}`);
  if (set) uses.push(set[2], set[1]);
  return { creates, uses };
}

// What a refused change leaves unsent: what it would have made, and, when the server no longer
// has what it changed (404), that too. A queued change that uses one of them is held, not sent.
const blocked = {
  list() { return JSON.parse(localStorage.getItem("liftlog.blocked") || "[]"); },
  add(keys, label) {
    const list = this.list();
    for (const key of keys) if (!list.some((b) => b.key === key)) list.push({ key, label });
    localStorage.setItem("liftlog.blocked", JSON.stringify(list));
  },
  // The refused change `change` waits on, if any.
  holding(change) {
    const { uses } = references(change);
    return this.list().find((b) => uses.includes(b.key));
  },
  clear() { localStorage.removeItem("liftlog.blocked"); },
};

// Sends the queued changes in order. A change the server refuses is kept, with its reason, in
// the list the page shows, and the changes that depend on it are held in the queue; one that
// cannot reach the server stays queued.
async function flush() {
  if (flushing) return;
  flushing = true;
  try {
    for (const change of await queue.all()) {
      const waitsOn = blocked.holding(change);
      if (waitsOn) {
        blocked.add(references(change).creates, waitsOn.label);
        continue;
      }
      let reply;
      try {
        reply = await api(change.method, change.path, change.body);
      } catch (error) {
        online = false;
        break;
      }
      online = true;
      if (reply.status === 503) break; // the store is busy: later
      const ok = reply.status < 300 || (change.method === "DELETE" && reply.status === 404) || (change.kind === "finish" && reply.status === 409);
      if (!ok) {
        refused.add({ label: change.label, status: reply.status, message: reply.json?.error?.message || `HTTP ${reply.status}`, at: new Date().toISOString() });
        const { creates, uses } = references(change);
        blocked.add(reply.status === 404 ? [...creates, ...uses] : creates, change.label);
      } else if (reply.json?.data?.warnings?.length) {
        showWarning(reply.json.data.warnings);
      }
      await queue.remove(change.seq);
    }
    const raised = queuedAtMost.raised;
    waiting = (await queue.all()).length;
    queuedAtMost.set(waiting, raised);
  } finally {
    flushing = false;
    showSync();
  }
  if (waiting === 0 && online) {
    const before = JSON.stringify(active);
    await refreshActive();
    if (JSON.stringify(active) !== before && route().name === "workout") render();
  }
}

// Applies `change` to the page at once and queues it for the server.
async function change(kind, label, method, path, body, apply) {
  if (apply) { apply(); saveActive(); }
  queuedAtMost.raise();
  await queue.add({ kind, label, method, path, body, created: Date.now() });
  waiting += 1;
  showSync();
  // The request leaves first; the page is drawn again in the next frame.
  flush();
  requestAnimationFrame(() => render());
}

// ---- the active session, as last seen (the server's file is the truth) ----------------------

let active = JSON.parse(localStorage.getItem("liftlog.active") || "null");
// What was done of each exercise of the active session the last time (GET /today's `previous`).
let previousSets = JSON.parse(localStorage.getItem("liftlog.previous") || "[]");
// The rest after a set: the exercise's own, else the store's (`config rest`), from GET /today.
let rests = JSON.parse(localStorage.getItem("liftlog.rest") || "null") || { default: 90, exercises: {} };
const restAfter = (name) => (rests.exercises || {})[name] || rests.default || 90;
// What each exercise's sets are measured in (the Kit's rule, SetMeasure: load, bodyweight,
// time, distance): GET /today's for the exercises of the active session, the library's for
// one just added.
let measures = JSON.parse(localStorage.getItem("liftlog.measures") || "{}");
let localEntries = JSON.parse(localStorage.getItem("liftlog.local-entries") || "[]");

function saveActive() {
  localStorage.setItem("liftlog.active", JSON.stringify(active));
  localStorage.setItem("liftlog.local-entries", JSON.stringify(localEntries));
}

async function refreshActive() {
  try {
    const today = await get("/today");
    rememberUnit(today.unit);
    rememberDistanceUnit(today.distance_unit);
    previousSets = today.previous || [];
    localStorage.setItem("liftlog.previous", JSON.stringify(previousSets));
    rests = today.rest || rests;
    localStorage.setItem("liftlog.rest", JSON.stringify(rests));
    measures = today.measures || measures;
    localStorage.setItem("liftlog.measures", JSON.stringify(measures));
    await queueKnown;
    if (waiting === 0) {
      active = today.active;
      if (active) localEntries = localEntries.filter((name) => !active.entries.some((e) => e.exercise_name === name));
      else localEntries = [];
      saveActive();
    }
    return today;
  } catch (error) {
    if (error instanceof Offline) { online = false; showSync(); }
    return null;
  }
}

// ---- screens -------------------------------------------------------------------------------

const routes = {
  today: renderToday, workout: renderWorkout, history: renderHistory, session: renderSession,
  exercise: renderExercise, calendar: renderCalendar, plans: renderPlans, sync: renderSync,
  exercises: renderLibrary, body: renderBody, record: renderRecord,
};

function route() {
  const parts = (location.hash.replace(/^#\/?/, "") || "today").split("/");
  return { name: routes[parts[0]] ? parts[0] : "today", argument: decodeURIComponent(parts.slice(1).join("/")) };
}

let renderCount = 0;
let lastRendered = null;
document.addEventListener("input", (event) => { if (event.target.id) event.target.dataset.touched = "1"; });
async function render() {
  const { name, argument } = route();
  const count = ++renderCount;
  for (const tab of document.querySelectorAll(".tabs a")) {
    if (tab.dataset.tab === name || (name === "workout" && tab.dataset.tab === "today")) tab.setAttribute("aria-current", "page");
    else tab.removeAttribute("aria-current");
  }
  try {
    const content = await routes[name](argument);
    if (count !== renderCount) return;
    const main = screen();
    // What the lifter was typing survives a re-render of the same screen (a sync finishing).
    const kept = lastRendered === location.hash
      ? [...main.querySelectorAll("input[id], select[id]")].filter((e) => e.dataset.touched).map((e) => [e.id, e.value]) : [];
    const focused = lastRendered === location.hash && document.activeElement?.id;
    main.replaceChildren(content);
    for (const [id, value] of kept) {
      const element = document.getElementById(id);
      if (element) { element.value = value; element.dataset.touched = "1"; }
    }
    if (focused && document.getElementById(focused)) document.getElementById(focused).focus();
    lastRendered = location.hash;
  } catch (error) {
    if (count !== renderCount) return;
    screen().replaceChildren(h("div", { class: "card problem", role: "alert" }, error instanceof Offline ? "No connection to the server; this screen needs it." : String(error.message || error)));
  }
}

// A weekly schedule's day (the server's `scheduled_on` and `rest_day`): "Rest day today · next
// Thu 2026-12-10", or its date when it is not today.
function scheduleNote(next) {
  if (!next.scheduled_on) return null;
  const date = new Date(`${next.scheduled_on}T12:00:00`);
  const day = `${date.toLocaleDateString(undefined, { weekday: "short" })} ${next.scheduled_on}`;
  if (next.rest_day) return h("p", { class: "muted", id: "rest-day" }, `Rest day today · next ${day}`);
  const now = new Date();
  const today = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}-${String(now.getDate()).padStart(2, "0")}`;
  return next.scheduled_on === today ? null : h("p", { class: "muted" }, `Next ${day}`);
}

async function renderToday() {
  document.title = "Today · liftlog";
  $("#title").textContent = "Today";
  const today = await refreshActive();
  if (active) { location.hash = "#/workout"; return h("p", {}, "…"); }
  const content = h("div", {});
  const next = today?.next;
  if (next) {
    content.append(h("section", { class: "card", "aria-labelledby": "next-title" },
      h("h2", { id: "next-title" }, `${next.plan || "Next"} · ${next.day}`),
      scheduleNote(next),
      h("ul", { class: "list" }, next.exercises.map((exercise) => h("li", {},
        h("div", { class: "row" },
          h("span", { class: "grow" }, exercise.exercise_name),
          h("span", { class: "muted" }, exercise.prescription ? exercise.prescription.summary.replace(/(\d)x(\d)/g, "$1×$2")
            : `${exercise.sets}×${exercise.reps}${exercise.target_weight ? ` · ${number(exercise.target_weight)} ${exercise.target_unit}` : ""}`)),
        exercise.prescription ? h("div", { class: "muted" }, exercise.prescription.reason) : null,
        exercise.plates_per_side && exercise.plates_per_side.length ? h("div", { class: "muted" }, `plates per side: ${exercise.plates_per_side.map(number).join(" + ")}`) : null))),
      h("button", { class: "primary", type: "button", id: "start-plan", onclick: () => startWorkout({ plan_day: "next" }, next) }, `Start ${next.day}`)));
  } else if (!today) {
    content.append(h("div", { class: "card" }, "Offline: start an empty workout, it is sent when the server is back."));
  }
  content.append(h("section", { class: "card" },
    h("h2", {}, "Quick start"),
    h("div", { class: "row" },
      h("button", { type: "button", id: "start-empty", onclick: () => startWorkout({}) }, "Empty workout"),
      h("button", { type: "button", onclick: () => startWorkout({ kind: "cardio" }) }, "Cardio"),
      h("a", { class: "button", href: "#/record/stretch", id: "stretch" }, "Stretch"),
      h("a", { class: "button", href: "#/record/meditation", id: "meditate" }, "Meditate"))),
    h("section", { class: "card" },
      h("h2", {}, "Between workouts"),
      h("div", { class: "row" },
        h("a", { class: "button", href: "#/exercises", id: "library" }, "Exercises"),
        h("a", { class: "button", href: "#/body", id: "body" }, "Body weight"))));
  return content;
}

function startWorkout(options, next) {
  const id = uuid();
  const body = { id, ...options };
  change("start", "Start the workout", "POST", "/workouts", body, () => {
    active = { id, kind: options.kind || "lifting", status: "active", started_at: new Date().toISOString(), entries: [] };
    localEntries = next ? next.exercises.map((e) => e.exercise_name) : [];
  });
  location.hash = "#/workout";
}

function entryNames() {
  const names = (active?.entries || []).map((e) => e.exercise_name);
  for (const name of localEntries) if (!names.includes(name)) names.push(name);
  return names;
}

function entryOf(name) {
  return (active?.entries || []).find((e) => e.exercise_name === name);
}

async function renderWorkout() {
  document.title = "Workout · liftlog";
  $("#title").textContent = "Workout";
  if (!active) {
    if (waiting === 0) await refreshActive();
    if (!active) return h("div", { class: "card" }, "No active workout. ", h("a", { href: "#/today" }, "Start one"));
  }
  keepAwake();
  const started = new Date(active.started_at);
  const content = h("div", {},
    h("p", { class: "muted" }, `Started ${started.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" })}${active.plan_day ? ` · ${active.plan_day}` : ""}`));
  const names = entryNames();
  // The exercises of a superset together, at the place of its first, in rounds.
  const shown = new Set();
  names.forEach((name, index) => {
    const label = entryOf(name)?.superset;
    if (!label) { content.append(renderEntry(name, index, names)); return; }
    if (shown.has(label)) return;
    shown.add(label);
    content.append(renderSuperset(label, active.entries.filter((e) => e.superset === label)));
  });
  content.append(renderAddExercise());
  content.append(renderFinish());
  return content;
}

// ---- what each exercise is logged in, its weight step, last time's sets ---------------------

// Each exercise's weight step and measure from the library (2.5 and a load until known).
const library = JSON.parse(localStorage.getItem("liftlog.library") || "{}");
const asking = new Set();
function libraryInfo(name) {
  if (library[name] === undefined && !asking.has(name)) {
    asking.add(name);
    get(`/exercises/${encodeURIComponent(name)}`).then((exercise) => {
      library[name] = { increment: exercise.weight_increment || 2.5, measure: exercise.measure || "load" };
      localStorage.setItem("liftlog.library", JSON.stringify(library));
      if (route().name === "workout") render();
    }).catch(() => {});
  }
  return library[name] || { increment: 2.5, measure: "load" };
}
const measureOf = (name) => measures[name] || libraryInfo(name).measure;
const previousOf = (name) => (previousSets.find((p) => p.exercise_name.toLowerCase() === name.toLowerCase()) || {}).sets || [];

// ---- an exercise of the workout: one row per set, the set being changed, a new set ---------

let editing = null; // the set_id of the set whose editor is open
const byID = (root, id) => root.querySelector(`[id="${id}"]`);

function renderEntry(name, index, names) {
  const entry = entryOf(name);
  const sets = entry ? entry.sets : [];
  const position = (active?.entries || []).indexOf(entry);
  const count = (active?.entries || []).length;
  const done = sets.some((s) => s.status === "completed");
  const section = h("section", { class: "card", "aria-label": name },
    h("div", { class: "row" },
      h("h2", { class: "grow" }, h("a", { href: `#/exercise/${encodeURIComponent(name)}` }, name)),
      done ? null : h("button", { type: "button", "aria-label": `Swap ${name}`, "aria-expanded": String(swapping === name), onclick: () => { swapping = swapping === name ? null : name; render(); } }, "Swap"),
      h("button", { type: "button", class: "icon", "aria-label": `Move ${name} up`, disabled: !entry || position === 0, onclick: () => reorder(position, -1) }, "↑"),
      h("button", { type: "button", class: "icon", "aria-label": `Move ${name} down`, disabled: !entry || position === count - 1, onclick: () => reorder(position, 1) }, "↓")));
  if (swapping === name && !done) section.append(renderSwap(name, entry, position));
  sets.forEach((set, number) => {
    const work = sets.slice(0, number + 1).filter((s) => s.set_type !== "warmup").length;
    section.append(...setRows(name, set, setMarker(set, work), previousOf(name)[work - 1], `${name} set ${number + 1}`));
  });
  const form = renderSetForm(name, sets);
  // Planned sets still to do: the form for an extra set waits behind a tap.
  section.append(sets.some((s) => s.status === "pending") ? h("details", { class: "more" }, h("summary", {}, "Add a set"), form) : form);
  const next = entry ? active.entries[position + 1] : null;
  if (next) {
    section.append(h("button", { type: "button", class: "link", "aria-label": `Superset ${name} with ${next.exercise_name}`,
      onclick: () => joinSuperset(position, next) }, `Superset with ${next.exercise_name}`));
  }
  return section;
}

// A set's marker: W for a warm-up, D for a drop set, F for failure, else its number among the
// working sets, with a + when it is as many reps as possible.
function setMarker(set, work) {
  if (set.set_type === "warmup") return "W";
  if (set.set_type === "drop") return "D";
  if (set.set_type === "failure") return "F";
  return `${work}${set.amrap ? "+" : ""}`;
}

// A set's row (and its editor, when open): what it is, last time's same set, and Log.
function setRows(name, set, marker, before, label, who) {
  const warmup = set.set_type === "warmup";
  if (warmup) before = null;
  const open = editing === set.set_id;
  const row = h("div", { class: `set ${set.status}${warmup ? " warmup" : ""}` },
    h("span", { class: "marker", title: warmup ? "warm-up" : set.amrap ? "as many reps as possible" : set.set_type || "" }, marker),
    h("button", { class: "what", type: "button", "aria-expanded": String(open), "aria-label": `${describeSet(set)}${before ? `, last time ${describeSet(before)}` : ""}: change ${label}`,
      onclick: () => { editing = open ? null : set.set_id; render(); } },
      who ? h("span", { class: "prev" }, who) : null, describeSet(set), before ? h("span", { class: "prev" }, `last ${describeSet(before)}`) : null));
  if (set.status === "pending") {
    row.append(h("button", { class: "primary", type: "button", "data-set": set.set_id, "aria-label": `Log ${label}: ${describeSet(set)}`,
      onclick: () => setAction(set, "log", `Log ${name} ${describeSet(set)}`, name) }, "Log"));
  } else {
    row.append(h("span", { class: "done", "aria-hidden": "true" }, set.status === "completed" ? "✓" : "–"));
  }
  return open ? [row, renderSetEditor(name, set, label, before)] : [row];
}

// ---- supersets: exercises done in rounds, the rest after each round -------------------------

// The next free superset label, as the server picks it: A to Z.
function nextSupersetLabel() {
  const used = new Set(active.entries.map((e) => e.superset).filter(Boolean));
  return [..."ABCDEFGHIJKLMNOPQRSTUVWXYZ"].find((letter) => !used.has(letter)) || "S27";
}

function joinSuperset(position, next) {
  const entry = active.entries[position];
  change("superset", `Superset ${entry.exercise_name} with ${next.exercise_name}`, "PUT", `/workouts/${active.id}/supersets`, { positions: [position + 1, position + 2] }, () => {
    const label = entry.superset || next.superset || nextSupersetLabel();
    entry.superset = label;
    next.superset = label;
  });
}

function splitSuperset(label, members) {
  const positions = members.map((e) => active.entries.indexOf(e) + 1);
  change("superset", `Split superset ${label}`, "PUT", `/workouts/${active.id}/supersets`, { positions, apart: true }, () => {
    for (const entry of members) { delete entry.superset; delete entry.method; }
  });
}

function renderSuperset(label, members) {
  const section = h("section", { class: "card superset", "aria-label": `Superset ${label}` },
    h("div", { class: "row" },
      h("h2", { class: "grow" }, `Superset ${label}`),
      h("button", { type: "button", "aria-label": `Split superset ${label}`, onclick: () => splitSuperset(label, members) }, "Split")),
    h("p", { class: "muted" }, members.map((e, i) => [i ? " · " : "", `${label}${i + 1} `, h("a", { href: `#/exercise/${encodeURIComponent(e.exercise_name)}` }, e.exercise_name)])));
  const rounds = Math.max(0, ...members.map((e) => e.sets.length));
  for (let round = 0; round < rounds; round += 1) {
    const pending = [];
    const rows = [];
    members.forEach((entry, i) => {
      const set = entry.sets[round];
      if (!set) return;
      const name = entry.exercise_name;
      if (set.status === "pending") pending.push({ set, name });
      const work = entry.sets.slice(0, round + 1).filter((s) => s.set_type !== "warmup").length;
      const marker = set.set_type === "normal" || !set.set_type ? `${label}${i + 1}` : setMarker(set, work);
      rows.push(...setRows(name, set, marker, previousOf(name)[work - 1], `${name} set ${round + 1}`, name));
    });
    section.append(h("div", { class: "row round" }, h("h3", { class: "grow" }, `Round ${round + 1}`),
      pending.length > 1 ? h("button", { type: "button", "aria-label": `Log round ${round + 1} of superset ${label}`,
        onclick: () => pending.forEach(({ set, name }) => setAction(set, "log", `Log ${name} ${describeSet(set)}`, name)) }, "Log round") : null));
    section.append(...rows);
  }
  for (const entry of members) {
    section.append(h("details", { class: "more" }, h("summary", {}, `Add a set of ${entry.exercise_name}`), renderSetForm(entry.exercise_name, entry.sets)));
  }
  return section;
}

// The rest after the set `setID` of `name`: none yet when another exercise of its
// superset still has that round's set to do, the exercise's own rest otherwise.
function restAfterLogging(name, setID) {
  const entry = entryOf(name);
  const label = entry?.superset;
  const index = (entry?.sets || []).findIndex((s) => s.set_id === setID);
  if (label && active.entries.some((e) => e !== entry && e.superset === label && e.sets[index]?.status === "pending")) { stopRest(); return; }
  startRest(restAfter(name));
}

// ---- swapping an exercise for another of the library, its slot and targets kept ---------------

let swapping = null; // the name of the exercise whose swap list is open
const alternatives = {};
function renderSwap(name, entry, position) {
  const list = h("div", { class: "results", id: "swap-results", "aria-label": `Exercises to do instead of ${name}` });
  const offer = (names) => list.replaceChildren(...(names.length ? names.map((other) => h("button", { type: "button", onclick: () => swapExercise(name, other, entry, position) }, other))
    : [h("p", { class: "muted" }, "No exercise of the library trains the same muscles; search below.")]));
  if (alternatives[name]) offer(alternatives[name]);
  else {
    list.append(h("p", { class: "muted" }, "…"));
    get(`/exercises/${encodeURIComponent(name)}/alternatives`).then((data) => { alternatives[name] = data.exercises.map((e) => e.name); offer(alternatives[name]); },
      () => list.replaceChildren(h("p", { class: "muted" }, "The library is out of reach; search below when back online.")));
  }
  const search = h("input", { id: "swap-search", type: "search", placeholder: "Or search the library", autocomplete: "off", "aria-label": `Search an exercise to do instead of ${name}` });
  let timer = null;
  search.addEventListener("input", () => {
    clearTimeout(timer);
    timer = setTimeout(async () => {
      const text = search.value.trim();
      if (!text) { offer(alternatives[name] || []); return; }
      try { offer((await get(`/exercises?q=${encodeURIComponent(text)}`)).exercises.slice(0, 8).map((e) => e.name).filter((n) => n !== name)); } catch (_) { /* offline */ }
    }, 150);
  });
  return h("div", { class: "editor" }, h("p", { class: "muted" }, `Instead of ${name}, keeping its place and targets:`), list, search);
}

function swapExercise(name, other, entry, position) {
  swapping = null;
  if (!entry) { // not saved yet: only the page knows it
    localEntries = localEntries.map((n) => (n === name ? other : n));
    saveActive();
    render();
    return;
  }
  change("swap", `Swap ${name} for ${other}`, "PUT", `/workouts/${active.id}/entries/${position + 1}`, { exercise: other }, () => {
    entry.exercise_name = other;
    delete entry.exercise_id;
    delete measures[name];
  });
}

// The inputs of a set in `measure` (a stepper each; RPE, RIR, type and notes behind "More"),
// holding `values`; `id(field)` names each input ("weight", "reps", "seconds", "meters",
// "rpe", "rir", "type", "notes").
function setFields(id, name, measure, values) {
  const step = libraryInfo(name).increment;
  const weight = values.weight ?? values.target_weight;
  const reps = values.reps ?? values.target_reps;
  const fields = [];
  if (measure === "load" || measure === "bodyweight") {
    fields.push(stepper(id("weight"), measure === "bodyweight" ? `${name} added weight (${storeUnit})` : `${name} weight (${storeUnit})`, weight ?? "", step),
      h("span", { class: "unit", id: id("unit") }, measure === "bodyweight" ? `+${storeUnit}` : storeUnit),
      h("span", { "aria-hidden": "true" }, "×"),
      stepper(id("reps"), `${name} reps`, reps ?? (measure === "load" ? 5 : 10), 1));
  } else if (measure === "time") {
    fields.push(stepper(id("seconds"), `${name} seconds`, values.duration_seconds ?? 60, 5), h("span", { class: "unit" }, "s"));
  } else {
    fields.push(stepper(id("meters"), `${name} metres`, values.distance_m ?? "", 100), h("span", { class: "unit" }, "m"),
      stepper(id("seconds"), `${name} seconds`, values.duration_seconds ?? "", 15), h("span", { class: "unit" }, "s"));
  }
  const more = h("details", { class: "more" }, h("summary", {}, "More"),
    h("div", { class: "row" },
      h("select", { id: id("rpe"), "aria-label": `${name} RPE` }, h("option", { value: "" }, "RPE"),
        [6, 6.5, 7, 7.5, 8, 8.5, 9, 9.5, 10].map((v) => h("option", { value: String(v), selected: values.rpe === v }, `@${v}`))),
      h("select", { id: id("rir"), "aria-label": `${name} reps in reserve` }, h("option", { value: "" }, "RIR"),
        [0, 1, 2, 3, 4, 5].map((v) => h("option", { value: String(v), selected: values.rir === v }, `${v} RIR`))),
      h("select", { id: id("type"), "aria-label": `${name} set type` },
        ["normal", "warmup", "drop", "failure"].map((v) => h("option", { value: v, selected: (values.set_type || "normal") === v }, v === "warmup" ? "warm-up" : v))),
      measure === "time" || measure === "distance" ? null
        : h("input", { id: id("seconds"), type: "number", inputmode: "numeric", placeholder: "sec", "aria-label": `${name} seconds`, class: "narrow", value: values.duration_seconds ?? "" }),
      h("input", { id: id("notes"), type: "text", placeholder: "Note", "aria-label": `${name} note`, autocomplete: "off", value: values.notes ?? "" })));
  return { fields, more };
}

// The values of the inputs `setFields` made, as the API's fields (no unit: the store's), and
// the note apart (a new set's `note`, a changed one's `notes`).
function readFields(id, measure, root) {
  const value = (field) => { const input = byID(root, id(field)); return input ? input.value.trim() : ""; };
  const body = {};
  if (value("weight") !== "") body.weight = parseFloat(value("weight"));
  if (value("reps") !== "") body.reps = parseInt(value("reps"), 10);
  if (measure === "bodyweight") body.bodyweight = true;
  if (value("seconds") !== "") body.duration_seconds = parseInt(value("seconds"), 10);
  if (value("meters") !== "") body.distance_m = parseFloat(value("meters"));
  if (value("rpe") !== "") body.rpe = parseFloat(value("rpe"));
  if (value("rir") !== "") body.rir = parseInt(value("rir"), 10);
  if (value("type") !== "") body.set_type = value("type");
  // A value the set had, emptied in the editor, is removed (null), not kept.
  const initial = (field) => {
    const input = byID(root, id(field));
    if (!input) return "";
    if (input.tagName === "SELECT") { const chosen = [...input.options].find((option) => option.defaultSelected); return chosen ? chosen.value : ""; }
    return input.defaultValue.trim();
  };
  for (const [field, key] of [["rpe", "rpe"], ["rir", "rir"], ["seconds", "duration_seconds"], ["meters", "distance_m"]]) {
    if (value(field) === "" && initial(field) !== "") body[key] = null;
  }
  return { body, note: value("notes") };
}

function stepper(id, label, value, step) {
  const input = h("input", { id, type: "number", inputmode: "decimal", step: "any", min: "0", value: value === undefined ? "" : String(value), "aria-label": label });
  const nudge = (sign) => {
    input.value = number(Math.max(0, (parseFloat(input.value) || 0) + sign * step));
    input.dataset.touched = "1";
    input.dispatchEvent(new Event("change", { bubbles: true }));
  };
  return h("span", { class: "stepper" },
    h("button", { type: "button", "aria-label": `${label} down`, onclick: () => nudge(-1) }, "−"),
    input,
    h("button", { type: "button", "aria-label": `${label} up`, onclick: () => nudge(1) }, "+"));
}

// How to load the weight in `input` of exercise `name` with the store's plates on its bar (the
// exercise's own where it has one: GET /plates, the Kit's rule), kept for the weights asked
// before so that it shows offline too.
const plateAnswers = JSON.parse(localStorage.getItem("liftlog.plates") || "{}");
function platesLine(input, name) {
  const line = h("p", { class: "plates muted", "aria-live": "polite" });
  const show = () => {
    const weight = parseFloat(input.value);
    if (!(weight > 0)) { line.textContent = ""; return; }
    const key = `${storeUnit}:${name}:${weight}`;
    const say = (answer) => {
      if (parseFloat(input.value) !== weight) return;
      if (!answer) { line.textContent = ""; return; }
      const loading = answer.loadings[0];
      const side = (l) => (l.per_side.length ? l.per_side.map(number).join(" + ") : "no plates");
      line.textContent = answer.exact ? `Per side: ${side(loading)} (bar ${number(loading.bar)})`
        : `Not loadable; closest ${answer.loadings.map((l) => `${number(l.total)}: ${side(l)}`).join(" · ")}`;
    };
    // The answer kept from before at once, then the server's (the bar may have changed).
    const kept = plateAnswers[key];
    if (kept !== undefined) say(kept);
    get(`/plates?weight=${weight}&exercise=${encodeURIComponent(name)}`).then((answer) => {
      plateAnswers[key] = answer;
      localStorage.setItem("liftlog.plates", JSON.stringify(plateAnswers));
      say(answer);
    }, (error) => { if (!(error instanceof Offline) || kept === undefined) say(null); }); // lighter than the bar, or offline
  };
  input.addEventListener("change", show);
  input.addEventListener("input", show);
  requestAnimationFrame(show);
  return line;
}

// The editor of one set: its values (the previous time's a tap away), then log it (a planned
// set), or save, undo or delete it (a logged one).
function renderSetEditor(name, set, label, before) {
  const measure = measureOf(name);
  const id = (field) => `edit-${set.set_id}-${field}`;
  const { fields, more } = setFields(id, name, measure, set);
  const form = h("form", { class: "editor", novalidate: true, "aria-label": `Change ${label}` }, h("div", { class: "row" }, fields));
  const weight = byID(form, id("weight"));
  if (weight && measure === "load") form.append(platesLine(weight, name));
  form.append(more);
  const fill = (values) => {
    for (const [field, key] of [["weight", "weight"], ["reps", "reps"], ["seconds", "duration_seconds"], ["meters", "distance_m"]]) {
      const input = byID(form, id(field));
      if (input && values[key] !== undefined && values[key] !== null) { input.value = number(values[key]); input.dataset.touched = "1"; input.dispatchEvent(new Event("change")); }
    }
  };
  const close = () => { editing = null; };
  const send = (action, verb) => {
    const { body, note } = readFields(id, measure, form);
    if (note !== (set.notes || "")) body.notes = note;
    const path = action ? `/workout-sets/${set.set_id}/${action}` : `/workout-sets/${set.set_id}`;
    change(action || "edit", `${verb} ${name} ${describeSet(body)}`, "PUT", path, body, () => {
      Object.assign(set, body);
      if (action === "log") set.status = "completed";
      close();
    });
    if (action === "log") startRest(restAfter(name));
  };
  const buttons = h("div", { class: "row mt" });
  if (before) buttons.append(h("button", { type: "button", onclick: () => fill(before) }, "Last time"));
  if (set.status === "pending") {
    buttons.append(h("button", { class: "primary", type: "submit" }, "Log"),
      h("button", { type: "button", onclick: () => { close(); setAction(set, "skip", `Skip ${label}`, name); } }, "Skip"));
  } else {
    buttons.append(h("button", { class: "primary", type: "submit" }, "Save"));
    if (set.target_reps !== undefined || set.target_weight !== undefined) {
      buttons.append(h("button", { type: "button", onclick: () => { close(); setAction(set, "unlog", `Undo ${label}`, name); } }, "Undo"));
    }
    buttons.append(h("button", { class: "danger", type: "button", onclick: () => deleteSet(name, set, label) }, "Delete"));
  }
  form.append(buttons);
  form.addEventListener("submit", (event) => { event.preventDefault(); send(set.status === "pending" ? "log" : null, set.status === "pending" ? "Log" : "Change"); });
  return form;
}

function deleteSet(name, set, label) {
  if (!confirm(`Delete ${label} (${describeSet(set)})?`)) return;
  change("delete", `Delete ${label}`, "DELETE", `/workout-sets/${set.set_id}`, undefined, () => {
    const entry = entryOf(name);
    entry.sets = entry.sets.filter((s) => s !== set);
    if (!entry.sets.length) { active.entries = active.entries.filter((e) => e !== entry); if (!localEntries.includes(name)) localEntries.push(name); }
    editing = null;
  });
}

// A new set of `name`, its fields holding the last set's values: one tap adds a copy of it.
function renderSetForm(name, sets) {
  const last = [...sets].reverse().find((s) => s.status === "completed") || sets[sets.length - 1] || {};
  const key = name.replace(/[^A-Za-z0-9]/g, "");
  const id = (field) => `${field}-${key}`;
  const measure = measureOf(name);
  const { fields, more } = setFields(id, name, measure, { ...last, set_type: last.set_type === "warmup" ? "warmup" : "normal", notes: "" });
  const form = h("form", { class: "mt", novalidate: true, "aria-label": `Add a set of ${name}` },
    h("div", { class: "row" }, fields, h("button", { class: "primary", type: "submit" }, "Add set")), more);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const { body, note } = readFields(id, measure, form);
    if (body.set_type === "normal") delete body.set_type;
    if (note) body.note = note;
    logNewSet(name, { exercise: name, request_id: shortID(), create: true, ...body });
  });
  return form;
}

function logNewSet(name, body) {
  const sessionID = active.id;
  change("log", `Log ${name} ${describeSet(body)}`, "POST", `/workouts/${sessionID}/sets`, body, () => {
    let entry = entryOf(name);
    if (!entry) { entry = { exercise_name: name, sets: [] }; active.entries.push(entry); }
    const { exercise, request_id: requestID, create, note, ...fields } = body;
    entry.sets.push({ ...fields, notes: note, unit: body.weight === undefined ? undefined : storeUnit, id: requestID, set_id: `${sessionID}.${requestID}`,
      status: "completed", set_number: entry.sets.length + 1 });
  });
  restAfterLogging(name, `${sessionID}.${body.request_id}`);
}

function setAction(set, action, label, name) {
  const status = { log: "completed", skip: "skipped", unlog: "pending" }[action];
  change(action, label, "PUT", `/workout-sets/${set.set_id}/${action}`, {}, () => {
    // The page's copy of the set now: the session may have been read again since it was drawn.
    const current = (active?.entries || []).flatMap((e) => e.sets).find((s) => s.set_id === set.set_id) || set;
    current.status = status;
    if (action === "log") { current.weight = current.weight ?? current.target_weight; current.reps = current.reps ?? current.target_reps; }
  });
  if (action === "log") { if (editing === set.set_id) editing = null; restAfterLogging(name, set.set_id); }
}

// Moves the exercise at `position` (of the session's entries) one place up or down: the API
// takes the new order as the positions the exercises have now, from 1.
function reorder(position, direction) {
  const to = position + direction;
  if (position < 0 || to < 0 || to >= active.entries.length) return;
  const order = active.entries.map((_, index) => index + 1);
  [order[position], order[to]] = [order[to], order[position]];
  change("reorder", `Move ${active.entries[position].exercise_name} ${direction < 0 ? "up" : "down"}`, "PUT", `/workouts/${active.id}`, { order }, () => {
    active.entries = order.map((p) => active.entries[p - 1]);
    active.entries.forEach((entry, index) => { entry.order = index + 1; });
  });
}

function renderAddExercise() {
  const results = h("div", { class: "results", id: "exercise-results" });
  const input = h("input", { id: "exercise-search", type: "search", placeholder: "Search the library", autocomplete: "off", "aria-label": "Add an exercise" });
  let timer = null;
  input.addEventListener("input", () => {
    clearTimeout(timer);
    timer = setTimeout(async () => {
      const text = input.value.trim();
      if (!text) { results.replaceChildren(); return; }
      let found = [];
      try { found = (await get(`/exercises?q=${encodeURIComponent(text)}`)).exercises.slice(0, 8); } catch (_) { found = []; }
      const choices = found.map((e) => e.name);
      if (!choices.some((n) => n.toLowerCase() === text.toLowerCase())) choices.push(text);
      results.replaceChildren(...choices.map((name) => h("button", { type: "button", onclick: () => addExercise(name) }, name)));
    }, 150);
  });
  return h("section", { class: "card" }, h("h2", {}, "Add an exercise"), input, results);
}

function addExercise(name) {
  if (!entryNames().includes(name)) localEntries.push(name);
  saveActive();
  render();
}

// ---- finishing: feel, pain (chips of the tags used before), notes ----------------------------

// The pain tags noted before (GET /pain), most used first, kept for offline.
let painTags = JSON.parse(localStorage.getItem("liftlog.pain-tags") || "[]");
let painAsked = false;
function knownPainTags(update) {
  if (!painAsked) {
    painAsked = true;
    get("/pain").then((report) => {
      painTags = report.tags.map((t) => t.tag).slice(0, 12);
      localStorage.setItem("liftlog.pain-tags", JSON.stringify(painTags));
      update();
    }).catch(() => {});
  }
  return painTags;
}

function renderFinish() {
  const pain = h("input", { id: "pain", type: "text", autocomplete: "off" });
  const chips = h("div", { class: "chips", id: "pain-chips" });
  const tagsTyped = () => pain.value.split(",").map((t) => t.trim().toLowerCase()).filter(Boolean);
  const drawChips = () => {
    const typed = tagsTyped();
    chips.replaceChildren(...painTags.map((tag) => h("button", { type: "button", class: "chip", "aria-pressed": String(typed.includes(tag)), onclick: () => {
      const now = tagsTyped();
      pain.value = (now.includes(tag) ? now.filter((t) => t !== tag) : [...now, tag]).join(", ");
      pain.dataset.touched = "1";
      drawChips();
    } }, tag)));
  };
  knownPainTags(drawChips);
  pain.addEventListener("input", drawChips);
  requestAnimationFrame(drawChips); // once a re-render has put back what was typed
  return h("section", { class: "card" },
    h("h2", {}, "Finish"),
    h("label", { for: "feel" }, "How did it feel (1 awful – 5 great)"),
    h("input", { id: "feel", type: "number", min: "1", max: "5", step: "1", inputmode: "numeric" }),
    h("label", { for: "pain" }, "Pain or niggles (comma separated)"),
    pain, chips,
    h("label", { for: "notes" }, "Notes"),
    h("input", { id: "notes", type: "text", autocomplete: "off" }),
    h("div", { class: "row mt" },
      h("button", { class: "primary", type: "button", id: "finish", onclick: finishWorkout }, "Finish workout"),
      h("button", { class: "danger", type: "button", id: "discard", onclick: discardWorkout }, "Discard")));
}

function finishWorkout() {
  const body = {};
  const feel = $("#feel").value;
  if (feel) body.session_rpe = parseInt(feel, 10);
  const pain = $("#pain").value.split(",").map((t) => t.trim()).filter(Boolean);
  if (pain.length) body.pain_tags = pain;
  const notes = $("#notes").value.trim();
  if (notes) body.notes = notes;
  const id = active.id;
  change("finish", "Finish the workout", "PUT", `/workouts/${id}/complete`, body, () => { active = null; localEntries = []; });
  releaseAwake();
  location.hash = `#/today`;
}

function discardWorkout() {
  if (!confirm("Discard this workout? Its sets are deleted.")) return;
  const id = active.id;
  change("discard", "Discard the workout", "DELETE", `/workouts/${id}`, undefined, () => { active = null; localEntries = []; });
  releaseAwake();
  location.hash = "#/today";
}

// ---- the screen kept awake during a workout (where the browser allows it) --------------------

let wakeLock = null;
function keepAwake() {
  if (wakeLock || !("wakeLock" in navigator) || document.hidden) return;
  wakeLock = "asking";
  navigator.wakeLock.request("screen").then((lock) => {
    wakeLock = lock;
    lock.addEventListener("release", () => { if (wakeLock === lock) wakeLock = null; });
  }, () => { wakeLock = null; });
}
function releaseAwake() {
  if (wakeLock && wakeLock !== "asking") wakeLock.release().catch(() => {});
  wakeLock = null;
}

// ---- rest timer: started by a logged set, 15 s more or less a tap away ------------------------

let restTimer = null;
let restEnd = 0;
function startRest(seconds) {
  restEnd = Date.now() + seconds * 1000;
  clearInterval(restTimer);
  // Asked once, on the lifter's own tap: a notification when the rest is over and the page is
  // not in front.
  if ("Notification" in window && Notification.permission === "default") Notification.requestPermission().catch(() => {});
  $("#rest").hidden = false;
  tickRest();
  restTimer = setInterval(tickRest, 250);
}

function tickRest() {
  const left = Math.max(0, Math.ceil((restEnd - Date.now()) / 1000));
  $("#rest-time").textContent = `Rest ${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
  if (left > 0) return;
  clearInterval(restTimer);
  $("#rest-time").textContent = "Rest over";
  if (navigator.vibrate) navigator.vibrate([200, 100, 200]);
  if (document.hidden && "Notification" in window && Notification.permission === "granted") {
    try { new Notification("Rest over", { body: "Time for the next set.", tag: "liftlog-rest" }); } catch (_) { /* not from a page here */ }
  }
  try {
    const audio = new AudioContext();
    const tone = audio.createOscillator();
    tone.connect(audio.destination); tone.start(); tone.stop(audio.currentTime + 0.3);
  } catch (_) { /* no sound allowed */ }
  restTimer = setTimeout(() => { $("#rest").hidden = true; }, 3000);
}

function adjustRest(seconds) {
  if ($("#rest").hidden) return;
  const wasOver = restEnd <= Date.now();
  restEnd = Math.max(Date.now(), (wasOver ? Date.now() : restEnd) + seconds * 1000);
  if (wasOver) { clearTimeout(restTimer); restTimer = setInterval(tickRest, 250); }
  tickRest();
}

function stopRest() {
  clearInterval(restTimer);
  clearTimeout(restTimer);
  $("#rest").hidden = true;
}

// ---- history, a session, an exercise, the calendar, plans ----------------------------------

async function renderHistory(argument) {
  document.title = "History · liftlog";
  $("#title").textContent = "History";
  const page = parseInt(argument, 10) || 1;
  const data = await get(`/workouts?page=${page}&per_page=20`);
  return h("div", {},
    h("ul", { class: "list" }, data.sessions.map((s) => h("li", {},
      h("a", { href: `#/session/${s.id}` },
        h("strong", {}, new Date(s.started_at).toLocaleDateString([], { weekday: "short", day: "numeric", month: "short", year: "numeric" })),
        " ", s.plan_day || s.kind,
        s.status === "skipped" ? h("span", { class: "muted" }, " · skipped") : null,
        h("span", { class: "muted" }, ` · ${s.set_count} sets${s.total_volume ? ` · ${number(s.total_volume)} ${s.volume_unit}` : ""}${s.total_distance_m ? ` · ${distanceText(s.total_distance_m)}` : ""}`))))),
    h("div", { class: "row mt" },
      page > 1 ? h("a", { class: "button", href: `#/history/${page - 1}` }, "Newer") : null,
      h("span", { class: "muted grow center" }, `Page ${data.page} of ${Math.max(1, data.total_pages)}`),
      page < data.total_pages ? h("a", { class: "button", href: `#/history/${page + 1}` }, "Older") : null));
}

async function renderSession(id) {
  $("#title").textContent = "Session";
  const s = await get(`/workouts/${encodeURIComponent(id)}`);
  document.title = `${s.started_at.slice(0, 10)} · liftlog`;
  return h("div", {},
    h("p", {}, h("strong", {}, new Date(s.started_at).toLocaleString()), ` · ${s.kind}${s.plan_day ? ` · ${s.plan_day}` : ""}${s.status === "skipped" ? " · skipped" : ""}`),
    h("p", { class: "muted" }, `${s.set_count} sets · ${number(s.total_volume)} ${s.volume_unit}${s.duration_seconds ? ` · ${Math.round(s.duration_seconds / 60)} min` : ""}${s.session_rpe ? ` · RPE ${s.session_rpe}` : ""}`),
    s.notes ? h("p", {}, s.notes) : null,
    (s.entries || []).map((entry) => h("section", { class: "card" },
      h("h2", {}, h("a", { href: `#/exercise/${encodeURIComponent(entry.exercise_name)}` }, entry.exercise_name)),
      entry.sets.map((set, i) => h("div", { class: `set ${set.status}` }, h("span", { class: "muted" }, String(i + 1)), h("span", { class: "what" }, describeSet(set)))))),
    h("button", { class: "danger", type: "button", id: "delete-session", onclick: async () => {
      if (!confirm("Delete this session? Its file is removed.")) return;
      const reply = await api("DELETE", `/workouts/${s.id}`);
      if (reply.status >= 300) { alert(reply.json?.error?.message || `HTTP ${reply.status}`); return; }
      location.hash = "#/history";
    } }, "Delete session"));
}

// The chart the server draws at `path` (an SVG image, asked with the token), or a line saying
// there is none yet.
function chartImage(path, alt) {
  const chart = h("div", { class: "chart" }, h("p", { class: "muted" }, "Loading the chart…"));
  fetch(`/api${path}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} })
    .then((r) => (r.ok ? r.text() : Promise.reject(new Error(String(r.status)))))
    .then((svg) => chart.replaceChildren(h("img", { alt, src: URL.createObjectURL(new Blob([svg], { type: "image/svg+xml" })) })))
    .catch(() => chart.replaceChildren(h("p", { class: "muted" }, "No chart yet.")));
  return chart;
}

async function renderExercise(name) {
  document.title = `${name} · liftlog`;
  $("#title").textContent = name;
  const records = await get(`/exercises/${encodeURIComponent(name)}/records`);
  const chart = chartImage(`/exercises/${encodeURIComponent(name)}/chart.svg`, `Progress of ${name}`);
  const pr = records.personal_record;
  const best = records.best_e1rm;
  // The latest sessions with it, asked after the records (it reads each of their files).
  const recent = h("section", { class: "card", id: "exercise-history" }, h("h2", {}, "Latest sessions"), h("p", { class: "muted" }, "…"));
  get(`/exercises/${encodeURIComponent(name)}/history`).then((history) => {
    const entries = (history.entries || []).slice(0, 8); // newest first
    recent.replaceChildren(h("h2", {}, "Latest sessions"), entries.length ? h("ul", { class: "list" }, entries.map((entry) => h("li", {},
      h("a", { href: `#/session/${entry.workout_id}` }, h("strong", {}, entry.date), " ",
        h("span", { class: "muted" }, entry.sets.filter((s) => s.status === "completed" && s.set_type !== "warmup").map(describeSet).join(", ")))))) : h("p", { class: "muted" }, "Not done yet."));
  }, () => recent.replaceChildren(h("h2", {}, "Latest sessions"), h("p", { class: "muted" }, "Not available offline.")));
  return h("div", {},
    chart,
    h("section", { class: "card" }, h("h2", {}, "Records"),
      pr ? h("p", {}, `Heaviest: ${number(pr.weight)} ${pr.unit} × ${pr.reps} (${pr.date})`) : h("p", { class: "muted" }, "No records yet."),
      best ? h("p", {}, `Best estimated 1RM: ${number(best.value)} ${best.unit} (${best.date})`) : null,
      (records.rep_records || []).length ? h("ul", { class: "list" }, records.rep_records.map((r) => h("li", {}, `${r.reps} reps: ${number(r.weight)} ${r.unit} (${r.date})`))) : null),
    recent);
}

// The exercise library outside a workout: search it, open an exercise's records and chart.
async function renderLibrary() {
  document.title = "Exercises · liftlog";
  $("#title").textContent = "Exercises";
  const results = h("ul", { class: "list", id: "library-results" });
  const show = async (text) => {
    const data = await get(`/exercises${text ? `?q=${encodeURIComponent(text)}` : ""}`);
    results.replaceChildren(...data.exercises.slice(0, 50).map((e) => h("li", {},
      h("a", { href: `#/exercise/${encodeURIComponent(e.name)}` }, e.name, h("span", { class: "muted" }, ` · ${e.modality}${e.muscle_groups?.length ? ` · ${e.muscle_groups.join(", ")}` : ""}`)))));
  };
  const input = h("input", { id: "library-search", type: "search", placeholder: "Search the library", autocomplete: "off", "aria-label": "Search the exercise library" });
  let timer = null;
  input.addEventListener("input", () => { clearTimeout(timer); timer = setTimeout(() => show(input.value.trim()).catch(() => {}), 150); });
  await show("");
  return h("div", {}, input, results);
}

// Weigh-ins: the newest first, and a new one (sent at once: it needs the server).
// A stretch or a meditation recorded from the page: its minutes (typed, or timed with the
// clock), the regions stretched or the kind of meditation (chips of those used before) and a
// note; queued like every change, so it lands once, offline too.
let recordClock = JSON.parse(localStorage.getItem("liftlog.record-clock") || "null");
let recordStopped = null;
let recordTicker = null;
async function renderRecord(kind) {
  const stretch = kind !== "meditation";
  const path = stretch ? "stretch-sessions" : "meditation-sessions";
  const label = stretch ? "Stretching" : "Meditation";
  document.title = `${label} · liftlog`;
  $("#title").textContent = label;
  // The recent sessions and the last one whole (its regions or kind), kept to show offline.
  let seen;
  try {
    seen = { recent: (await get(`/${path}?per_page=10`)).sessions || [], latest: await get(`/${path}/latest`) };
    localStorage.setItem(`liftlog.${path}`, JSON.stringify(seen));
  } catch (error) {
    if (!(error instanceof Offline)) throw error;
    seen = JSON.parse(localStorage.getItem(`liftlog.${path}`) || '{"recent": [], "latest": null}');
  }
  const recent = seen.recent;
  const queuedHere = (await queue.all().catch(() => [])).filter((c) => c.path === `/${path}` && !recent.some((s) => s.id === c.body.id));
  for (const c of queuedHere) recent.unshift({ id: c.body.id, started_at: c.body.started_at, duration_seconds: Math.round(c.body.minutes * 60), waiting: true });
  const latest = seen.latest;
  const lastMinutes = latest?.total_duration_seconds ? Math.max(1, Math.round(latest.total_duration_seconds / 60)) : (stretch ? 15 : 10);
  const minutes = stepper("record-minutes", "Minutes", lastMinutes, 1);
  const minutesInput = byID(minutes, "record-minutes");
  // The clock: started, it counts (across a reload: its start is kept); stopped, its minutes
  // are the session's and its start the start.
  const clock = h("span", { class: "timer", id: "record-clock", "aria-live": "off" }, "0:00");
  const clockButton = h("button", { type: "button", id: "record-timer" }, "Start timer");
  const showClock = () => {
    clearInterval(recordTicker);
    const running = recordClock?.kind === kind;
    clockButton.textContent = running ? "Stop timer" : "Start timer";
    if (!running) return;
    const tick = () => {
      const seconds = Math.max(0, Math.floor((Date.now() - recordClock.start) / 1000));
      clock.textContent = `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
    };
    tick();
    recordTicker = setInterval(tick, 1000);
  };
  const setClock = (value) => {
    recordClock = value;
    localStorage.setItem("liftlog.record-clock", JSON.stringify(value));
    showClock();
  };
  clockButton.addEventListener("click", () => {
    if (recordClock?.kind !== kind) { setClock({ kind, start: Date.now() }); return; }
    minutesInput.value = String(Math.max(1, Math.round((Date.now() - recordClock.start) / 60000)));
    minutesInput.dataset.touched = "1";
    recordStopped = { kind, start: recordClock.start };
    setClock(null);
  });
  showClock();
  // What was stretched (or the kind of meditation) the last time: a tap adds it.
  const known = stretch ? latest?.regions_completed || [] : [latest?.meditation_type].filter(Boolean);
  const words = h("input", { id: "record-words", type: "text", autocomplete: "off",
    placeholder: stretch ? "hips, hamstrings" : "breath", "aria-label": stretch ? "Regions, separated by commas" : "Kind of meditation" });
  const typed = () => words.value.split(",").map((w) => w.trim()).filter(Boolean);
  const chips = h("div", { class: "chips", id: "record-chips" });
  const showChips = () => chips.replaceChildren(...known.map((word) => h("button", { type: "button", class: "chip", "aria-pressed": String(typed().includes(word)), onclick: () => {
    const list = typed();
    words.value = !stretch ? word : list.includes(word) ? list.filter((w) => w !== word).join(", ") : [...list, word].join(", ");
    words.dataset.touched = "1";
    showChips();
  } }, word)));
  words.addEventListener("input", showChips);
  showChips();
  const notes = h("input", { id: "record-notes", type: "text", autocomplete: "off" });
  const status = h("p", { class: "muted", role: "status", id: "record-status" });
  const form = h("form", { class: "card", novalidate: true, "aria-label": `Record ${label.toLowerCase()}` },
    h("label", { for: "record-minutes" }, "Minutes"),
    h("div", { class: "row" }, minutes, h("span", { class: "unit" }, "min"), h("span", { class: "grow" }), clockButton, clock),
    h("label", { for: "record-words" }, stretch ? "Regions (comma separated)" : "Kind"), words, chips,
    h("label", { for: "record-notes" }, "Notes"), notes,
    h("div", { class: "row mt" }, h("button", { class: "primary", type: "submit", id: "record-save" }, `Save ${label.toLowerCase()}`)), status);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const count = parseFloat(minutesInput.value);
    if (!(count > 0)) { status.textContent = "Give the minutes first."; return; }
    // Timed, it started when the clock did; typed, it ends now.
    const timed = recordClock?.kind === kind ? recordClock : recordStopped?.kind === kind ? recordStopped : null;
    const started = new Date(timed ? timed.start : Date.now() - count * 60000);
    const body = { id: uuid(), minutes: count, started_at: localTimestamp(started) };
    const text = words.value.trim();
    if (stretch && text) body.regions = text.split(",").map((w) => w.trim()).filter(Boolean);
    if (!stretch && text) body.meditation_type = text;
    if (notes.value.trim()) body.notes = notes.value.trim();
    recordStopped = null;
    if (recordClock?.kind === kind) setClock(null);
    // Sent at once, its refusal shown here; queued when there is no server to reach (its ID
    // makes it land once either way).
    let reply;
    try {
      reply = await api("POST", `/${path}`, body);
    } catch (_) {
      await change("record", `${label} ${number(count)} min`, "POST", `/${path}`, body);
      return;
    }
    if (reply.status >= 300) { status.textContent = reply.json?.error?.message || `HTTP ${reply.status}`; return; }
    render();
  });
  return h("div", {}, form,
    recent.length ? h("section", { class: "card" }, h("h2", {}, "Recent"),
      h("ul", { class: "list", id: "record-recent" }, recent.slice(0, 10).map((s) => h("li", { class: "row entry" },
        h("span", { class: "grow" }, new Date(s.started_at).toLocaleDateString([], { weekday: "short", day: "numeric", month: "short" })),
        s.waiting ? h("span", { class: "muted" }, "waiting to sync") : null,
        h("strong", {}, `${Math.round((s.duration_seconds || 0) / 60)} min`)))))
      : h("p", { class: "muted" }, `No ${label.toLowerCase()} recorded yet.`));
}

async function renderBody() {
  document.title = "Body weight · liftlog";
  $("#title").textContent = "Body weight";
  // Offline, the weigh-ins last seen (the newest 60 entries), and those queued since.
  let data;
  try {
    data = await get("/body");
    localStorage.setItem("liftlog.body", JSON.stringify({ entries: data.entries.slice(-60) }));
  } catch (error) {
    if (!(error instanceof Offline)) throw error;
    data = JSON.parse(localStorage.getItem("liftlog.body") || '{"entries": []}');
  }
  const known = new Set(data.entries.map((e) => e.id));
  const queued = (await queue.all().catch(() => [])).filter((c) => c.kind === "weigh" && !known.has(c.body.id))
    .map((c) => ({ id: c.body.id, measured_at: c.body.measured_at, measurements: { body_weight: { value: c.body.weight, unit: c.body.unit } }, waiting: true }));
  const weighIns = [...data.entries.filter((e) => e.measurements?.body_weight), ...queued].reverse();
  const weight = h("input", { id: "body-weight", class: "narrow", type: "number", inputmode: "decimal", step: "any", min: "0", "aria-label": `Body weight (${storeUnit})`,
    value: weighIns[0] ? number(weighIns[0].measurements.body_weight.value) : "" });
  const note = h("p", { class: "muted", role: "status", id: "body-note" });
  const form = h("form", { class: "card", novalidate: true, "aria-label": "A weigh-in" },
    h("h2", {}, "Weigh in"),
    h("div", { class: "row" }, weight, h("span", { class: "unit" }, storeUnit), h("button", { class: "primary", type: "submit" }, "Save")), note);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (weight.value.trim() === "") { note.textContent = "Type the weight first."; return; }
    // Its own ID and time: sent again after a lost answer, or queued offline, it lands once.
    const body = { id: uuid(), weight: parseFloat(weight.value), unit: storeUnit, measured_at: localTimestamp() };
    let reply;
    try {
      reply = await api("POST", "/body", body);
    } catch (_) {
      await change("weigh", `Weigh-in ${number(body.weight)} ${storeUnit}`, "POST", "/body", body);
      return;
    }
    if (reply.status >= 300) { note.textContent = reply.json?.error?.message || `HTTP ${reply.status}`; return; }
    render();
  });
  return h("div", {}, form,
    weighIns.length > 1 ? bodyChart(weighIns.slice(0, 30)) : null,
    weighIns.length ? h("ul", { class: "list", id: "weigh-ins" }, weighIns.slice(0, 30).map((e) => h("li", { class: "row entry" },
      h("span", { class: "grow" }, new Date(e.measured_at).toLocaleDateString([], { weekday: "short", day: "numeric", month: "short", year: "numeric" })),
      e.waiting ? h("span", { class: "muted" }, "waiting to sync") : null,
      h("strong", {}, `${number(e.measurements.body_weight.value)} ${e.measurements.body_weight.unit}`))))
      : h("p", { class: "muted" }, "No weigh-ins yet."));
}

// The chart of the weigh-ins listed (newest first): the weeks from the oldest of them to today.
function bodyChart(listed) {
  const oldest = new Date(listed[listed.length - 1].measured_at);
  const weeks = Math.min(520, Math.max(1, Math.ceil((Date.now() - oldest.getTime()) / (7 * 86400000))));
  const since = oldest.toLocaleDateString([], { day: "numeric", month: "short", year: "numeric" });
  return h("section", { class: "card", id: "body-chart" }, h("h2", {}, `Since ${since}`), chartImage(`/body/chart.svg?weeks=${weeks}`, `Body weight since ${since}`));
}

async function renderCalendar(argument) {
  document.title = "Calendar · liftlog";
  $("#title").textContent = "Calendar";
  const now = new Date();
  const [year, month] = argument ? argument.split("-").map(Number) : [now.getFullYear(), now.getMonth() + 1];
  const data = await get(`/calendar/${year}/${month}?tz=${encodeURIComponent(localOffset())}`);
  const first = new Date(year, month - 1, 1);
  const days = new Date(year, month, 0).getDate();
  const cells = [];
  for (let i = 0; i < (first.getDay() + 6) % 7; i++) cells.push(h("div", { "aria-hidden": "true" }));
  for (let day = 1; day <= days; day++) {
    const key = `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
    const kinds = data.days[key] || [];
    cells.push(h("div", { "aria-label": `${key}: ${kinds.join(", ") || "rest"}` }, String(day), h("span", { class: "kinds" }, kinds.join(" "))));
  }
  const previous = month === 1 ? `${year - 1}-12` : `${year}-${month - 1}`;
  const next = month === 12 ? `${year + 1}-1` : `${year}-${month + 1}`;
  return h("div", {},
    h("div", { class: "row" },
      h("a", { class: "button", href: `#/calendar/${previous}`, "aria-label": "Previous month" }, "‹"),
      h("h2", { class: "grow center" }, first.toLocaleDateString([], { month: "long", year: "numeric" })),
      h("a", { class: "button", href: `#/calendar/${next}`, "aria-label": "Next month" }, "›")),
    h("div", { class: "calendar muted", "aria-hidden": "true" }, ["Mo", "Tu", "We", "Th", "Fr", "Sa", "Su"].map((d) => h("span", {}, d))),
    h("div", { class: "calendar" }, cells));
}

async function renderPlans() {
  document.title = "Plans · liftlog";
  $("#title").textContent = "Plans";
  const data = await get("/plans");
  if (!data.plans.length) return h("p", { class: "muted" }, "No plans yet: liftlog plan create NAME --days A,B");
  return h("div", {}, data.plans.map((plan) => h("section", { class: "card" },
    h("div", { class: "row" },
      h("h2", { class: "grow" }, plan.name, plan.is_active ? h("span", { class: "muted" }, " · active") : null),
      plan.is_active ? null : h("button", { type: "button", onclick: async () => {
        const reply = await api("PUT", `/plans/${encodeURIComponent(plan.name)}`, { active: true });
        if (reply.status >= 300) alert(reply.json?.error?.message || `HTTP ${reply.status}`);
        render();
      } }, "Make active")),
    plan.days.map((day) => h("div", {}, h("strong", {}, day.name), h("span", { class: "muted" }, ` ${day.exercises.map((e) => `${e.exercise_name} ${e.sets}×${e.reps}`).join(", ")}`))))));
}

async function renderSync() {
  $("#title").textContent = "Sync";
  const pending = await queue.all();
  const problems = refused.list();
  const held = pending.filter((c) => blocked.holding(c));
  const release = async (drop) => {
    if (drop) for (const c of held) await queue.remove(c.seq);
    blocked.clear();
    waiting = (await queue.all()).length;
    queuedAtMost.set(waiting, queuedAtMost.raised);
    showSync();
    await flush();
    render();
  };
  return h("div", {},
    h("h2", {}, "Waiting to sync"),
    pending.length ? h("ul", { class: "list" }, pending.map((c) => {
      const waitsOn = blocked.holding(c);
      return h("li", { class: waitsOn ? "held" : null }, c.label, waitsOn ? h("div", { class: "muted" }, `Held: it depends on "${waitsOn.label}", which was not saved.`) : null);
    })) : h("p", { class: "muted" }, "Nothing waiting."),
    held.length ? h("div", { class: "row mt" },
      h("button", { type: "button", id: "send-held", onclick: () => release(false) }, "Send the held ones anyway"),
      h("button", { class: "danger", type: "button", id: "drop-held", onclick: () => { if (confirm(`Drop ${held.length} held change${held.length === 1 ? "" : "s"}? They are not saved.`)) release(true); } }, "Drop them")) : null,
    h("h2", {}, "Not saved"),
    problems.length ? h("div", {}, problems.map((p) => h("div", { class: "card problem", role: "alert" }, h("strong", {}, p.label), h("div", {}, p.message))),
      h("button", { type: "button", id: "dismiss", onclick: () => { refused.clear(); showSync(); render(); } }, "Dismiss")) : h("p", { class: "muted" }, "Every change was saved."));
}

// ---- start ---------------------------------------------------------------------------------

window.addEventListener("hashchange", render);
window.addEventListener("online", flush);
document.addEventListener("visibilitychange", () => {
  if (document.hidden) return;
  flush();
  if (active && route().name === "workout") keepAwake(); // a lock is let go when the page is hidden
});
$("#rest-minus").addEventListener("click", () => adjustRest(-15));
$("#rest-plus").addEventListener("click", () => adjustRest(15));
$("#rest-stop").addEventListener("click", stopRest);
$("#warning-close").addEventListener("click", () => { $("#warning").hidden = true; });
$("#sync").addEventListener("click", () => { location.hash = "#/sync"; });
setInterval(flush, 5000);
queueCounted.then(() => { showSync(); flush(); });
// The service worker is registered once the first screen is drawn: starting it (sw.js fetched,
// a worker started, the app's files cached) while the page loads held the page's own first
// request back, by a third in a phone-sized browser just started.
render().then(() => {
  window.liftlogRendered = performance.now();
  if ("serviceWorker" in navigator && window.isSecureContext) navigator.serviceWorker.register("/sw.js").catch(() => {});
});
