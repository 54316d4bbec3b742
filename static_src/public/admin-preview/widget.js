/* The brand admin's widget section (widget_snippet.html): the snippet a partner pastes and a
   live preview of the widget, both for the brand in the form, the language and the partner's
   colours chosen there. Drawn again shortly after each change: the snippet by
   BrandOverrideAdmin.snippet_view (JSON), the preview by widget_view (framed here, it reports
   its height to this page as it does to a partner's, and the frame takes it). Nothing is asked
   of the server until the section comes into view: the saved brand's snippet is in the page,
   and the brand's own preview (preview.js) is what the operator watches while editing above. */
(function () {
  var section = document.querySelector(".widget-snippet");
  var form = document.querySelector("#brandoverride_form");
  if (!section || !form) return;
  var code = section.querySelector("#widget-snippet-code");
  var frame = section.querySelector("iframe[data-widget-preview]");
  var status = section.querySelector(".widget-snippet__copied");
  var timer = null;
  var asked = 0;
  var seen = false;

  function params() {
    var query = new URLSearchParams(new FormData(form));
    query.delete("csrfmiddlewaretoken");
    section.querySelectorAll("[name^='widget_']").forEach(function (field) {
      query.set(field.name, field.value.trim());
    });
    return query.toString();
  }

  function refresh() {
    var query = params();
    var ask = ++asked;
    fetch(section.dataset.snippetUrl + "?" + query, { headers: { Accept: "application/json" } })
      .then(function (response) {
        return response.ok ? response.json() : null;
      })
      .then(function (body) {
        if (body && ask === asked) code.value = body.snippet;
      })
      .catch(function () {});
    frame.src = section.dataset.widgetUrl + "?" + query;
  }

  function later() {
    clearTimeout(timer);
    if (seen) timer = setTimeout(refresh, 300);
  }

  // The section's own fields shape only the snippet and the widget: the brand's preview
  // (preview.js, listening on the form) need not be drawn again for them.
  section.addEventListener("input", function (event) {
    event.stopPropagation();
    later();
  });
  section.addEventListener("change", function (event) {
    event.stopPropagation();
    later();
  });
  form.addEventListener("input", later);
  form.addEventListener("change", later);

  window.addEventListener("message", function (event) {
    if (event.origin !== window.location.origin || event.source !== frame.contentWindow) return;
    if (!event.data || event.data.type !== "storefront:widget-height") return;
    frame.style.height = Math.ceil(Number(event.data.height) || 0) + "px";
  });

  section.querySelector("[data-copy-snippet]").addEventListener("click", function () {
    code.select();
    var done = function () {
      status.textContent = "Copied.";
      setTimeout(function () {
        status.textContent = "";
      }, 2000);
    };
    if (navigator.clipboard) navigator.clipboard.writeText(code.value).then(done, function () {});
    else if (document.execCommand("copy")) done();
  });
  new IntersectionObserver(function (entries, observer) {
    if (!entries.some(function (entry) { return entry.isIntersecting; })) return;
    observer.disconnect();
    seen = true;
    refresh(); // what changed above while it was out of view
  }).observe(section);
})();
