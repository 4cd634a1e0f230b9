import { describe, expect, it } from 'vitest';
import { isYes, toYesNo } from './yes-no';

describe('Y/N flags', () => {
  it('turn booleans into Y and N and read only Y as yes', () => {
    expect([toYesNo(true), toYesNo(false)]).toEqual(['Y', 'N']);
    expect([isYes('Y'), isYes('N'), isYes('y'), isYes(''), isYes(null), isYes(undefined)]).toEqual([true, false, false, false, false, false]);
  });
});
