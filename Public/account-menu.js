// GrainStories, the header's account menu: Escape closes it (and its "Sign out of all
// accounts" confirmation) and gives the focus back to the menu's button, as a menu
// should. Without this file the menu still opens and closes by its <details> toggle.
(function () {
  "use strict";
  document.addEventListener("keydown", function (event) {
    if (event.key !== "Escape") { return; }
    var menu = document.querySelector(".account-menu[open]");
    if (!menu) { return; }
    var confirm = menu.querySelector(".account-signout-all-confirm[open]");
    if (confirm) { confirm.open = false; } else { menu.open = false; }
    var summary = (confirm || menu).querySelector("summary");
    if (summary) { summary.focus(); }
    event.preventDefault();
  });
}());
