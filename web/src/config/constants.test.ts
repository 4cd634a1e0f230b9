/// <reference types="node" />
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PICTURE_SIZES, PICTURE_WIDTHS } from './constants';

/** The server's `limits.rs`, where the same constants live on the Rust side. */
const limits = readFileSync(path.resolve(process.cwd(), '../server/src/limits.rs'), 'utf8');

/** The value of `pub const {name}: … = {value};` in `limits.rs`, as written. */
function rust(name: string): string {
  const found = limits.match(new RegExp(`pub const ${name}: [^=]+= ([^;]+);`));
  if (!found) throw new Error(`${name} is not in limits.rs`);
  return found[1]!;
}

describe('constants shared with the server', () => {
  it('pictures: the derivative widths and the product page sizes its preload names (issue 24)', () => {
    const widths = ['THUMBNAIL', 'CARD', 'PAGE', 'ZOOM'].map((slot) => Number(rust(`PICTURE_WIDTH_${slot}`)));
    expect(widths).toEqual([...PICTURE_WIDTHS]);
    expect(JSON.parse(rust('PICTURE_SIZES_PAGE'))).toBe(PICTURE_SIZES.page);
  });
});
