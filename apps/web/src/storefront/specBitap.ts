import type Fuse from 'fuse.js';

/** Set in the options of the shop's own indexes, so SpecBitapSearch never answers for another Fuse user. */
export const SPEC_SEARCH = 'nurserySpecBitap';

interface BitapOptions {
  [SPEC_SEARCH]?: boolean;
  location: number;
  distance: number;
  threshold: number;
  minMatchCharLength: number;
  isCaseSensitive: boolean;
  ignoreDiacritics: boolean;
  includeMatches: boolean;
  findAllMatches: boolean;
  ignoreLocation: boolean;
  useExtendedSearch?: boolean;
  useTokenSearch?: boolean;
}

/** Fuse's calcScore: errors per pattern letter plus the distance from the expected place. A plain function
 * rather than a closure made for every field searched, as in Fuse. */
function score(
  errors: number,
  currentLocation: number,
  expectedLocation: number,
  patternLen: number,
  distance: number,
): number {
  return errors / patternLen + Math.abs(expectedLocation - currentLocation) / distance;
}

/** Fuse's bitap works on one 32-bit word per pattern. */
const FUSE_MAX_BITS = 32;

/** Bit arrays of the current and the previous error count, reused from one field to the next. */
let bitsNow = new Int32Array(256);
let bitsBefore = new Int32Array(256);

/**
 * Fuse's own bitap search (fuse.js 7.5, src/search/bitap/search.ts) for the spec's options, step for step
 * and with the same arithmetic, so scores and order are identical (search.test.ts compares both on the demo
 * catalogue and on 2,000 products); only the storage differs: typed arrays reused between fields and a
 * character-code table instead of a new Array per error count and an object keyed by letters. That is 80 %
 * of a search's time, and this makes a search over 2,000 products about three times faster. Plugged in with
 * Fuse.use, and only for the options it was written for (anything else stays with Fuse's own searcher).
 */
export class SpecBitapSearch {
  static condition(pattern: string, options: BitapOptions): boolean {
    return (
      options[SPEC_SEARCH] === true &&
      pattern.length > 0 &&
      // Lower case can be longer ('İ'): Fuse splits a pattern over 32 into chunks, which this does not.
      pattern.toLowerCase().length <= FUSE_MAX_BITS &&
      options.minMatchCharLength <= 1 &&
      !options.isCaseSensitive &&
      !options.ignoreDiacritics &&
      !options.includeMatches &&
      !options.findAllMatches &&
      !options.ignoreLocation &&
      !options.useExtendedSearch &&
      !options.useTokenSearch &&
      options.distance > 0 &&
      // From the start of each field, as the spec's options say; the scan below relies on it.
      options.location === 0
    );
  }

  private readonly pattern: string;
  /** Fuse's pattern alphabet: the bits of the pattern positions where each character stands. */
  private readonly ascii = new Int32Array(128);
  private readonly others = new Map<number, number>();

  private readonly options: BitapOptions;

  constructor(pattern: string, options: BitapOptions) {
    this.options = options;
    this.pattern = pattern.toLowerCase();
    const length = this.pattern.length;
    for (let i = 0; i < length; i += 1) {
      const code = this.pattern.charCodeAt(i);
      const bit = 1 << (length - i - 1);
      if (code < 128) this.ascii[code]! |= bit;
      else this.others.set(code, (this.others.get(code) ?? 0) | bit);
    }
  }

  searchIn(text: string): { isMatch: boolean; score: number } {
    const lower = text.toLowerCase();
    if (this.pattern === lower) return { isMatch: true, score: 0 };
    const { isMatch, score } = this.search(lower);
    return { isMatch, score: isMatch ? score : 1 };
  }

  private search(text: string): { isMatch: boolean; score: number } {
    const { location, distance, threshold } = this.options;
    const { pattern, ascii, others } = this;
    const patternLen = pattern.length;
    const textLen = text.length;
    const expectedLocation = Math.max(0, Math.min(location, textLen));

    let currentThreshold = threshold;
    let bestLocation = expectedLocation;
    let index = text.indexOf(pattern, bestLocation);
    while (index > -1) {
      currentThreshold = Math.min(score(0, index, expectedLocation, patternLen, distance), currentThreshold);
      bestLocation = index + patternLen;
      index = text.indexOf(pattern, bestLocation);
    }
    bestLocation = -1;

    const needed = textLen + patternLen + 3;
    if (bitsNow.length < needed) {
      bitsNow = new Int32Array(needed * 2);
      bitsBefore = new Int32Array(needed * 2);
    }
    let bitArr = bitsNow;
    let lastBitArr = bitsBefore;
    let finalScore = 1;
    let binMax = patternLen + textLen;
    const mask = 1 << (patternLen - 1);
    for (let i = 0; i < patternLen; i += 1) {
      let binMin = 0;
      let binMid = binMax;
      while (binMin < binMid) {
        if (score(i, expectedLocation + binMid, expectedLocation, patternLen, distance) <= currentThreshold)
          binMin = binMid;
        else binMax = binMid;
        binMid = Math.floor((binMax - binMin) / 2 + binMin);
      }
      binMax = binMid;
      let start = Math.max(1, expectedLocation - binMid + 1);
      const finish = Math.min(expectedLocation + binMid, textLen) + patternLen;
      // Fuse starts each error count on a new array. No clearing needed here: with location 0 the scan below
      // always runs down to cell 1 (it stops early only there), so every cell read was written by this error
      // count or the one before, whose window was at least as wide.
      bitArr[finish + 1] = (1 << i) - 1;
      for (let j = finish; j >= start; j -= 1) {
        const currentLocation = j - 1;
        const code = currentLocation < textLen ? text.charCodeAt(currentLocation) : -1;
        const charMatch = code < 0 ? 0 : code < 128 ? ascii[code]! : (others.get(code) ?? 0);
        let bits = ((bitArr[j + 1]! << 1) | 1) & charMatch;
        if (i) {
          const before = lastBitArr[j + 1]!;
          bits |= ((before | lastBitArr[j]!) << 1) | 1 | before;
        }
        bitArr[j] = bits;
        if (bits & mask) {
          finalScore = score(i, currentLocation, expectedLocation, patternLen, distance);
          if (finalScore <= currentThreshold) {
            currentThreshold = finalScore;
            bestLocation = currentLocation;
            if (bestLocation <= expectedLocation) break;
            start = Math.max(1, 2 * expectedLocation - bestLocation);
          }
        }
      }
      if (score(i + 1, expectedLocation, expectedLocation, patternLen, distance) > currentThreshold) break;
      const previous = lastBitArr;
      lastBitArr = bitArr;
      bitArr = previous;
    }
    return { isMatch: bestLocation >= 0, score: Math.max(0.001, finalScore) };
  }
}

/** Lets Fuse use SpecBitapSearch for the indexes whose options carry SPEC_SEARCH. */
export function registerSpecSearch(FuseCtor: typeof Fuse): void {
  FuseCtor.use(SpecBitapSearch);
}
