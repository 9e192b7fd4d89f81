import { describe, expect, it } from 'vitest';
import { cellOf, cellPath, MAP_CELLS } from '../../src/core/map.ts';
import { resultPosition } from '../../src/core/scoring.ts';
import { totalsFor } from '../support/visitor.ts';
import { PATH_A } from '../support/random-answers.ts';

const { problemOf } = await import('../../src/lib/share-link.ts');

const code = PATH_A.join('');
const own = cellOf(resultPosition(totalsFor(PATH_A)));
const other = MAP_CELLS.find((c) => c.col !== own.col || c.row !== own.row)!;

describe('what is wrong with a share link', () => {
  it('finds nothing wrong with a link whose result lies in its cell, or an old "/?r=" link, or no link at all', () => {
    expect(problemOf(`?r=${code}`, cellPath(own))).toBeNull();
    expect(problemOf(`?r=${code}`, '/')).toBeNull();
    expect(problemOf('', '/')).toBeNull();
    expect(problemOf('?utm_source=mail', '/')).toBeNull();
  });

  it('names a cell page without its answers, an unreadable code, and a result from another cell', () => {
    expect(problemOf('', cellPath(own))).toBe('no-result');
    expect(problemOf('?r=999', cellPath(own))).toBe('unreadable');
    expect(problemOf('?r=999', '/')).toBe('unreadable');
    expect(problemOf(`?r=${code}`, cellPath(other))).toBe('altered');
  });
});
