/*
 * Loads the brand's tag manager and GA4 (ids from #analytics-config, written by
 * templates/includes/analytics.html only when the brand sets them). The CSP admits
 * www.googletagmanager.com for such brands only (storefront.brands.middleware).
 */
(function () {
  var source = document.getElementById("analytics-config");
  if (!source) return;
  var config = JSON.parse(source.textContent);
  var nonce = document.currentScript && document.currentScript.nonce;
  window.dataLayer = window.dataLayer || [];
  function load(src) {
    var script = document.createElement("script");
    script.async = true;
    script.src = src;
    if (nonce) script.nonce = nonce;
    document.head.appendChild(script);
  }
  if (config.gtm) {
    window.dataLayer.push({ "gtm.start": Date.now(), event: "gtm.js" });
    load("https://www.googletagmanager.com/gtm.js?id=" + encodeURIComponent(config.gtm));
  }
  if (config.ga4) {
    window.gtag = function () { window.dataLayer.push(arguments); };
    window.gtag("js", new Date());
    window.gtag("config", config.ga4);
    load("https://www.googletagmanager.com/gtag/js?id=" + encodeURIComponent(config.ga4));
  }
})();
