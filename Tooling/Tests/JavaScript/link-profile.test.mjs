// The share page's link-profile script (ClipSite's link-profile.js) under Node, without a browser.
//
// The script is loaded as the page loads it, a classic script with no `document`, and checked
// over signed-link-vectors.json: links signed by nostr-sdk (genuine, hostile, by another key,
// tampered, from the future, cut, of another kind), fragments that reach every branch of the
// decoder, and BIP-340's verification vectors. Every expected answer in that file is the Swift
// code's, and SignedLinkVectorsTests checks the file against Swift on each run.

import assert from "node:assert/strict";
import { webcrypto } from "node:crypto";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import vm from "node:vm";

const scriptPath = fileURLToPath(new URL("../../Sources/ClipSite/SharePages/link-profile.js", import.meta.url));
const source = readFileSync(scriptPath, "utf8");
const vectors = JSON.parse(readFileSync(new URL("signed-link-vectors.json", import.meta.url), "utf8"));

// Node before 19 has Web Crypto only as a module; browsers and later Node have it as a global.
if (typeof globalThis.crypto === "undefined") globalThis.crypto = webcrypto;
vm.runInThisContext(source, { filename: scriptPath });
const api = globalThis.clipkitLinkProfile;

function bytes(hex) {
  assert.match(hex, /^(?:[0-9A-Fa-f]{2})*$/);
  return Uint8Array.from(hex.match(/../g) || [], (pair) => parseInt(pair, 16));
}

function hex(data) {
  return Array.from(data, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

// What the script's decoder makes of a fragment, in the shape the vectors give Swift's answer.
async function decoding(fragment) {
  let event;
  try {
    event = api.decodeFragment(fragment, vectors.rules);
  } catch (refusal) {
    if (!refusal || typeof refusal.code !== "string") throw refusal;
    return { code: refusal.code, field: refusal.field };
  }
  const id = new Uint8Array(await globalThis.crypto.subtle.digest("SHA-256", api.canonicalBytes(event)));
  return { id: hex(id), pubkey: event.pubkey, createdAt: event.createdAt.toString(), kind: event.kind, content: event.content, tags: event.tags };
}

// The parts of checkLinkProfile's result that the vectors give.
function outcome(result) {
  const projected = { state: result.state, reason: result.reason };
  if (result.state === "verified") {
    projected.id = result.id;
    projected.createdAt = result.createdAt.toString();
    projected.display = result.display;
  }
  return projected;
}

test("the script loads as a classic script without a document and exposes its functions, frozen", () => {
  assert.equal(typeof document, "undefined");
  assert.ok(api, "globalThis.clipkitLinkProfile is set");
  assert.ok(Object.isFrozen(api));
  for (const name of ["decodeFragment", "canonicalBytes", "verifySchnorr", "decodeNostrKey", "readProfile", "displayedProfile", "checkLinkProfile", "show"]) {
    assert.equal(typeof api[name], "function", name);
  }
});

test("the vectors cover every outcome and verdict", () => {
  const states = new Set(vectors.links.map((link) => link.outcome.state));
  assert.deepEqual([...states].sort(), ["ignored", "rejected", "verified"]);
  const verdicts = new Set(vectors.signatures.map((vector) => vector.expected));
  assert.deepEqual([...verdicts].sort(), ["invalid-signature", "pubkey-not-on-curve", "valid"]);
  assert.ok(vectors.fragments.length > 0);
});

test("links' fragments decode as Swift's EventFragment decodes them", async () => {
  for (const link of vectors.links) {
    const profilePart = link.fragment.split(vectors.rules.fragment.partSeparator)[0];
    assert.deepEqual(await decoding(profilePart), link.decoded, link.name);
  }
});

test("fragments reaching every branch of the decoder decode as Swift decodes them", async () => {
  for (const [index, item] of vectors.fragments.entries()) {
    assert.deepEqual(await decoding(item.fragment), item.decoded, `fragment ${index}`);
  }
});

test("the whole check gives each link the state, reason and preview the Swift code gives", async () => {
  for (const link of vectors.links) {
    const result = await api.checkLinkProfile(link.fragment, link.parameter, vectors.rules, vectors.now);
    assert.deepEqual(outcome(result), link.outcome, link.name);
  }
});

test("verifySchnorr gives BIP-340's test vectors Swift's verdicts", async () => {
  for (const vector of vectors.signatures) {
    const verdict = await api.verifySchnorr(bytes(vector.signature), bytes(vector.message), bytes(vector.publicKey));
    assert.equal(verdict, vector.expected, vector.name);
  }
});

test("without Web Crypto the check says the link is unverifiable, before reading it", async () => {
  // A context of its own without `crypto`, as a page on plain http other than loopback has none.
  const context = vm.createContext({ TextEncoder, TextDecoder, Intl });
  vm.runInContext(source, context, { filename: scriptPath });
  const link = vectors.links.find((item) => item.outcome.state === "verified");
  const result = await context.clipkitLinkProfile.checkLinkProfile(link.fragment, link.parameter, vectors.rules, vectors.now);
  assert.deepEqual({ state: result.state, reason: result.reason }, { state: "unverifiable", reason: "no-web-crypto" });
});
