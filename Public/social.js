// GrainStories viewer, social part: the heart and the comment sheet. Without this script
// the heart is a form and "Add a comment…" opens the story's comments page; with it the
// heart changes at once (and goes back, with a message, if the server says no) and the
// comments open in a sheet over the story, whose timer waits while the sheet is open.
// In the sheet, a reply or a heart on a comment is sent in place and the sheet shows the
// answer; in any comment box (the sheet's or the comments page's) typing "@" and the
// start of a handle offers people to mention (the server's /mentions: Grain's actor
// search), and the server
// turns a typed @handle into a mention either way.
// Like viewer.js it never builds HTML from strings: the comments come from our own
// server's comments page, parsed with DOMParser; everything else is textContent.
// Needs shared.js (the fetch header) before it.
(function () {
  "use strict";
  var G = window.GrainStories = window.GrainStories || {};

  function formBody(form) {
    return new URLSearchParams(new FormData(form));
  }

  // The message of one of our error pages, or a plain sentence.
  function messageOf(response, fallback) {
    return response.text().then(function (text) {
      var page = new DOMParser().parseFromString(text, "text/html");
      var message = page.querySelector(".error-page p");
      return message && message.textContent.trim() ? message.textContent.trim() : fallback;
    }, function () { return fallback; });
  }

  // MARK: the heart

  function setHeart(form, favorited) {
    var button = form.querySelector(".viewer-heart"), value = form.querySelector('input[name="favorite"]');
    button.setAttribute("aria-pressed", favorited ? "true" : "false");
    button.setAttribute("aria-label", favorited ? "Remove your like" : "Like this story");
    value.value = favorited ? "0" : "1";
  }

  function toggleHeart(form) {
    if (form.dataset.busy) { return; }
    var status = form.querySelector(".favorite-status");
    var wasFavorited = form.querySelector(".viewer-heart").getAttribute("aria-pressed") === "true";
    var body = formBody(form);
    form.dataset.busy = "1";
    setHeart(form, !wasFavorited);
    if (status) { status.textContent = ""; }
    G.fetch(form.action, { method: "POST", body: body }).then(function (response) {
      if (!response.ok) {
        return messageOf(response, "Your like could not be saved.").then(function (message) { throw new Error(message); });
      }
      return response.json().then(function (answer) {
        setHeart(form, !!answer.favorited);
        if (status) { status.textContent = answer.error || answer.state || ""; }
      });
    }).catch(function (error) {
      setHeart(form, wasFavorited);
      if (status) { status.textContent = error && error.message ? error.message : "Your like could not be saved."; }
    }).then(function () { delete form.dataset.busy; });
  }

  // MARK: the comment sheet

  function hold(dialog, held) {
    dialog.dispatchEvent(new CustomEvent("grainstories:hold", { detail: { reason: "comments", held: held } }));
  }

  function sheetOf(node) { return node.closest ? node.closest(".comment-sheet") : null; }

  function closeSheet(sheet) {
    var dialog = sheet.closest("dialog.viewer");
    var opener = sheet.opener;
    sheet.remove();
    if (dialog) { hold(dialog, false); }
    if (opener && opener.isConnected) { opener.focus(); }
  }

  // Puts the comments section of `html` (a comments page) into the sheet.
  function fill(sheet, html) {
    var page = new DOMParser().parseFromString(html, "text/html");
    var section = page.querySelector("section.comments");
    if (!section) { throw new Error("not a comments page"); }
    var old = sheet.querySelector("section.comments");
    var fresh = document.adoptNode(section);
    if (old) { old.replaceWith(fresh); } else { sheet.appendChild(fresh); }
    var list = fresh.querySelector(".comment-list");
    if (list) { list.scrollTop = list.scrollHeight; }
    return fresh;
  }

  function load(sheet, url, init) {
    sheet.setAttribute("aria-busy", "true");
    return fetch(url, Object.assign({ credentials: "same-origin" }, init || {})).then(function (response) {
      // A refused comment comes back as the page with its text and reason (422).
      if (!response.ok && response.status !== 422) {
        return messageOf(response, "The comments could not be loaded.").then(function (message) { throw new Error(message); });
      }
      return response.text().then(function (text) { return fill(sheet, text); });
    }).then(function (section) {
      sheet.removeAttribute("aria-busy");
      return section;
    }, function (error) {
      sheet.removeAttribute("aria-busy");
      throw error;
    });
  }

  function openSheet(link) {
    var stage = link.closest(".viewer-stage"), dialog = link.closest("dialog.viewer");
    if (!stage || !dialog || stage.querySelector(".comment-sheet")) { return; }
    var sheet = document.createElement("div");
    sheet.className = "comment-sheet";
    sheet.setAttribute("role", "dialog");
    sheet.setAttribute("aria-modal", "true");
    sheet.setAttribute("aria-label", "Comments");
    sheet.tabIndex = -1;
    sheet.opener = link;
    var close = document.createElement("button");
    close.type = "button";
    close.className = "comment-sheet-close";
    close.textContent = "Close";
    close.setAttribute("aria-label", "Close comments");
    sheet.appendChild(close);
    var note = document.createElement("p");
    note.className = "comment-sheet-status";
    note.setAttribute("role", "status");
    sheet.appendChild(note);
    stage.appendChild(sheet);
    hold(dialog, true);
    sheet.focus({ preventScroll: true });
    load(sheet, link.href).then(function (section) {
      var field = section.querySelector("#comment-text");
      if (field) { field.focus({ preventScroll: true }); }
    }).catch(function (error) { note.textContent = error.message || "The comments could not be loaded."; });
  }

  // A comment shown at once, before the server has answered.
  function provisional(sheet, text) {
    var list = sheet.querySelector(".comment-list");
    if (!list) { return null; }
    var item = document.createElement("li");
    item.className = "comment comment-provisional";
    var body = document.createElement("div");
    body.className = "comment-body";
    var meta = document.createElement("p");
    meta.className = "comment-meta";
    var state = document.createElement("span");
    state.className = "comment-state";
    state.textContent = "Sending…";
    meta.appendChild(state);
    var paragraph = document.createElement("p");
    paragraph.className = "comment-text";
    paragraph.textContent = text;
    body.appendChild(meta);
    body.appendChild(paragraph);
    item.appendChild(body);
    list.appendChild(item);
    var empty = sheet.querySelector(".comments-empty");
    if (empty) { empty.hidden = true; }
    return item;
  }

  // The server's words for a number of comments (StorySocialPresenter.countText).
  function countText(count) { return count === 1 ? "1 comment" : count + " comments"; }

  // The sheet's heading counts a comment shown before the server has answered, so the
  // heading and the list agree while it is sent. Answers what puts the old words back.
  function countProvisional(sheet) {
    var count = sheet.querySelector(".comments-title .comment-count");
    var known = count ? parseInt(count.getAttribute("data-count"), 10) : NaN;
    if (isNaN(known)) { return function () {}; }
    var before = count.textContent;
    count.textContent = countText(known + 1);
    return function () { if (count.isConnected) { count.textContent = before; } };
  }

  // Once a comment is sent or deleted, the line under the story (the latest comment and
  // the count) is taken again from the story's own page, as the server now draws it, so
  // it is current when the sheet closes.
  function refreshBar(sheet) {
    var stage = sheet.closest(".viewer-stage"), bar = stage && stage.querySelector(".viewer-social");
    var pill = bar && bar.querySelector(".comment-pill");
    if (!pill) { return; }
    G.fetchPage(pill.href.replace(/\/comments$/, ""), { fresh: true }).then(function (page) {
      if (!bar.isConnected) { return; }
      var fresh = page.doc.querySelector("dialog.viewer .viewer-social .comment-preview");
      var old = bar.querySelector(".comment-preview");
      if (fresh) { fresh = document.adoptNode(fresh); }
      if (old && fresh) { old.replaceWith(fresh); } else if (fresh) { bar.insertBefore(fresh, pill); } else if (old) { old.remove(); }
    }).catch(function () {});
  }

  function submitInSheet(sheet, form) {
    var note = sheet.querySelector(".comment-sheet-status");
    var field = form.querySelector("textarea");
    var text = field ? field.value : "";
    var body = formBody(form);
    var isComposer = form.classList.contains("comment-form") && !form.classList.contains("comment-reply-form");
    var shown = isComposer ? provisional(sheet, text) : null;
    var uncount = shown ? countProvisional(sheet) : null;
    var heart = form.querySelector(".comment-heart");
    if (heart) { heart.setAttribute("aria-pressed", heart.getAttribute("aria-pressed") === "true" ? "false" : "true"); }
    if (field) { field.value = ""; }
    note.textContent = "";
    var list = sheet.querySelector(".comment-list"), scrolled = list ? list.scrollTop : 0;
    load(sheet, form.action, { method: "POST", body: body }).then(function (section) {
      // A heart leaves the list where it was; a comment or reply scrolls to the newest.
      var fresh = heart && section.querySelector(".comment-list");
      if (fresh) { fresh.scrollTop = scrolled; }
      if (!heart) { refreshBar(sheet); }
    }).catch(function (error) {
      // Nothing typed is lost: the text goes back into its form.
      if (shown) { shown.remove(); }
      if (uncount) { uncount(); }
      if (heart) { heart.setAttribute("aria-pressed", heart.getAttribute("aria-pressed") === "true" ? "false" : "true"); }
      if (field && field.isConnected && text) { field.value = text; }
      note.textContent = error.message || "Your comment could not be sent. It is still in the box.";
    });
  }

  document.addEventListener("click", function (event) {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) { return; }
    var target = event.target.closest ? event.target.closest("a, button") : null;
    if (!target) { return; }
    var sheet = sheetOf(target);
    if (sheet) {
      if (target.classList.contains("comment-sheet-close")) { event.preventDefault(); closeSheet(sheet); return; }
      if (target.matches(".comments-more, .comments-first")) {
        event.preventDefault();
        load(sheet, target.href).catch(function (error) { sheet.querySelector(".comment-sheet-status").textContent = error.message; });
      }
      return;
    }
    if (target.matches(".viewer-social a") && target.closest("dialog.viewer")) {
      event.preventDefault();
      openSheet(target);
    }
  });

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.closest("dialog.viewer")) { return; }
    if (form.classList.contains("viewer-favorite")) { event.preventDefault(); toggleHeart(form); return; }
    var sheet = sheetOf(form);
    if (sheet) { event.preventDefault(); submitInSheet(sheet, form); }
  });

  // MARK: @mention suggestions

  // mentionPausedUntil: when the server last said "not so often" (429) or "busy" (503),
  // the time its Retry-After ends; until then nothing is asked and what is shown stays.
  var mentionTimer = null, mentionAsked = 0, mentionPausedUntil = 0;

  // The "@start" being typed just before the caret of `field`, or null.
  function mentionAt(field) {
    var before = field.value.slice(0, field.selectionStart);
    var match = /(^|[^A-Za-z0-9._@-])@([A-Za-z0-9][A-Za-z0-9.-]{0,63})$/.exec(before);
    return match ? { start: before.length - match[2].length - 1, prefix: match[2] } : null;
  }

  function suggestionsOf(field) {
    var id = field.getAttribute("aria-controls");
    return id ? document.getElementById(id) : null;
  }

  function closeSuggestions(field) {
    var list = suggestionsOf(field);
    if (list) { list.remove(); }
    field.removeAttribute("aria-controls");
    field.setAttribute("aria-expanded", "false");
    field.removeAttribute("aria-activedescendant");
  }

  function choose(field, handle) {
    var at = mentionAt(field);
    closeSuggestions(field);
    if (!at) { return; }
    var end = field.selectionStart;
    field.value = field.value.slice(0, at.start) + "@" + handle + " " + field.value.slice(end);
    var caret = at.start + handle.length + 2;
    field.setSelectionRange(caret, caret);
    field.focus();
  }

  function showSuggestions(field, actors) {
    closeSuggestions(field);
    if (!actors.length) { return; }
    var list = document.createElement("ul");
    list.className = "mention-suggestions";
    list.id = "mentions-" + (++mentionAsked);
    list.setAttribute("role", "listbox");
    list.setAttribute("aria-label", "People to mention");
    actors.forEach(function (actor, index) {
      var item = document.createElement("li");
      item.id = list.id + "-" + index;
      item.setAttribute("role", "option");
      item.setAttribute("aria-selected", index === 0 ? "true" : "false");
      item.dataset.handle = actor.handle;
      item.textContent = actor.name && actor.name !== actor.handle ? actor.name + " @" + actor.handle : "@" + actor.handle;
      item.addEventListener("mousedown", function (event) { event.preventDefault(); choose(field, actor.handle); });
      list.appendChild(item);
    });
    field.insertAdjacentElement("afterend", list);
    field.setAttribute("aria-controls", list.id);
    field.setAttribute("aria-expanded", "true");
    field.setAttribute("aria-activedescendant", list.id + "-0");
  }

  function askMentions(field) {
    var at = mentionAt(field);
    if (!at) { closeSuggestions(field); return; }
    var wait = mentionPausedUntil - Date.now();
    if (wait > 0) {
      clearTimeout(mentionTimer);
      mentionTimer = setTimeout(function () { askMentions(field); }, wait);
      return;
    }
    var asked = ++mentionAsked;
    fetch("/mentions?q=" + encodeURIComponent(at.prefix), { credentials: "same-origin" }).then(function (response) {
      if (response.status === 429 || response.status === 503) {
        // Asked too often, or the server's searches are busy: quietly keep what is
        // shown and ask again (the newest "@start") once Retry-After has passed.
        var seconds = parseInt(response.headers.get("Retry-After"), 10);
        mentionPausedUntil = Date.now() + Math.min(seconds > 0 ? seconds : 1, 60) * 1000;
        if (asked === mentionAsked) { askMentions(field); }
        return null;
      }
      return response.ok ? response.json() : { actors: [] };
    }).then(function (answer) {
      // Only the newest question's answer, and only while that "@start" is still there.
      if (!answer || asked !== mentionAsked || !mentionAt(field)) { return; }
      showSuggestions(field, answer.actors || []);
    }, function () { closeSuggestions(field); });
  }

  document.addEventListener("input", function (event) {
    var field = event.target;
    if (!field.matches || !field.matches("textarea[data-mentions]")) { return; }
    field.setAttribute("aria-autocomplete", "list");
    clearTimeout(mentionTimer);
    mentionTimer = setTimeout(function () { askMentions(field); }, 150);
  });

  // Opening Reply puts the caret after the "@handle " it starts with.
  document.addEventListener("toggle", function (event) {
    var details = event.target;
    if (!details.matches || !details.matches("details.comment-reply") || !details.open) { return; }
    var field = details.querySelector("textarea");
    if (field) {
      field.focus({ preventScroll: true });
      field.setSelectionRange(field.value.length, field.value.length);
    }
  }, true);

  document.addEventListener("focusout", function (event) {
    var field = event.target;
    if (field.matches && field.matches("textarea[data-mentions]")) { closeSuggestions(field); }
  });

  // Arrows move through the suggestions, Enter or Tab takes one, Escape closes them
  // (before the sheet's own Escape, which would close the sheet).
  document.addEventListener("keydown", function (event) {
    var field = event.target;
    if (!field.matches || !field.matches("textarea[data-mentions]")) { return; }
    var list = suggestionsOf(field);
    if (!list) { return; }
    var items = Array.prototype.slice.call(list.querySelectorAll("li"));
    var current = items.findIndex(function (item) { return item.getAttribute("aria-selected") === "true"; });
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      var next = (current + (event.key === "ArrowDown" ? 1 : items.length - 1)) % items.length;
      items.forEach(function (item, index) { item.setAttribute("aria-selected", index === next ? "true" : "false"); });
      field.setAttribute("aria-activedescendant", items[next].id);
    } else if ((event.key === "Enter" || event.key === "Tab") && current >= 0) {
      event.preventDefault();
      choose(field, items[current].dataset.handle);
    } else if (event.key === "Escape") {
      event.preventDefault();
      event.stopImmediatePropagation();
      closeSuggestions(field);
    }
  }, true);

  document.addEventListener("keydown", function (event) {
    if (event.key !== "Escape") { return; }
    var sheet = sheetOf(event.target) || document.querySelector(".comment-sheet");
    if (sheet) { event.preventDefault(); event.stopPropagation(); closeSheet(sheet); }
  }, true);
})();
