@_spi(ClipKitTooling) import ClipKit
import Crypto
import Foundation

/// The inline script of share pages whose route accepts a signed profile in the link's fragment
/// (`"fragment": "signedProfile"`): it shows the profile the link carries, verified in the browser.
///
/// A fragment never reaches a server, so only the page's own script can read it. The script
/// decodes it exactly as `EventFragment` does (version, size cap, shortest numbers, valid UTF-8,
/// nothing truncated or left over), requires the event to be kind 0 by the key in the page's path
/// (`npub` or `nprofile`; another key's event is ignored), screens it as the clip does (not more
/// than the allowed clock skew in the future, content within the cap), recomputes its id with
/// SHA-256 (`crypto.subtle`) and verifies its BIP-340 signature with its own secp256k1 arithmetic
/// on `BigInt`. Only then does it read the profile with ClipNostr's rules (strict JSON, field
/// cleaning, `https` pictures) and show it with the share page's (`ProfilePreview`), every value
/// set as text (`textContent`) or as the `src` of an image, never as markup.
///
/// Verifying in the browser rather than showing the profile as unverified until a server confirms
/// it: the static export has no server to ask; a server could confirm the link's profile only by
/// being sent the fragment, which links carry precisely so that no server sees it, or by fetching
/// from relays, which is the wait signed links exist to avoid; and the signature is all a preview
/// needs. The same check runs on `clipkit serve`'s pages and in the static `404.html`.
///
/// The outcome is written to the preview's element (`[data-clipkit-profile]`) as
/// `data-clipkit-link-profile`: `checking`, then `verified` (the profile replaces the element's
/// content), `rejected` or `ignored` (with `data-clipkit-link-profile-reason`, the clip's reason
/// code, and nothing of the fragment shown), `outdated` (the server's page already shows a profile
/// at least as new), or `unverifiable` (no Web Crypto, as on plain `http` other than loopback).
///
/// The limits and character sets come from Swift (`LinkProfileRules`); the script never fetches
/// anything and loads nothing from elsewhere. `clipkit serve` allows it, and no other script, by
/// its hash in the Content-Security-Policy (``contentSecurityPolicySource``).
package enum LinkProfileScript {
    /// The `id` of the JSON data element the script reads on a share page.
    static let dataElementID = "clipkit-link-profile"
    /// The `id` of the script element on a share page.
    static let scriptElementID = "clipkit-link-profile-script"

    /// The CSP source expression that allows this script and nothing else: `'sha256-…'`.
    package static let contentSecurityPolicySource: String = {
        "'sha256-" + Data(SHA256.hash(data: Data(source.utf8))).base64EncodedString() + "'"
    }()

    /// The data element and the script for a share page of the key `parameter`, to insert before
    /// `</body>`; `shownProfileCreatedAt` is the `created_at` of the profile the page shows, if any.
    static func pageInsertion(parameter: String, shownProfileCreatedAt: Date?) -> String {
        let shown: JSONValue = shownProfileCreatedAt.flatMap { Int64(exactly: $0.timeIntervalSince1970.rounded(.down)) }
            .map { .string(String($0)) } ?? .null
        let data: JSONValue = .object([
            "parameter": .string(parameter),
            "shownProfileCreatedAt": shown,
            "rules": LinkProfileRules.json,
        ])
        return "<script type=\"application/json\" id=\"\(dataElementID)\">\(String(decoding: data.serialized(escaping: .scriptSafe), as: UTF8.self))</script>\n"
            + "<script id=\"\(scriptElementID)\">\(source)</script>\n"
    }

    /// The script's source. It exposes `clipkitLinkProfile` (decoding, verification, profile
    /// reading, `show`) so the static 404 page's router and the tests can call it.
    static let source = #"""
    (function () {
      "use strict";

      // A reason to refuse, named as ClipNostr names it.
      function Refusal(code, field) {
        this.code = code;
        this.field = field || null;
      }
      function refuse(code, field) {
        throw new Refusal(code, field);
      }

      // Unicode scalar sets arrive from Swift as sorted [first, last] ranges.
      function inRanges(ranges, value) {
        for (var index = 0; index < ranges.length; index++) {
          if (value < ranges[index][0]) return false;
          if (value <= ranges[index][1]) return true;
        }
        return false;
      }

      var encoder = new TextEncoder();
      var segmenter = typeof Intl !== "undefined" && typeof Intl.Segmenter === "function"
        ? new Intl.Segmenter(undefined, { granularity: "grapheme" }) : null;

      // Extended grapheme clusters, which Swift calls characters.
      function characters(text) {
        if (!segmenter) return Array.from(text);
        var result = [];
        for (var part of segmenter.segment(text)) result.push(part.segment);
        return result;
      }

      function hex(bytes) {
        var text = "";
        for (var index = 0; index < bytes.length; index++) text += (bytes[index] < 16 ? "0" : "") + bytes[index].toString(16);
        return text;
      }

      function integer(bytes) {
        return bytes.length === 0 ? 0n : BigInt("0x" + hex(bytes));
      }

      // ---- The fragment: strict unpadded base64url, then the version-1 layout (EventFragment).

      var ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
      var DIGITS = new Int16Array(256).fill(-1);
      for (var digit = 0; digit < 64; digit++) DIGITS[ALPHABET.charCodeAt(digit)] = digit;

      function decodeBase64URL(characters) {
        var digits = new Uint8Array(characters.length);
        for (var offset = 0; offset < characters.length; offset++) {
          var value = DIGITS[characters[offset]];
          if (value < 0) refuse("invalid-character");
          digits[offset] = value;
        }
        if (digits.length % 4 === 1) refuse("impossible-length");
        var bytes = [];
        var index = 0;
        for (; index + 4 <= digits.length; index += 4) {
          var group = digits[index] << 18 | digits[index + 1] << 12 | digits[index + 2] << 6 | digits[index + 3];
          bytes.push(group >> 16 & 255, group >> 8 & 255, group & 255);
        }
        var rest = digits.length - index;
        if (rest === 2) {
          if (digits[index + 1] & 15) refuse("non-canonical-base64");
          bytes.push((digits[index] << 2 | digits[index + 1] >> 4) & 255);
        } else if (rest === 3) {
          if (digits[index + 2] & 3) refuse("non-canonical-base64");
          bytes.push((digits[index] << 2 | digits[index + 1] >> 4) & 255, ((digits[index + 1] & 15) << 4 | digits[index + 2] >> 2) & 255);
        }
        return Uint8Array.from(bytes);
      }

      var INT64_MAX = 0x7FFFFFFFFFFFFFFFn;
      var strictUTF8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

      function Reader(bytes) {
        this.bytes = bytes;
        this.offset = 0;
      }
      Reader.prototype.remaining = function () { return this.bytes.length - this.offset; };
      Reader.prototype.byte = function (field) {
        if (this.offset >= this.bytes.length) refuse("truncated", field);
        return this.bytes[this.offset++];
      };
      Reader.prototype.fixed = function (count, field) {
        if (this.remaining() < count) refuse("truncated", field);
        var slice = this.bytes.subarray(this.offset, this.offset + count);
        this.offset += count;
        return slice;
      };
      // An unsigned LEB128 number of at most 64 bits, in its shortest form.
      Reader.prototype.number = function (field) {
        var value = 0n;
        var shift = 0n;
        for (;;) {
          var next = this.byte(field);
          var payload = BigInt(next & 0x7F);
          if (shift === 63n && payload > 1n) refuse("number-out-of-range", field);
          value |= payload << shift;
          if ((next & 0x80) === 0) {
            if (next === 0 && shift > 0n) refuse("non-minimal-number", field);
            return value;
          }
          shift += 7n;
          if (shift > 63n) refuse("number-out-of-range", field);
        }
      };
      Reader.prototype.text = function (field) {
        var length = this.number(field);
        if (length > BigInt(this.remaining())) refuse("truncated", field);
        var bytes = this.fixed(Number(length), field);
        var text;
        try { text = strictUTF8.decode(bytes); } catch (error) { refuse("invalid-utf8", field); }
        return { text: text, bytes: bytes };
      };

      // The event a fragment holds, or a Refusal with EventFragmentError's code and field.
      function decodeFragment(fragment, rules) {
        var characters = encoder.encode(String(fragment));
        if (characters.length === 0) refuse("empty");
        if (characters.length > rules.fragment.maximumCharacters) refuse("too-long");
        var bytes = decodeBase64URL(characters);
        if (bytes.length > rules.fragment.maximumBytes) refuse("too-long");
        var reader = new Reader(bytes);
        if (reader.byte("version") !== rules.fragment.version) refuse("unsupported-version");
        var publicKey = reader.fixed(32, "pubkey");
        var createdAt = reader.number("created_at");
        if (createdAt > INT64_MAX) refuse("number-out-of-range", "created_at");
        var kind = reader.number("kind");
        if (kind > 65535n) refuse("number-out-of-range", "kind");
        var signature = reader.fixed(64, "signature");
        var content = reader.text("content");
        var tagCount = reader.number("tags");
        // Every tag takes at least two bytes, so a count larger than what is left is a cut.
        if (tagCount > BigInt(reader.remaining())) refuse("truncated", "tags");
        var tags = [];
        for (var index = 0; index < Number(tagCount); index++) {
          var elementCount = reader.number("tags");
          if (elementCount === 0n) refuse("empty-tag");
          if (elementCount > BigInt(reader.remaining())) refuse("truncated", "tags");
          var tag = [];
          for (var element = 0; element < Number(elementCount); element++) tag.push(reader.text("tags"));
          tags.push(tag);
        }
        if (reader.remaining() !== 0) refuse("trailing-bytes");
        return {
          publicKey: publicKey, pubkey: hex(publicKey), createdAt: createdAt, kind: Number(kind), signature: signature,
          content: content.text, contentBytes: content.bytes,
          tags: tags.map(function (tag) { return tag.map(function (element) { return element.text; }); }), tagBytes: tags,
        };
      }

      // The NIP-01 serialisation the id hashes: `[0,pubkey,created_at,kind,tags,content]`, strings
      // with the seven short escapes, other bytes below 0x20 as lowercase \u00xx, the rest verbatim.
      var SHORT_ESCAPES = { 0x22: 0x22, 0x5C: 0x5C, 0x0A: 0x6E, 0x0D: 0x72, 0x09: 0x74, 0x08: 0x62, 0x0C: 0x66 };
      function canonicalBytes(event) {
        var output = [];
        function ascii(text) { for (var index = 0; index < text.length; index++) output.push(text.charCodeAt(index)); }
        function string(bytes) {
          output.push(0x22);
          for (var index = 0; index < bytes.length; index++) {
            var byte = bytes[index];
            if (Object.prototype.hasOwnProperty.call(SHORT_ESCAPES, byte)) {
              output.push(0x5C, SHORT_ESCAPES[byte]);
            } else if (byte < 0x20) {
              ascii("\\u00" + (byte < 16 ? "0" : "") + byte.toString(16));
            } else {
              output.push(byte);
            }
          }
          output.push(0x22);
        }
        ascii("[0,");
        string(encoder.encode(event.pubkey));
        ascii("," + event.createdAt.toString() + "," + String(event.kind) + ",[");
        event.tagBytes.forEach(function (tag, tagIndex) {
          if (tagIndex > 0) ascii(",");
          ascii("[");
          tag.forEach(function (element, elementIndex) {
            if (elementIndex > 0) ascii(",");
            string(element.bytes);
          });
          ascii("]");
        });
        ascii("],");
        string(event.contentBytes);
        ascii("]");
        return Uint8Array.from(output);
      }

      async function sha256(bytes) {
        return new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
      }

      // ---- BIP-340 verification on secp256k1, in Jacobian coordinates with BigInt.

      var P = 0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEFFFFFC2Fn;
      var N = 0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364141n;
      var G = [0x79BE667EF9DCBBAC55A06295CE870B07029BFCDB2DCE28D959F2815B16F81798n, 0x483ADA7726A3C4655DA4FBFC0E1108A8FD17B448A68554199C47D08FFB10D4B8n, 1n];
      var INFINITY = [0n, 1n, 0n];

      function modulo(value, modulus) {
        var result = value % modulus;
        return result < 0n ? result + modulus : result;
      }
      function power(base, exponent, modulus) {
        var result = 1n;
        base = modulo(base, modulus);
        while (exponent > 0n) {
          if (exponent & 1n) result = result * base % modulus;
          base = base * base % modulus;
          exponent >>= 1n;
        }
        return result;
      }
      function doubled(point) {
        var x = point[0], y = point[1], z = point[2];
        if (z === 0n || y === 0n) return INFINITY;
        var a = x * x % P, b = y * y % P, c = b * b % P;
        var d = modulo(2n * ((x + b) * (x + b) - a - c), P);
        var e = 3n * a % P;
        var x3 = modulo(e * e - 2n * d, P);
        return [x3, modulo(e * (d - x3) - 8n * c, P), 2n * y * z % P];
      }
      function added(first, second) {
        if (first[2] === 0n) return second;
        if (second[2] === 0n) return first;
        var z1z1 = first[2] * first[2] % P, z2z2 = second[2] * second[2] % P;
        var u1 = first[0] * z2z2 % P, u2 = second[0] * z1z1 % P;
        var s1 = first[1] * second[2] % P * z2z2 % P, s2 = second[1] * first[2] % P * z1z1 % P;
        var h = modulo(u2 - u1, P), r = modulo(s2 - s1, P);
        if (h === 0n) return r === 0n ? doubled(first) : INFINITY;
        var hh = h * h % P, hhh = h * hh % P, v = u1 * hh % P;
        var x3 = modulo(r * r - hhh - 2n * v, P);
        return [x3, modulo(r * (v - x3) - s1 * hhh, P), first[2] * second[2] % P * h % P];
      }
      // a·A + b·B, both scalars below 2^256, one shared chain of doublings.
      function combination(a, pointA, b, pointB) {
        var both = added(pointA, pointB);
        var result = INFINITY;
        for (var bit = 255n; bit >= 0n; bit--) {
          result = doubled(result);
          var useA = (a >> bit) & 1n, useB = (b >> bit) & 1n;
          if (useA && useB) result = added(result, both);
          else if (useA) result = added(result, pointA);
          else if (useB) result = added(result, pointB);
        }
        return result;
      }
      async function taggedHash(tag, message) {
        var tagHash = await sha256(encoder.encode(tag));
        var input = new Uint8Array(64 + message.length);
        input.set(tagHash, 0);
        input.set(tagHash, 32);
        input.set(message, 64);
        return sha256(input);
      }

      // "valid", "invalid-signature" or "pubkey-not-on-curve", as EventVerifier names them.
      async function verifySchnorr(signature, message, publicKey) {
        if (signature.length !== 64 || publicKey.length !== 32) return "invalid-signature";
        var x = integer(publicKey);
        if (x >= P) return "pubkey-not-on-curve";
        var c = modulo(x * x % P * x + 7n, P);
        var y = power(c, (P + 1n) / 4n, P);
        if (y * y % P !== c) return "pubkey-not-on-curve";
        if (y & 1n) y = P - y;
        var r = integer(signature.subarray(0, 32));
        var s = integer(signature.subarray(32, 64));
        if (r >= P || s >= N) return "invalid-signature";
        var challenge = new Uint8Array(64 + message.length);
        challenge.set(signature.subarray(0, 32), 0);
        challenge.set(publicKey, 32);
        challenge.set(message, 64);
        var e = modulo(integer(await taggedHash("BIP0340/challenge", challenge)), N);
        var point = combination(s, G, modulo(N - e, N), [x, y, 1n]);
        if (point[2] === 0n) return "invalid-signature";
        var inverse = power(point[2], P - 2n, P);
        var inverseSquared = inverse * inverse % P;
        var affineX = point[0] * inverseSquared % P;
        var affineY = point[1] * inverseSquared % P * inverse % P;
        if ((affineY & 1n) !== 0n || affineX !== r) return "invalid-signature";
        return "valid";
      }

      // ---- NIP-19: the key in the link's path (npub or nprofile, optional nostr: prefix).

      var BECH32 = "qpzry9x8gf2tvdw0s3jn54khce6mua7l";
      var GENERATOR = [0x3B6A57B2, 0x26508E6D, 0x1EA119FA, 0x3D4233DD, 0x2A1462B3];
      function polymod(values) {
        var checksum = 1;
        for (var index = 0; index < values.length; index++) {
          var top = checksum >>> 25;
          checksum = ((checksum & 0x1FFFFFF) << 5 ^ values[index]) >>> 0;
          for (var bit = 0; bit < 5; bit++) if ((top >>> bit) & 1) checksum = (checksum ^ GENERATOR[bit]) >>> 0;
        }
        return checksum;
      }
      // The public key (lowercase hex) an npub or nprofile names; a Refusal with "invalid-key" otherwise.
      function decodeNostrKey(text, maximumLength) {
        var bytes = encoder.encode(String(text));
        if (bytes.length >= 6 && String.fromCharCode.apply(null, bytes.subarray(0, 6)).toLowerCase() === "nostr:") bytes = bytes.subarray(6);
        if (bytes.length === 0 || bytes.length > maximumLength) refuse("invalid-key");
        var lower = false, upper = false;
        for (var index = 0; index < bytes.length; index++) {
          if (bytes[index] < 33 || bytes[index] > 126) refuse("invalid-key");
          if (bytes[index] >= 0x61 && bytes[index] <= 0x7A) lower = true;
          if (bytes[index] >= 0x41 && bytes[index] <= 0x5A) upper = true;
        }
        if (lower && upper) refuse("invalid-key");
        var lowered = String.fromCharCode.apply(null, bytes).toLowerCase();
        var separator = lowered.lastIndexOf("1");
        if (separator < 1 || lowered.length - separator - 1 < 6) refuse("invalid-key");
        var prefix = lowered.slice(0, separator);
        var values = [];
        for (var position = separator + 1; position < lowered.length; position++) {
          var value = BECH32.indexOf(lowered.charAt(position));
          if (value < 0) refuse("invalid-key");
          values.push(value);
        }
        var expanded = [];
        for (var p = 0; p < prefix.length; p++) expanded.push(prefix.charCodeAt(p) >> 5);
        expanded.push(0);
        for (var q = 0; q < prefix.length; q++) expanded.push(prefix.charCodeAt(q) & 31);
        if (polymod(expanded.concat(values)) !== 1) refuse("invalid-key");
        var data = [];
        var accumulator = 0, bits = 0;
        values.slice(0, -6).forEach(function (five) {
          accumulator = (accumulator << 5 | five) & 0xFFF;
          bits += 5;
          while (bits >= 8) {
            bits -= 8;
            data.push(accumulator >> bits & 255);
          }
        });
        if (bits >= 5 || (accumulator << (8 - bits)) & 255) refuse("invalid-key");
        if (prefix === "npub") {
          if (data.length !== 32) refuse("invalid-key");
          return hex(data);
        }
        if (prefix !== "nprofile") refuse("invalid-key");
        var key = null;
        for (var offset = 0; offset < data.length;) {
          if (offset + 2 > data.length) refuse("invalid-key");
          var type = data[offset], length = data[offset + 1], start = offset + 2;
          if (start + length > data.length) refuse("invalid-key");
          if (type === 0) {
            if (key !== null || length !== 32) refuse("invalid-key");
            key = hex(data.slice(start, start + length));
          }
          offset = start + length;
        }
        if (key === null) refuse("invalid-key");
        return key;
      }

      // ---- Reading the profile (ClipNostr's Profile) from the content, with the strict JSON rules.

      // A JSON value: strings and booleans as themselves, null, numbers as { number: text },
      // arrays, objects as { members: Map } keyed by the NFC form (Swift compares keys that way).
      function parseStrictJSON(text, limits) {
        if (encoder.encode(text).length > limits.maximumBytes) refuse("unreadable-profile");
        if (text.charCodeAt(0) === 0xFEFF) refuse("unreadable-profile");
        var index = 0;
        function fail() { refuse("unreadable-profile"); }
        function skipWhitespace() {
          while (index < text.length) {
            var code = text.charCodeAt(index);
            if (code === 0x20 || code === 0x09 || code === 0x0A || code === 0x0D) index++; else return;
          }
        }
        function isDigit(character) { return character >= "0" && character <= "9"; }
        function hexQuad() {
          var quad = text.substr(index, 4);
          if (!/^[0-9A-Fa-f]{4}$/.test(quad)) fail();
          index += 4;
          return parseInt(quad, 16);
        }
        function string() {
          index++;
          var result = "";
          for (;;) {
            if (index >= text.length) fail();
            var code = text.charCodeAt(index);
            if (code === 0x22) { index++; return result; }
            if (code < 0x20) fail();
            if (code !== 0x5C) { result += text.charAt(index++); continue; }
            index++;
            if (index >= text.length) fail();
            var escaped = text.charAt(index++);
            if (escaped === "\"" || escaped === "\\" || escaped === "/") result += escaped;
            else if (escaped === "b") result += "\b";
            else if (escaped === "f") result += "\f";
            else if (escaped === "n") result += "\n";
            else if (escaped === "r") result += "\r";
            else if (escaped === "t") result += "\t";
            else if (escaped === "u") {
              var first = hexQuad();
              if (first >= 0xD800 && first <= 0xDBFF) {
                if (text.charAt(index) !== "\\" || text.charAt(index + 1) !== "u") fail();
                index += 2;
                var second = hexQuad();
                if (second < 0xDC00 || second > 0xDFFF) fail();
                result += String.fromCharCode(first, second);
              } else if (first >= 0xDC00 && first <= 0xDFFF) {
                fail();
              } else {
                result += String.fromCharCode(first);
              }
            } else fail();
          }
        }
        function number() {
          var start = index;
          if (text.charAt(index) === "-") index++;
          if (text.charAt(index) === "0") {
            index++;
            if (isDigit(text.charAt(index))) fail();
          } else if (isDigit(text.charAt(index))) {
            while (isDigit(text.charAt(index))) index++;
          } else fail();
          if (text.charAt(index) === ".") {
            index++;
            if (!isDigit(text.charAt(index))) fail();
            while (isDigit(text.charAt(index))) index++;
          }
          if (text.charAt(index) === "e" || text.charAt(index) === "E") {
            index++;
            if (text.charAt(index) === "+" || text.charAt(index) === "-") index++;
            if (!isDigit(text.charAt(index))) fail();
            while (isDigit(text.charAt(index))) index++;
          }
          if (index - start > limits.maximumNumberLength) fail();
          return { number: text.slice(start, index) };
        }
        function value(depth) {
          if (index >= text.length) fail();
          var character = text.charAt(index);
          if (character === "{") return object(depth + 1);
          if (character === "[") return array(depth + 1);
          if (character === "\"") return string();
          if (character === "-" || isDigit(character)) return number();
          var literals = [["true", true], ["false", false], ["null", null]];
          for (var literal = 0; literal < literals.length; literal++) {
            if (text.startsWith(literals[literal][0], index)) {
              index += literals[literal][0].length;
              return literals[literal][1];
            }
          }
          return fail();
        }
        function object(depth) {
          if (depth > limits.maximumDepth) fail();
          index++;
          var members = new Map();
          skipWhitespace();
          if (text.charAt(index) === "}") { index++; return { members: members }; }
          for (;;) {
            skipWhitespace();
            if (text.charAt(index) !== "\"") fail();
            var key = string();
            skipWhitespace();
            if (text.charAt(index) !== ":") fail();
            index++;
            skipWhitespace();
            var member = value(depth);
            var normalized = key.normalize("NFC");
            if (members.has(normalized)) fail();
            members.set(normalized, { key: key, value: member });
            skipWhitespace();
            var next = text.charAt(index++);
            if (next === "}") return { members: members };
            if (next !== ",") fail();
          }
        }
        function array(depth) {
          if (depth > limits.maximumDepth) fail();
          index++;
          var elements = [];
          skipWhitespace();
          if (text.charAt(index) === "]") { index++; return elements; }
          for (;;) {
            skipWhitespace();
            elements.push(value(depth));
            skipWhitespace();
            var next = text.charAt(index++);
            if (next === "]") return elements;
            if (next !== ",") fail();
          }
        }
        skipWhitespace();
        var result = value(0);
        skipWhitespace();
        if (index < text.length) fail();
        return result;
      }

      function trimmed(text, ranges) {
        var scalars = Array.from(text);
        var start = 0, end = scalars.length;
        while (start < end && inRanges(ranges, scalars[start].codePointAt(0))) start++;
        while (end > start && inRanges(ranges, scalars[end - 1].codePointAt(0))) end--;
        return scalars.slice(start, end).join("");
      }

      function trimmedAndCut(text, maximumLength, rules) {
        var result = trimmed(text, rules.scalars.whitespacesAndNewlines);
        if (result === "") return null;
        var parts = characters(result);
        return parts.length <= maximumLength ? result : parts.slice(0, maximumLength).join("");
      }

      function singleLine(value, rules) {
        if (typeof value !== "string") return null;
        var result = "";
        for (var scalar of value) {
          var code = scalar.codePointAt(0);
          if (code === 0x0A || code === 0x0D || code === 0x09 || code === 0x2028 || code === 0x2029) result += " ";
          else if (!inRanges(rules.scalars.invisibleControls, code)) result += scalar;
        }
        return trimmedAndCut(result, rules.profile.maximumNameLength, rules);
      }

      function freeText(value, maximumLength, rules) {
        if (typeof value !== "string") return null;
        var result = "";
        for (var scalar of value) {
          var code = scalar.codePointAt(0);
          if (code === 0x0A || code === 0x09 || !inRanges(rules.scalars.invisibleControls, code)) result += scalar;
        }
        return trimmedAndCut(result, maximumLength, rules);
      }

      // The https URLs both sides keep as they are: an ASCII host name, an optional port, and path,
      // query and fragment in RFC 3986's characters with valid escapes. What the server would first
      // repair (spaces, non-ASCII, internationalised hosts) the browser drops.
      var SECURE_URL = /^https:\/\/[A-Za-z0-9.-]+(?::[0-9]+)?(?:\/(?:[A-Za-z0-9._~!$&'()*+,;=:@-]|%[0-9A-Fa-f]{2})*)*(?:\?(?:[A-Za-z0-9._~!$&'()*+,;=:@\/?-]|%[0-9A-Fa-f]{2})*)?(?:#(?:[A-Za-z0-9._~!$&'()*+,;=:@\/?-]|%[0-9A-Fa-f]{2})*)?$/i;

      function secureURL(value, maximumBytes, rules) {
        if (typeof value !== "string") return null;
        var text = trimmed(value, rules.scalars.whitespaces);
        if (text === "" || encoder.encode(text).length > maximumBytes) return null;
        for (var scalar of text) {
          var code = scalar.codePointAt(0);
          if (code <= 0x20 || code === 0x7F || inRanges(rules.scalars.invisibleControls, code)) return null;
        }
        if (!SECURE_URL.test(text)) return null;
        return "https" + text.slice(5);
      }

      function compareScalars(first, second) {
        var a = Array.from(first.normalize("NFC")), b = Array.from(second.normalize("NFC"));
        for (var index = 0; index < Math.min(a.length, b.length); index++) {
          var difference = a[index].codePointAt(0) - b[index].codePointAt(0);
          if (difference !== 0) return difference;
        }
        return a.length - b.length;
      }

      // The profile's fields, as ClipNostr's Profile reads them; a Refusal "unreadable-profile" otherwise.
      function readProfile(content, rules) {
        var limits = rules.profile;
        var parsed = parseStrictJSON(content, { maximumBytes: limits.maximumContentBytes, maximumDepth: limits.maximumDepth, maximumNumberLength: limits.maximumNumberLength });
        if (parsed === null || typeof parsed !== "object" || !(parsed.members instanceof Map)) refuse("unreadable-profile");
        function member(name) {
          var found = parsed.members.get(name);
          return found ? found.value : undefined;
        }
        var custom = new Map();
        var names = [];
        parsed.members.forEach(function (entry, normalized) { if (limits.knownFields.indexOf(normalized) < 0) names.push(entry.key); });
        names.sort(compareScalars);
        for (var index = 0; index < names.length && custom.size < limits.maximumCustomFields; index++) {
          custom.set(names[index].normalize("NFC"), member(names[index].normalize("NFC")));
        }
        return {
          name: singleLine(member("name"), rules),
          displayName: singleLine(member("display_name"), rules) || singleLine(member("displayName"), rules),
          picture: secureURL(member("picture"), limits.maximumURLBytes, rules),
          about: freeText(member("about"), limits.maximumAboutLength, rules),
          custom: custom,
        };
      }

      // ---- What the share page shows, by the rules of SharePageRenderer and TemplateText.

      function separatingMarkup(text, rules) {
        var markup = rules.scalars.markup;
        function isMarkup(scalar) { return markup.indexOf(scalar.codePointAt(0)) >= 0; }
        var current = text;
        for (var pass = 0; pass < 8; pass++) {
          var changed = false;
          var rebuilt = "";
          characters(current).forEach(function (character) {
            var scalars = Array.from(character);
            if (scalars.length > 1 && scalars.some(isMarkup)) {
              rebuilt += scalars.filter(isMarkup).join("");
              changed = true;
            } else {
              rebuilt += character;
            }
          });
          current = rebuilt;
          if (!changed) return current;
        }
        return Array.from(current).filter(function (scalar) { return scalar.codePointAt(0) < 0x80 && !isMarkup(scalar); }).join("");
      }

      function sanitized(text, maximumLength, rules) {
        var cleaned = "";
        for (var scalar of text) {
          var code = scalar.codePointAt(0);
          if (code === 0x0A || code === 0x09 || code === 0x0D) cleaned += " ";
          else if (!inRanges(rules.scalars.templateDropped, code)) cleaned += scalar;
        }
        var result = separatingMarkup(cleaned, rules);
        var parts = characters(result);
        if (parts.length > maximumLength) {
          result = separatingMarkup(parts.slice(0, Math.max(0, maximumLength - 1)).join("") + "\u2026", rules);
        }
        return result;
      }

      // The preview a share page shows for a profile: name, picture, about and details, each as the
      // server would render it; null when the profile has no name (the server shows none then).
      function displayedProfile(profile, rules) {
        var display = rules.display;
        var name = profile.displayName || profile.name;
        if (name === null) return null;
        var car = display.carFields.map(function (field) { return profile.custom.get(field); })
          .filter(function (value) { return typeof value === "string"; }).join(" ");
        var shownName = trimmed(sanitized(name, display.maximumNameLength, rules), rules.scalars.whitespaces);
        var result = { name: shownName === "" ? display.unnamed : shownName, picture: null, about: null, details: [] };
        if (profile.picture !== null) {
          var picture = secureURL(profile.picture, display.maximumURLLength, rules);
          if (picture !== null) result.picture = picture.replace(/'/g, "%27");
        }
        if (profile.about !== null) {
          var about = sanitized(profile.about, display.maximumAboutLength, rules);
          if (about !== "") result.about = about;
        }
        if (car !== "") {
          var label = sanitized(display.carLabel, display.maximumDetailLabelLength, rules);
          var value = sanitized(car, display.maximumDetailValueLength, rules);
          if (label !== "" && value !== "") result.details.push({ label: label, value: value });
        }
        return result;
      }

      // ---- The whole check, in the clip's order: decode, key and kind, screening, id and
      // signature, profile. Resolves to { state, reason, … }.

      async function checkLinkProfile(fragment, parameter, rules, nowSeconds) {
        if (typeof BigInt !== "function" || typeof crypto === "undefined" || !crypto.subtle || typeof TextDecoder !== "function") {
          return { state: "unverifiable", reason: "no-web-crypto" };
        }
        var author;
        try { author = decodeNostrKey(parameter, rules.maximumKeyLength); } catch (refusal) { return outcome("ignored", refusal); }
        // A link may carry the author's relay list after the profile; the page shows the profile alone.
        var separator = fragment.indexOf(rules.fragment.partSeparator);
        if (separator >= 0) fragment = fragment.slice(0, separator);
        var event;
        try { event = decodeFragment(fragment, rules); } catch (refusal) { return outcome("rejected", refusal, "link-"); }
        if (event.pubkey !== author) return { state: "ignored", reason: "link-author-mismatch" };
        if (event.kind !== 0) return { state: "ignored", reason: "link-not-a-profile" };
        if (event.createdAt > BigInt(Math.floor(nowSeconds)) + BigInt(rules.fetch.allowedClockSkewSeconds)) {
          return { state: "rejected", reason: "future-created-at" };
        }
        if (event.contentBytes.length > rules.fetch.maximumContentBytes) return { state: "rejected", reason: "content-too-large" };
        var limits = rules.event;
        if (event.contentBytes.length > limits.maximumContentBytes) return { state: "rejected", reason: "content-too-large" };
        if (event.tagBytes.length > limits.maximumTagCount) return { state: "rejected", reason: "tags-too-large" };
        var tagBytes = 0;
        for (var index = 0; index < event.tagBytes.length; index++) {
          if (event.tagBytes[index].length > limits.maximumTagElements) return { state: "rejected", reason: "tags-too-large" };
          event.tagBytes[index].forEach(function (element) { tagBytes += element.bytes.length; });
          if (tagBytes > limits.maximumTagBytes) return { state: "rejected", reason: "tags-too-large" };
        }
        var id = await sha256(canonicalBytes(event));
        var verdict = await verifySchnorr(event.signature, id, event.publicKey);
        if (verdict !== "valid") return { state: "rejected", reason: verdict };
        var profile;
        try { profile = readProfile(event.content, rules); } catch (refusal) { return outcome("rejected", refusal); }
        var display = displayedProfile(profile, rules);
        if (display === null) return { state: "ignored", reason: "unnamed-profile" };
        return { state: "verified", reason: null, id: hex(id), createdAt: event.createdAt, display: display };
      }

      function outcome(state, refusal, prefix) {
        if (!(refusal instanceof Refusal)) throw refusal;
        return { state: state, reason: (prefix || "") + refusal.code, field: refusal.field };
      }

      // ---- The page.

      // The element the preview goes into: the template's [data-clipkit-profile], or a new one at
      // the top of <main> (or <body>) for templates without it.
      function slotIn(document) {
        var slot = document.querySelector("[data-clipkit-profile]");
        if (slot) return slot;
        slot = document.createElement("div");
        slot.setAttribute("data-clipkit-profile", "");
        var parent = document.querySelector("main") || document.body;
        parent.insertBefore(slot, parent.firstChild);
        return slot;
      }

      function element(document, name, attributes, text) {
        var node = document.createElement(name);
        Object.keys(attributes).forEach(function (attribute) { node.setAttribute(attribute, attributes[attribute]); });
        if (text !== undefined) node.textContent = text;
        return node;
      }

      // Reads the link's fragment and shows the verified profile in the page, or says why not.
      // `context`: { parameter: the key from the path, shownProfileCreatedAt: the created_at of the
      // profile the server put in the page (decimal text) or null, fragment: optional, else
      // location.hash }.
      async function show(document, rules, context) {
        var fragment = typeof context.fragment === "string" ? context.fragment : (location.hash || "").replace(/^#/, "");
        if (fragment === "") return { state: "absent", reason: null };
        var slot = slotIn(document);
        slot.setAttribute("data-clipkit-link-profile", "checking");
        var result;
        try {
          result = await checkLinkProfile(fragment, String(context.parameter || ""), rules, Date.now() / 1000);
        } catch (error) {
          result = { state: "unverifiable", reason: "internal-error" };
        }
        var shown = context.shownProfileCreatedAt;
        if (result.state === "verified" && typeof shown === "string" && /^[0-9]+$/.test(shown) && !(result.createdAt > BigInt(shown))) {
          result = { state: "outdated", reason: "server-profile-as-new", createdAt: result.createdAt };
        }
        slot.setAttribute("data-clipkit-link-profile", result.state);
        if (result.reason) slot.setAttribute("data-clipkit-link-profile-reason", result.reason);
        if (result.state === "verified") {
          var shownProfile = result.display;
          var nodes = [];
          if (shownProfile.picture !== null) {
            nodes.push(element(document, "img", { class: "avatar", src: shownProfile.picture, alt: "", width: "96", height: "96" }));
          }
          nodes.push(element(document, "h1", {}, shownProfile.name));
          if (shownProfile.about !== null) nodes.push(element(document, "p", { class: "about" }, shownProfile.about));
          if (shownProfile.details.length > 0) {
            var list = element(document, "dl", {});
            shownProfile.details.forEach(function (detail) {
              list.appendChild(element(document, "dt", {}, detail.label));
              list.appendChild(element(document, "dd", {}, detail.value));
            });
            nodes.push(list);
          }
          slot.replaceChildren.apply(slot, nodes);
          slot.setAttribute("data-clipkit-link-profile-created-at", result.createdAt.toString());
        }
        var hint = rules.texts[result.state];
        if (typeof hint === "string" && hint !== "") slot.appendChild(element(document, "p", { class: "hint link-profile" }, hint));
        return result;
      }

      var api = Object.freeze({
        decodeFragment: decodeFragment, canonicalBytes: canonicalBytes, verifySchnorr: verifySchnorr,
        decodeNostrKey: decodeNostrKey, readProfile: readProfile, displayedProfile: displayedProfile,
        checkLinkProfile: checkLinkProfile, show: show,
      });
      if (typeof globalThis !== "undefined") globalThis.clipkitLinkProfile = api;
      if (typeof document === "undefined") return;

      function start() {
        var data = document.getElementById("clipkit-link-profile");
        if (!data) return;
        var settings;
        try { settings = JSON.parse(data.textContent); } catch (error) { return; }
        show(document, settings.rules, { parameter: settings.parameter, shownProfileCreatedAt: settings.shownProfileCreatedAt });
      }
      if (document.readyState === "loading") {
        document.addEventListener("DOMContentLoaded", start);
      } else {
        start();
      }
    })();
    """#
}
