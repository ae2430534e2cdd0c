// GrainStories avatars: one that fails to load (gone from the CDN, not an image) becomes
// the person's letter, like an avatar that was never set, instead of a broken-image icon.
// Errors do not bubble, so this listens in the capture phase from the start; avatars that
// failed before this script ran are found by their state once the page is parsed.
(function () {
  "use strict";
  var G = window.GrainStories = window.GrainStories || {};

  function letterFor(image) {
    var letter = document.createElement("span");
    letter.className = image.className.replace(/\bavatar\b/, "avatar avatar-initial");
    letter.setAttribute("aria-hidden", "true");
    letter.textContent = image.getAttribute("data-initial") || "?";
    image.replaceWith(letter);
  }

  document.addEventListener("error", function (event) {
    var target = event.target;
    if (target && target.tagName === "IMG" && target.classList.contains("avatar") && target.hasAttribute("data-initial")) { letterFor(target); }
  }, true);

  G.replaceFailedAvatars = function () {
    document.querySelectorAll("img.avatar[data-initial]").forEach(function (image) {
      if (image.complete && image.naturalWidth === 0 && image.getAttribute("src")) { letterFor(image); }
    });
  };
})();
