/* Admin live preview: reloads the light and dark preview frames from the form's fields. */
(function () {
  var frames = document.querySelector(".brand-preview__frames");
  var form = document.querySelector("#brandoverride_form");
  if (!frames || !form) return;
  var timer = null;
  function refresh() {
    var params = new URLSearchParams(new FormData(form));
    params.delete("csrfmiddlewaretoken");
    frames.querySelectorAll("iframe").forEach(function (frame) {
      params.set("preview_mode", frame.dataset.mode);
      frame.src = frames.dataset.previewUrl + "?" + params.toString();
    });
  }
  form.addEventListener("input", function () {
    clearTimeout(timer);
    timer = setTimeout(refresh, 400);
  });
  refresh();
})();
