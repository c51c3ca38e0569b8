// Gulfstream memory editor: a user's memories grouped by theme, edited through the /v1 API.
// Plain script, no build step. Every call sends the session cookie and the X-Gulfstream-Editor header.
"use strict";

const LABELS = {
  zh: {
    title: "湾流记忆编辑器", user: "用户", open: "打开", search: "搜索", searchHint: "用一句话查找相关记忆…",
    find: "查找", clear: "清除", newItem: "新建记忆", signOut: "退出", results: "搜索结果", edit: "编辑",
    text: "内容", theme: "主题", kind: "类型", reason: "原因（必填）", save: "保存", cancel: "取消",
    mergeTitle: "合并记忆", mergeWith: "合并进来的记忆", mergedText: "合并后的内容", merge: "合并",
    deleteTitle: "删除记忆", delete: "删除", history: "历史", close: "关闭", skip: "跳到记忆",
    hits: "命中 {n} 次", created: "创建于 {d}", updated: "更新于 {d}", items: "{n} 条",
    empty: "这个用户还没有记忆。", pickUser: "输入用户 ID 并打开。", loaded: "已载入 {n} 条记忆",
    newArrived: "新增 {n} 条记忆", saved: "已保存", merged: "已合并", deleted: "已删除", created_: "已创建",
    reasonNeeded: "请填写原因", noOther: "没有可合并的其他记忆", degraded: "（降级：{r}）",
    noResults: "没有找到相关记忆", keysHelp: "快捷键：/ 搜索 · n 新建 · 方向键在卡片间移动 · e 编辑 · m 合并 · x 到期 · h 历史 · r 显示/隐藏敏感内容 · u 恢复 · Delete 删除 · Esc 关闭",
    sensitive: "敏感", reveal: "显示", hide: "隐藏", revealed: "已显示敏感内容（{s} 秒后自动隐藏）", hidden: "已隐藏敏感内容",
    ops: {create: "创建", update: "修改", merge: "合并", delete: "删除", supersede: "被取代", archive: "归档", import: "导入", restore: "恢复"},
    kinds: {fact: "事实", preference: "偏好", event: "事件", todo: "待办", procedure: "流程", summary: "摘要"},
    actors: {user: "用户", pipeline: "管线", agent: "智能体", system: "系统"},
    showArchived: "显示已归档", archived: "已归档", restore: "恢复", restoreTitle: "恢复记忆", restored: "已恢复",
    expiry: "到期", expiryTitle: "设置到期时间", expiryAt: "到期时间（留空表示不过期）", expires: "{d} 到期",
    expirySaved: "已设置到期时间", expiryCleared: "已取消到期时间",
    lang: "English",
  },
  en: {
    title: "Gulfstream memory editor", user: "User", open: "Open", search: "Search", searchHint: "Find memories related to a message…",
    find: "Find", clear: "Clear", newItem: "New memory", signOut: "Sign out", results: "Search results", edit: "Edit",
    text: "Text", theme: "Theme", kind: "Kind", reason: "Reason (required)", save: "Save", cancel: "Cancel",
    mergeTitle: "Merge memories", mergeWith: "Memory to merge in", mergedText: "Merged text", merge: "Merge",
    deleteTitle: "Delete memory", delete: "Delete", history: "History", close: "Close", skip: "Skip to memories",
    hits: "{n} hits", created: "created {d}", updated: "updated {d}", items: "{n} items",
    empty: "This user has no memories yet.", pickUser: "Enter a user id and open it.", loaded: "Loaded {n} memories",
    newArrived: "{n} new memories", saved: "Saved", merged: "Merged", deleted: "Deleted", created_: "Created",
    reasonNeeded: "Please give a reason", noOther: "No other memory to merge", degraded: " (degraded: {r})",
    noResults: "No related memories found", keysHelp: "Keys: / search · n new · arrows move between cards · e edit · m merge · x expiry · h history · r reveal/hide sensitive · u restore · Delete delete · Esc close",
    sensitive: "sensitive", reveal: "Reveal", hide: "Hide", revealed: "Sensitive text shown (hidden again in {s} s)", hidden: "Sensitive text hidden",
    ops: {create: "created", update: "changed", merge: "merged", delete: "deleted", supersede: "superseded", archive: "archived", import: "imported", restore: "restored"},
    kinds: {fact: "fact", preference: "preference", event: "event", todo: "todo", procedure: "procedure", summary: "summary"},
    actors: {user: "user", pipeline: "pipeline", agent: "agent", system: "system"},
    showArchived: "Show archived", archived: "archived", restore: "Restore", restoreTitle: "Restore memory",
    restored: "Restored", expiry: "Expiry", expiryTitle: "Set expiry", expiryAt: "Expires at (empty: never)",
    expires: "expires {d}", expirySaved: "Expiry saved", expiryCleared: "Expiry cleared",
    lang: "中文",
  },
};

const $ = (sel, root = document) => root.querySelector(sel);
const askedLang = new URL(location.href).searchParams.get("lang");
const state = {lang: LABELS[askedLang] ? askedLang : localStorage.getItem("gs-lang") || (navigator.language.startsWith("zh") ? "zh" : "en"),
               user: "", items: [], known: new Set(), current: null, timer: null, signature: "", archived: false,
               revealed: new Map()};  // item id → its unmasked text, only while the person asked to see it
const REVEAL_S = 60;

function t(key, vars = {}) {
  const text = LABELS[state.lang][key] ?? LABELS.en[key] ?? key;
  return String(text).replace(/\{(\w+)\}/g, (_, name) => vars[name] ?? "");
}

const names = (group) => LABELS[state.lang][group];

// Theme labels in both languages, from the server's lexicon: {slug: {en, zh}}.
const THEMES = JSON.parse(document.body.dataset.themeLabels || "{}");
const SLUG_OF = new Map(Object.entries(THEMES).flatMap(([slug, labels]) =>
  [[slug.toLowerCase(), slug], ...Object.values(labels).map((label) => [label.toLowerCase(), slug])]));
// The slug a stored theme names ("品味" and "Taste" are "taste"); a custom theme is its own.
const themeSlug = (theme) => SLUG_OF.get(String(theme).trim().toLowerCase()) ?? theme;
// What people read for a theme, in the language shown.
const themeName = (theme) => THEMES[themeSlug(theme)]?.[state.lang] ?? theme;

function applyLabels() {
  document.documentElement.lang = state.lang === "zh" ? "zh-CN" : "en";
  document.querySelectorAll("[data-i18n]").forEach((el) => { el.textContent = t(el.dataset.i18n); });
  document.querySelectorAll("[data-i18n-placeholder]").forEach((el) => { el.placeholder = t(el.dataset.i18nPlaceholder); });
  $("#lang").textContent = t("lang");
  const kinds = $("#edit-kind");
  kinds.replaceChildren(...Object.keys(LABELS.en.kinds).map((k) => new Option(names("kinds")[k], k)));
}

function say(text, isError = false) {
  const status = $("#status");
  status.textContent = text;
  status.classList.toggle("error", isError);
}

async function api(method, path, body) {
  const init = {method, headers: {"X-Gulfstream-Editor": "1"}, credentials: "same-origin"};
  if (body !== undefined) { init.headers["Content-Type"] = "application/json"; init.body = JSON.stringify(body); }
  const reply = await fetch(path, init);
  if (reply.status === 401) { location.href = "/editor/login"; throw new Error("signed out"); }
  const data = await reply.json().catch(() => ({}));
  if (!reply.ok) throw new Error((data.error && data.error.message) || `HTTP ${reply.status}`);
  return data;
}

const userPath = () => `/v1/users/${encodeURIComponent(state.user)}`;
const day = (iso) => (iso ? new Date(iso).toLocaleString(state.lang === "zh" ? "zh-CN" : "en-GB",
  {year: "numeric", month: "short", day: "numeric", hour: "2-digit", minute: "2-digit"}) : "");

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (name === "class") node.className = value; else if (name === "text") node.textContent = value;
    else node.setAttribute(name, value);
  }
  node.append(...children);
  return node;
}

const button = (cls, label) => el("button", {type: "button", class: cls, text: t(label)});

function card(item, fresh) {
  // a sensitive item arrives masked ("my PIN is [code]"); its text is fetched only when the person reveals it
  const shown = state.revealed.get(item.id) ?? item.description;
  const open = state.revealed.has(item.id);
  const archived = item.status === "archived";
  const body = el("article", {class: "card" + (fresh ? " fresh" : "") + (item.masked ? " sensitive" : "")
                               + (archived ? " archived" : ""), tabindex: "0", "data-id": item.id,
                               "data-status": item.status, "aria-label": shown});
  const reveal = item.masked ? el("button", {type: "button", class: "reveal", "aria-pressed": String(open),
                                             text: open ? t("hide") : t("reveal")}) : "";
  body.append(
    el("p", {class: "desc", text: shown}),
    el("p", {class: "meta"},
       archived ? el("span", {class: "badge", text: t("archived")}) : "",
       item.masked ? el("span", {class: "badge", text: t("sensitive")}) : "",
       el("span", {class: "kind", text: names("kinds")[item.kind] || item.kind}),
       el("span", {class: "hits", text: t("hits", {n: item.hit})}),
       el("time", {datetime: item.created_at, text: t("created", {d: day(item.created_at)})}),
       el("time", {datetime: item.updated_at, text: t("updated", {d: day(item.updated_at)})}),
       item.valid_until ? el("time", {class: "expires", datetime: item.valid_until,
                                      text: t("expires", {d: day(item.valid_until)})}) : ""),
    el("div", {class: "actions"}, reveal, ...(archived
      ? [button("restore primary", "restore"), button("history", "history")]
      : [button("edit", "edit"), button("merge", "merge"), button("expiry", "expiry"), button("history", "history"),
         button("delete danger", "delete")])));
  return body;
}

function render(freshIds = new Set()) {
  const board = $("#board");
  const groups = new Map();
  for (const item of state.items) {
    const slug = themeSlug(item.theme);
    if (!groups.has(slug)) groups.set(slug, []);
    groups.get(slug).push(item);
  }
  const columns = [...groups.entries()].sort((a, b) => b[1].length - a[1].length || a[0].localeCompare(b[0]));
  board.replaceChildren(...columns.map(([slug, items]) => el("section", {class: "column", "data-theme": slug},
    el("h2", {}, el("span", {class: "label", text: themeName(slug), title: slug}),
       el("span", {class: "count", text: t("items", {n: items.length})})),
    ...items.map((item) => card(item, freshIds.has(item.id))))));
  if (!state.items.length) board.append(el("p", {class: "empty", text: state.user ? t("empty") : t("pickUser")}));
  const slugs = new Set([...Object.keys(THEMES), ...groups.keys()]);
  $("#themes").replaceChildren(...[...slugs].map((slug) => new Option(themeName(slug), slug)));
}

async function load(announce = false) {
  if (!state.user) { render(); return; }
  let data;
  try {
    data = await api("GET", `${userPath()}/items` + (state.archived ? "?status=active&status=archived" : ""));
  } catch (err) {
    if (/no memory or turns/.test(err.message)) data = {items: []}; else { say(err.message, true); return; }
  }
  const signature = JSON.stringify(data.items);
  if (signature === state.signature) return;
  state.signature = signature;
  const fresh = new Set(data.items.filter((i) => !state.known.has(i.id)).map((i) => i.id));
  const focused = document.activeElement && document.activeElement.closest(".card");
  const focusId = focused && focused.dataset.id;
  state.items = data.items;
  data.items.forEach((i) => state.known.add(i.id));
  render(announce ? fresh : new Set());
  if (focusId) { const again = $(`.card[data-id="${CSS.escape(focusId)}"]`); if (again) again.focus(); }
  if (announce && fresh.size) say(t("newArrived", {n: fresh.size}));
  else if (!announce) say(t("loaded", {n: data.items.length}));
}

function openUser(user) {
  state.user = user.trim();
  state.items = []; state.known = new Set(); state.signature = ""; state.revealed = new Map();
  $("#user-id").value = state.user;
  const url = new URL(location.href);
  url.searchParams.set("user", state.user);
  history.replaceState(null, "", url);
  clearSearch();
  load(false);
  clearInterval(state.timer);
  state.timer = setInterval(() => load(true), Number(document.body.dataset.pollMs) || 2500);
}

const itemById = (id) => state.items.find((i) => i.id === id);

async function revealedText(item) {
  if (!item.masked) return item.description;
  if (state.revealed.has(item.id)) return state.revealed.get(item.id);
  const data = await api("GET", `${userPath()}/items/${encodeURIComponent(item.id)}?reveal=true`);
  return data.description;
}

function refocus(id, selector) {
  const again = $(`.card[data-id="${CSS.escape(id)}"]`);
  const target = again && (selector ? again.querySelector(selector) : again);
  if (target) target.focus();
}

async function toggleReveal(item, fromKeyboard = false) {
  if (!item.masked) return;
  const selector = fromKeyboard ? null : "button.reveal";
  if (state.revealed.has(item.id)) {
    state.revealed.delete(item.id);
    render(); refocus(item.id, selector); say(t("hidden"));
    return;
  }
  try {
    state.revealed.set(item.id, await revealedText(item));
  } catch (err) { say(err.message, true); return; }
  render(); refocus(item.id, selector); say(t("revealed", {s: REVEAL_S}));
  setTimeout(() => { if (state.revealed.delete(item.id)) { render(); } }, REVEAL_S * 1000);
}

function showDialog(id, setup) {
  const dialog = $(id);
  dialog.querySelectorAll(".error").forEach((e) => { e.textContent = ""; });
  setup(dialog);
  dialog.showModal();
  const first = dialog.querySelector("textarea, input, select");
  if (first) first.focus();
}

function requireReason(input, dialog) {
  if (input.value.trim()) return true;
  dialog.querySelector(".error").textContent = t("reasonNeeded");
  input.focus();
  return false;
}

async function submit(dialog, work, done) {
  try {
    await work();
    dialog.close();
    state.signature = "";
    state.revealed.clear();  // what was shown may have changed: hidden again
    await load(false);
    say(done);
  } catch (err) {
    dialog.querySelector(".error").textContent = err.message;
  }
}

async function openEdit(item) {
  if (item && item.masked) {  // editing means seeing: the dialog gets the real text, never the mask
    try { item = {...item, description: await revealedText(item)}; } catch (err) { say(err.message, true); return; }
  }
  state.current = item;
  showDialog("#edit-dialog", () => {
    $("#edit-title").textContent = item ? t("edit") : t("newItem");
    $("#edit-text").value = item ? item.description : "";
    $("#edit-theme").value = item ? item.theme : "";
    $("#edit-reason").value = "";
    $("#edit-reason").required = Boolean(item);
    $("#kind-row").hidden = Boolean(item);
  });
}

function openMerge(item) {
  const others = state.items.filter((i) => i.id !== item.id && i.status === "active");
  if (!others.length) { say(t("noOther"), true); return; }
  state.current = item;
  showDialog("#merge-dialog", () => {
    $("#merge-dialog .keep").textContent = item.description;
    $("#merge-other").replaceChildren(...others.map((o) => new Option(`[${themeName(o.theme)}] ${o.description}`, o.id)));
    const fill = () => { const other = itemById($("#merge-other").value);
      $("#merge-text").value = other ? `${item.description}${state.lang === "zh" ? "；" : "; "}${other.description}` : item.description; };
    $("#merge-other").onchange = fill;
    fill();
    $("#merge-theme").value = item.theme;
    $("#merge-reason").value = "";
  });
}

function openDelete(item) {
  state.current = item;
  showDialog("#delete-dialog", () => {
    $("#delete-dialog .quote").textContent = item.description;
    $("#delete-reason").value = "";
  });
}

function openRestore(item) {
  state.current = item;
  showDialog("#restore-dialog", () => {
    $("#restore-dialog .quote").textContent = item.description;
    $("#restore-reason").value = "";
  });
}

// An ISO time as the value of a datetime-local input (local time, minutes), and back.
const localInput = (iso) => { if (!iso) return ""; const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60000).toISOString().slice(0, 16); };

function openExpiry(item) {
  state.current = item;
  showDialog("#expiry-dialog", () => {
    $("#expiry-dialog .quote").textContent = item.description;
    $("#expiry-at").value = localInput(item.valid_until);
    $("#expiry-reason").value = "";
  });
}

async function openHistory(item) {
  try {
    const revealed = state.revealed.has(item.id) ? "?reveal=true" : "";
    const data = await api("GET", `${userPath()}/items/${encodeURIComponent(item.id)}/history${revealed}`);
    const rows = data.history.map((h) => {
      const change = h.old_description && h.old_description !== h.new_description
        ? el("p", {class: "change"}, el("del", {text: h.old_description}), " → ", el("ins", {text: h.new_description}))
        : el("p", {class: "change", text: h.new_description});
      const theme = h.old_theme && h.old_theme !== h.new_theme ? el("p", {class: "change", text: `${themeName(h.old_theme)} → ${themeName(h.new_theme)}`}) : "";
      return el("li", {"data-op": h.op},
        el("p", {class: "when"}, el("strong", {text: names("ops")[h.op] || h.op}), " · ",
           el("time", {datetime: h.at, text: day(h.at)}), " · ", el("span", {text: names("actors")[h.actor] || h.actor})),
        h.reason ? el("p", {class: "reason", text: h.reason}) : "", change, theme);
    });
    $("#timeline").replaceChildren(...rows);
    $("#history-dialog").showModal();
    $("#history-dialog .cancel").focus();
  } catch (err) { say(err.message, true); }
}

async function search(query) {
  if (!state.user || !query.trim()) return;
  try {
    const data = await api("POST", `${userPath()}/recall`, {query, k: 10});
    const list = $("#result-list");
    list.replaceChildren(...data.results.map((r) => el("li", {"data-id": r.item.id},
      el("button", {type: "button", class: "link", text: `[${themeName(r.item.theme)}] ${r.item.description}`}))));
    if (!data.results.length) list.append(el("li", {text: t("noResults")}));
    $("#results").hidden = false;
    document.querySelectorAll(".card").forEach((c) => c.classList.remove("match"));
    data.results.forEach((r) => { const c = $(`.card[data-id="${CSS.escape(r.item.id)}"]`); if (c) c.classList.add("match"); });
    say(`${t("results")}: ${data.results.length}` + (data.degraded ? t("degraded", {r: data.reason}) : ""));
  } catch (err) { say(err.message, true); }
}

function clearSearch() {
  $("#results").hidden = true;
  $("#search").value = "";
  document.querySelectorAll(".card.match").forEach((c) => c.classList.remove("match"));
}

function moveFocus(from, key) {
  const cards = [...document.querySelectorAll(".card")];
  const i = cards.indexOf(from);
  if (key === "ArrowDown" || key === "ArrowUp") {
    const next = key === "ArrowDown" ? from.nextElementSibling : from.previousElementSibling;
    if (next && next.classList.contains("card")) next.focus();
  } else {
    const column = from.closest(".column");
    const target = key === "ArrowRight" ? column.nextElementSibling : column.previousElementSibling;
    const first = target && target.querySelector(".card");
    if (first) first.focus(); else if (cards[i]) cards[i].focus();
  }
}

function wire() {
  $("#user-form").addEventListener("submit", (e) => { e.preventDefault(); if ($("#user-id").value.trim()) openUser($("#user-id").value); });
  $("#search-form").addEventListener("submit", (e) => { e.preventDefault(); search($("#search").value); });
  $("#clear-search").addEventListener("click", clearSearch);
  $("#new-item").addEventListener("click", () => { if (state.user) openEdit(null); else $("#user-id").focus(); });
  $("#show-archived").addEventListener("change", (e) => { state.archived = e.target.checked;
    state.signature = ""; load(false); });
  $("#lang").addEventListener("click", () => { state.lang = state.lang === "zh" ? "en" : "zh";
    localStorage.setItem("gs-lang", state.lang); applyLabels(); render(); });
  $("#sign-out").addEventListener("click", async () => { await fetch("/editor/logout", {method: "POST"}); location.href = "/editor/login"; });
  document.querySelectorAll("dialog .cancel").forEach((b) => b.addEventListener("click", () => b.closest("dialog").close()));
  $("#result-list").addEventListener("click", (e) => { const li = e.target.closest("li[data-id]");
    const c = li && $(`.card[data-id="${CSS.escape(li.dataset.id)}"]`); if (c) c.focus(); });

  $("#board").addEventListener("click", (e) => {
    const button = e.target.closest("button");
    const item = button && itemById(button.closest(".card").dataset.id);
    if (!item) return;
    if (button.classList.contains("reveal")) toggleReveal(item);
    else if (button.classList.contains("edit")) openEdit(item);
    else if (button.classList.contains("merge")) openMerge(item);
    else if (button.classList.contains("delete")) openDelete(item);
    else if (button.classList.contains("history")) openHistory(item);
    else if (button.classList.contains("restore")) openRestore(item);
    else if (button.classList.contains("expiry")) openExpiry(item);
  });
  $("#board").addEventListener("keydown", (e) => {
    const c = e.target.closest(".card");
    if (!c || e.target !== c) return;
    const item = itemById(c.dataset.id);
    const actions = item && item.status === "archived"
      ? {u: openRestore, Enter: openRestore, h: openHistory, r: (i) => toggleReveal(i, true)}
      : {e: openEdit, Enter: openEdit, m: openMerge, h: openHistory, x: openExpiry, Delete: openDelete,
         r: (i) => toggleReveal(i, true)};
    if (e.key.startsWith("Arrow")) { e.preventDefault(); moveFocus(c, e.key); }
    else if (actions[e.key] && item) { e.preventDefault(); actions[e.key](item); }
  });
  document.addEventListener("keydown", (e) => {
    if (e.target.closest("input, textarea, select, dialog")) return;
    if (e.key === "/") { e.preventDefault(); $("#search").focus(); }
    else if (e.key === "n" && !e.target.closest(".card")) { e.preventDefault(); $("#new-item").click(); }
  });

  $("#edit-form").addEventListener("submit", (e) => {
    e.preventDefault();
    const dialog = $("#edit-dialog"), item = state.current, reason = $("#edit-reason");
    if (item && !requireReason(reason, dialog)) return;
    const description = $("#edit-text").value.trim(), theme = $("#edit-theme").value.trim();
    if (!item) {
      submit(dialog, () => api("POST", `${userPath()}/items`, {description, theme, kind: $("#edit-kind").value,
        reason: reason.value.trim()}), t("created_"));
      return;
    }
    const patch = {reason: reason.value.trim()};
    if (description !== item.description) patch.description = description;
    if (theme !== item.theme) patch.theme = theme;
    submit(dialog, () => api("PATCH", `${userPath()}/items/${encodeURIComponent(item.id)}`, patch), t("saved"));
  });
  $("#merge-form").addEventListener("submit", (e) => {
    e.preventDefault();
    const dialog = $("#merge-dialog"), reason = $("#merge-reason");
    if (!requireReason(reason, dialog)) return;
    submit(dialog, () => api("POST", `${userPath()}/items/${encodeURIComponent(state.current.id)}/merge`, {
      other_id: $("#merge-other").value, description: $("#merge-text").value.trim(),
      theme: $("#merge-theme").value.trim(), reason: reason.value.trim()}), t("merged"));
  });
  $("#delete-form").addEventListener("submit", (e) => {
    e.preventDefault();
    const dialog = $("#delete-dialog"), reason = $("#delete-reason");
    if (!requireReason(reason, dialog)) return;
    const query = new URLSearchParams({reason: reason.value.trim()});
    submit(dialog, () => api("DELETE", `${userPath()}/items/${encodeURIComponent(state.current.id)}?${query}`), t("deleted"));
  });
  $("#restore-form").addEventListener("submit", (e) => {
    e.preventDefault();
    const dialog = $("#restore-dialog"), reason = $("#restore-reason");
    if (!requireReason(reason, dialog)) return;
    submit(dialog, () => api("POST", `${userPath()}/items/${encodeURIComponent(state.current.id)}/restore`,
      {reason: reason.value.trim()}), t("restored"));
  });
  $("#expiry-form").addEventListener("submit", (e) => {
    e.preventDefault();
    const dialog = $("#expiry-dialog"), reason = $("#expiry-reason"), at = $("#expiry-at").value;
    if (!requireReason(reason, dialog)) return;
    const expires = at ? new Date(at).toISOString() : null;
    submit(dialog, () => api("PUT", `${userPath()}/items/${encodeURIComponent(state.current.id)}/expiry`,
      {expires_at: expires, reason: reason.value.trim()}), expires ? t("expirySaved") : t("expiryCleared"));
  });
}

wire();
applyLabels();
const initial = new URL(location.href).searchParams.get("user");
if (initial) openUser(initial); else { render(); $("#user-id").focus(); }
