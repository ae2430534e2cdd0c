// GrainStories strip, for every kind of pointer and none: one Tab stop with the arrow keys
// (and a TV remote's) moving between people, Home/End, Enter opening; and scroll buttons
// that show only when there are people out of view in their direction. Uses shared.js
// (loaded in the same page, in any order: nothing here runs before the page has loaded).
(function () {
  "use strict";
  var G = window.GrainStories = window.GrainStories || {};
  var KEYS = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1, Home: "first", End: "last" };

  G.enhanceStrip = function (list) {
    var links = Array.from(list.querySelectorAll(".strip-link"));
    if (!links.length) { return; }
    links.forEach(function (link, index) { link.tabIndex = index === 0 ? 0 : -1; });
    function move(to) {
      var target = links[Math.max(0, Math.min(links.length - 1, to))];
      links.forEach(function (link) { link.tabIndex = link === target ? 0 : -1; });
      target.focus();
      target.scrollIntoView({ block: "nearest", inline: "nearest" });
    }
    list.addEventListener("keydown", function (event) {
      var index = links.indexOf(document.activeElement);
      var step = index < 0 ? null : G.keyAction(event, KEYS);
      if (step === null) { return; }
      event.preventDefault();
      move(step === "first" ? 0 : step === "last" ? links.length - 1 : index + step);
    });
    var strip = list.parentElement;
    function button(label, className, direction) {
      var element = document.createElement("button");
      element.type = "button";
      element.className = "strip-scroll " + className;
      element.setAttribute("aria-label", label);
      element.tabIndex = -1; // the arrow keys already reach everyone; this is for pointers
      element.hidden = true;
      element.addEventListener("click", function () {
        list.scrollBy({ left: direction * Math.max(120, list.clientWidth * 0.8), behavior: "smooth" });
      });
      strip.appendChild(element);
      return element;
    }
    var previous = button("Show earlier people", "strip-scroll-previous", -1);
    var next = button("Show more people", "strip-scroll-next", 1);
    function update() {
      var max = list.scrollWidth - list.clientWidth;
      previous.hidden = list.scrollLeft <= 1;
      next.hidden = list.scrollLeft >= max - 1;
    }
    list.addEventListener("scroll", update, { passive: true });
    window.addEventListener("resize", update);
    update();
  };
})();
