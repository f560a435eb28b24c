// A page opened from disk (file://) cannot fetch the search index: a browser refuses the
// worker and the request it makes. Say how to serve the site rather than find nothing.
(function () {
  if (window.location.protocol !== "file:") {
    return;
  }
  function explain() {
    var results = document.getElementById("mkdocs-search-results");
    var query = document.getElementById("mkdocs-search-query");
    if (!results) {
      return;
    }
    if (query) {
      query.disabled = true;
    }
    var note = document.createElement("p");
    note.id = "search-from-disk";
    note.textContent =
      "Search needs the site served, not opened from disk: run " +
      "'python3 -m http.server -d site' in the folder that holds the built site, then open " +
      "http://localhost:8000/ (or run 'mkdocs serve' in a clone). Every other part of " +
      "these pages works from disk.";
    results.replaceChildren(note);
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", explain);
  } else {
    explain();
  }
})();
