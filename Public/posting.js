// GrainStories posting: on the new-story form a preview, an upload that starts as soon
// as a photo is chosen (with its percentage) and the draft shown in place; place search
// as you type on the draft page, and live publishing status. Without it
// the same forms work as plain HTML. Text from the network is only ever set with
// textContent; server pages are parsed with DOMParser and moved in. Needs shared.js (the
// fetch header) before it.
(function () {
  "use strict";
  var G = window.GrainStories = window.GrainStories || {};

  function replaceMainWith(html) {
    var fresh = new DOMParser().parseFromString(html, "text/html").querySelector("main");
    var current = document.querySelector("main");
    if (fresh && current) { current.replaceWith(document.adoptNode(fresh)); start(); }
  }

  // One screen with the script: choosing a photo uploads it at once (the percentage
  // shows how far it got), and the draft page the server answers with (the prepared
  // photo, place, warnings, Bluesky, Post) replaces the form in place. Without the
  // script the same form posts with Continue and the draft page is the next page.
  function enhanceUpload(form) {
    var input = form.querySelector('input[type="file"]');
    var preview = form.querySelector(".upload-preview");
    var note = form.querySelector(".upload-note");
    var meter = form.querySelector(".upload-meter");
    var progress = form.querySelector(".upload-progress");
    var percent = form.querySelector(".upload-percent");
    var status = form.querySelector(".upload-status");
    var chosen = form.querySelector(".file-target-chosen");
    var targetText = form.querySelector(".file-target-text");
    var button = form.querySelector('button[type="submit"]');
    var cancel = form.querySelector(".upload-cancel");
    // Leaving the page (Cancel) is not offered while an upload runs: the one way out then
    // is "Stop uploading", which keeps the photo chosen.
    var leave = form.querySelector(".upload-leave");
    var previewURL = null;
    var request = null;
    if (window.XMLHttpRequest && window.FormData) {
      form.classList.add("uploads-on-choose");
      button.hidden = true;
    }
    // The preview shows only once the browser has decoded the photo: a HEIC that this
    // browser cannot show gets a note instead of a broken image (the draft page shows the
    // server's prepared JPEG).
    function cannotPreview() {
      preview.hidden = true;
      if (note) { note.hidden = false; }
    }
    preview.addEventListener("load", function () {
      preview.hidden = false;
      if (note) { note.hidden = true; }
    });
    preview.addEventListener("error", function () { if (preview.getAttribute("src")) { cannotPreview(); } });
    function showProgress(value) {
      progress.value = value;
      progress.textContent = value + "%";
      if (percent) { percent.textContent = value + "%"; }
    }
    function stopped(message) {
      request = null;
      status.textContent = message;
      meter.hidden = true;
      if (leave) { leave.hidden = false; }
      input.disabled = false;
      if (!form.classList.contains("uploads-on-choose")) { button.disabled = false; }
    }
    function upload() {
      var file = input.files && input.files[0];
      var limit = parseInt(form.getAttribute("data-max-bytes") || "0", 10);
      if (file && limit && file.size > limit) {
        status.textContent = "This photo is too large to upload (" + Math.round(file.size / 1e6) + " MB). Please choose a smaller one.";
        return;
      }
      if (request) { request.abort(); }
      var body = new FormData(form);
      request = new XMLHttpRequest();
      var current = request;
      current.open("POST", form.action);
      current.setRequestHeader(G.fetchHeader[0], G.fetchHeader[1]);
      meter.hidden = false;
      if (leave) { leave.hidden = true; }
      showProgress(0);
      status.textContent = "Uploading…";
      button.disabled = true;
      input.disabled = true;
      current.upload.addEventListener("progress", function (e) {
        if (!e.lengthComputable) { return; }
        showProgress(Math.round((e.loaded / e.total) * 100));
        if (e.loaded === e.total) { status.textContent = "Preparing your photo…"; }
      });
      current.addEventListener("load", function () {
        if (current !== request) { return; }
        request = null;
        if (current.status >= 200 && current.status < 300 && /\/drafts\//.test(current.responseURL)) {
          // The answer is the draft page itself: show it here, at its own address.
          history.replaceState(null, "", current.responseURL);
          var title = new DOMParser().parseFromString(current.responseText, "text/html").title;
          if (title) { document.title = title; }
          replaceMainWith(current.responseText);
        } else if (/<main/.test(current.responseText)) {
          replaceMainWith(current.responseText);
        } else {
          stopped("The upload was refused (" + current.status + "). Please try another photo.");
        }
      });
      current.addEventListener("error", function () {
        if (current === request) { stopped("The upload did not get through. Check the connection and choose the photo again."); }
      });
      // Disabled inputs are left out of FormData, so the body is built before disabling.
      current.send(body);
    }
    // Stopping an upload keeps the chosen photo: Continue sends it again.
    if (cancel) {
      cancel.addEventListener("click", function () {
        if (!request) { return; }
        var current = request;
        stopped("Upload stopped. Your photo is still chosen: press Continue to upload it, or choose another.");
        current.abort();
        button.hidden = false;
        button.disabled = false;
      });
    }
    input.addEventListener("change", function () {
      if (previewURL) { URL.revokeObjectURL(previewURL); previewURL = null; }
      preview.hidden = true;
      preview.removeAttribute("src");
      if (note) { note.hidden = true; }
      var file = input.files && input.files[0];
      if (chosen) { chosen.hidden = !file; chosen.textContent = file ? file.name : ""; }
      if (targetText) { targetText.textContent = file ? "Choose another photo" : "Choose a photo"; }
      if (!file) { return; }
      if (file.type && !/^image\//.test(file.type)) { cannotPreview(); } else {
        previewURL = URL.createObjectURL(file);
        preview.src = previewURL;
      }
      if (form.classList.contains("uploads-on-choose")) { upload(); }
    });
    form.addEventListener("submit", function (event) {
      if (!window.XMLHttpRequest || !window.FormData) { return; }
      event.preventDefault();
      upload();
    });
  }

  function enhanceDraft(main) {
    var id = main.getAttribute("data-draft");
    var query = main.querySelector('input[name="query"]');
    var results = main.querySelector(".place-results");
    var name = main.querySelector('input[name="place_name"]');
    var noPlace = main.querySelector('input[name="no_place"]');
    if (query && results) {
      var timer = 0;
      var latest = 0;
      query.addEventListener("input", function () {
        clearTimeout(timer);
        var text = query.value.trim();
        if (text.length < 2) { return; }
        timer = setTimeout(function () {
          var ticket = ++latest;
          G.fetch("/drafts/" + encodeURIComponent(id) + "/places?q=" + encodeURIComponent(text))
            .then(function (response) { return response.ok ? response.json() : []; })
            .then(function (places) { if (ticket === latest) { showPlaces(places); } })
            .catch(function () {});
        }, 400);
      });
      query.addEventListener("keydown", function (event) { if (event.key === "Enter") { event.preventDefault(); } });
    }
    function showPlaces(places) {
      results.replaceChildren();
      places.forEach(function (place) {
        var item = document.createElement("li");
        var label = document.createElement("label");
        label.className = "check";
        var radio = document.createElement("input");
        radio.type = "radio";
        radio.name = "place_token";
        radio.value = place.token;
        radio.addEventListener("change", function () { if (name) { name.value = place.name; } if (noPlace) { noPlace.checked = false; } });
        label.appendChild(radio);
        label.appendChild(document.createTextNode(" " + place.display));
        item.appendChild(label);
        results.appendChild(item);
      });
      if (!places.length) {
        var none = document.createElement("li");
        none.className = "form-note";
        none.textContent = "No places found.";
        results.appendChild(none);
      }
    }
    results && results.addEventListener("change", function (event) {
      var chosen = event.target;
      if (chosen.name === "place_token" && chosen.getAttribute("data-name") && name) { name.value = chosen.getAttribute("data-name"); }
    });
    if (main.querySelector(".status-publishing")) {
      // This script keeps the status current, so the no-script Refresh link goes.
      main.querySelectorAll(".refresh-hint").forEach(function (hint) { hint.hidden = true; });
      setTimeout(function () {
        G.fetch(location.href)
          .then(function (response) { return response.text(); })
          .then(replaceMainWith)
          .catch(function () {});
      }, 1500);
    }
  }

  function start() {
    var upload = document.querySelector("form.upload-form");
    if (upload && !upload.dataset.enhanced) { upload.dataset.enhanced = "1"; enhanceUpload(upload); }
    var draft = document.querySelector("main.draft-page");
    if (draft && !draft.dataset.enhanced) { draft.dataset.enhanced = "1"; enhanceDraft(draft); }
  }

  if (document.readyState === "loading") { document.addEventListener("DOMContentLoaded", start); } else { start(); }
})();
