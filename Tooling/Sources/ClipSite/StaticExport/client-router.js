(function () {
  "use strict";
  var ESCAPES = { "&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;", "'": "&#39;" };
  function escapeHTML(text) {
    return String(text).replace(/[&<>"']/g, function (c) { return ESCAPES[c]; });
  }
  // A C0 control character or DEL, which no captured segment may hold.
  function hasControlCharacter(text) {
    for (var index = 0; index < text.length; index++) {
      var code = text.charCodeAt(index);
      if (code < 0x20 || code === 0x7f) return true;
    }
    return false;
  }
  function clipkitMatch(data, hostname, pathname) {
    if (typeof pathname !== "string" || pathname.length > data.maxPathLength || pathname.charAt(0) !== "/") return null;
    var host = String(hostname || "").toLowerCase().replace(/\.$/, "");
    var known = data.domains.indexOf(host) >= 0;
    var trimmed = pathname.slice(1);
    if (trimmed.charAt(trimmed.length - 1) === "/") trimmed = trimmed.slice(0, -1);
    var raw = trimmed === "" ? [] : trimmed.split("/");
    var segments = [];
    for (var i = 0; i < raw.length; i++) {
      if (raw[i] === "") return null;
      var decoded;
      try { decoded = decodeURIComponent(raw[i]); } catch (e) { return null; }
      if (decoded.length > data.maxParameterLength || hasControlCharacter(decoded)) return null;
      segments.push(decoded);
    }
    // The AASA file's paths and /.well-known/ are never a route's, as for the router.
    if (segments[0] === ".well-known" || (segments.length === 1 && segments[0] === "apple-app-site-association")) return null;
    for (var p = 0; p < data.patterns.length; p++) {
      var pattern = data.patterns[p];
      if (known && pattern.host !== host) continue;
      if (pattern.segments.length !== segments.length) continue;
      var captures = Object.create(null);
      var matched = true;
      for (var s = 0; s < segments.length; s++) {
        var expected = pattern.segments[s];
        if (typeof expected.literal === "string") {
          if (expected.literal !== segments[s]) { matched = false; break; }
        } else {
          captures[expected.capture] = segments[s];
        }
      }
      if (matched) return { route: pattern.route, page: pattern.page, parameters: captures, signedProfile: pattern.signedProfile || null };
    }
    return null;
  }
  function clipkitFill(page, parameters) {
    function value(name) {
      return Object.prototype.hasOwnProperty.call(parameters, name) ? parameters[name] : "";
    }
    return page
      .replace(/\uE000([A-Za-z0-9_]+)\uE001/g, function (m, name) { return escapeHTML(value(name)); })
      .replace(/\uE002([A-Za-z0-9_]+)\uE001/g, function (m, name) { return escapeHTML(encodeURIComponent(value(name))); });
  }
  if (typeof document === "undefined") {
    if (typeof globalThis !== "undefined") { globalThis.clipkitMatch = clipkitMatch; globalThis.clipkitFill = clipkitFill; }
    return;
  }
  function show() {
    var element = document.getElementById("clipkit-share-pages");
    if (!element) return;
    var data;
    try { data = JSON.parse(element.textContent); } catch (e) { return; }
    var found = clipkitMatch(data, location.hostname, location.pathname);
    if (!found) {
      if (typeof data.notFoundTitle === "string") document.title = data.notFoundTitle;
      return;
    }
    var parsed = new DOMParser().parseFromString(clipkitFill(found.page, found.parameters), "text/html");
    document.replaceChild(document.adoptNode(parsed.documentElement), document.documentElement);
    var linkProfile = globalThis.clipkitLinkProfile;
    if (found.signedProfile && data.linkProfile && linkProfile) {
      linkProfile.show(document, data.linkProfile, { parameter: found.parameters[found.signedProfile], shownProfileCreatedAt: null });
    }
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", show);
  } else {
    show();
  }
})();