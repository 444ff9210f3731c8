// Thins the server bundle's source map (scripts/web-build.mjs) to one mapping per line: stack traces keep their
// files and lines, not their columns. With --enable-source-maps Node decodes the whole map into arrays as the
// bundle loads and keeps them: with every column (the app, date-fns, drizzle-orm, better-auth) some 50 MB of heap.
import { readFileSync, writeFileSync } from 'node:fs';

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const B64_VALUE = new Map([...B64].map((c, i) => [c, i]));

/** The Base64 VLQ values of one segment. */
function decodeSegment(text) {
  const values = [];
  let value = 0;
  let shift = 0;
  for (const char of text) {
    const digit = B64_VALUE.get(char);
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
    } else {
      values.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return values;
}

function encodeValue(n) {
  let vlq = n < 0 ? (-n << 1) | 1 : n << 1;
  let out = '';
  do {
    let digit = vlq & 31;
    vlq >>>= 5;
    if (vlq > 0) digit |= 32;
    out += B64[digit];
  } while (vlq > 0);
  return out;
}

/** Segments as absolute [column, source, line, column, name?], one array per generated line. */
function decodeMappings(mappings) {
  const state = [0, 0, 0, 0];
  return mappings.split(';').map((line) => {
    let column = 0;
    return line
      .split(',')
      .filter(Boolean)
      .map((text) => {
        const v = decodeSegment(text);
        column += v[0];
        if (v.length === 1) return [column];
        for (let i = 1; i < v.length; i++) state[i - 1] += v[i];
        return v.length === 5
          ? [column, state[0], state[1], state[2], state[3]]
          : [column, ...state.slice(0, 3)];
      });
  });
}

function encodeMappings(lines) {
  const state = [0, 0, 0, 0];
  return lines
    .map((segments) => {
      let column = 0;
      return segments
        .map((s) => {
          let out = encodeValue(s[0] - column);
          column = s[0];
          for (let i = 1; i < s.length; i++) {
            out += encodeValue(s[i] - state[i - 1]);
            state[i - 1] = s[i];
          }
          return out;
        })
        .join(',');
    })
    .join(';');
}

/** Keeps the first segment of each generated line, of each change of source line and of each unmapped stretch. */
export function thinSourceMap(file) {
  const map = JSON.parse(readFileSync(file, 'utf8'));
  const lines = decodeMappings(map.mappings).map((segments) =>
    segments.filter((s, i) => {
      const previous = segments[i - 1];
      if (!previous || s.length === 1 || previous.length === 1) return true;
      return previous[1] !== s[1] || previous[2] !== s[2];
    }),
  );
  map.mappings = encodeMappings(lines);
  writeFileSync(file, JSON.stringify(map));
}
