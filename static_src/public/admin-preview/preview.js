/* The brand admin's live preview (change_form.html): each pane is a frame of the preview view
   (BrandOverrideAdmin.preview_view) in its colour mode, drawn from the form's fields, and is
   drawn again shortly after each change, scrolled where the operator had scrolled it. */
(function () {
  var preview = document.querySelector(".brand-preview");
  var form = document.querySelector("#brandoverride_form");
  if (!preview || !form) return;
  var frames = preview.querySelectorAll("iframe[data-mode]");
  var timer = null;

  function scrolled(frame) {
    try {
      return frame.contentWindow.scrollY || 0;
    } catch (error) {
      return 0;
    }
  }

  function refresh() {
    var params = new URLSearchParams(new FormData(form));
    params.delete("csrfmiddlewaretoken");
    frames.forEach(function (frame) {
      params.set("preview_mode", frame.dataset.mode);
      var top = scrolled(frame);
      frame.addEventListener(
        "load",
        function () {
          if (top) frame.contentWindow.scrollTo(0, top);
        },
        { once: true },
      );
      frame.src = preview.dataset.previewUrl + "?" + params.toString();
    });
  }

  form.addEventListener("input", function () {
    clearTimeout(timer);
    timer = setTimeout(refresh, 300);
  });
  refresh();
})();
