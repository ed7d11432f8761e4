import { describe, expect, it } from 'vitest';
import { NUMBER_INPUT_MESSAGES as M, numberInputText, parseNumberInput, readNumberInput } from './numberInput.ts';

describe('number boxes read what traders type', () => {
  it('reads unit letters exactly: k, M, B, T (any case, also mm, mn, bn, tn)', () => {
    const cases: [string, number][] = [
      ['10B', 10_000_000_000],
      ['1.2M', 1_200_000],
      ['500k', 500_000],
      ['500K', 500_000],
      ['2.5t', 2_500_000_000_000],
      ['3mm', 3_000_000],
      ['3mn', 3_000_000],
      ['1.5bn', 1_500_000_000],
      ['10 B', 10_000_000_000],
      ['0.1M', 100_000],
      ['.5k', 500],
    ];
    for (const [text, value] of cases) expect(parseNumberInput(text), text).toBe(value);
  });

  it('reads grouped thousands, exponents, plain decimals, spaces around, a sign and a dollar sign', () => {
    const cases: [string, number][] = [
      ['10,000,000', 10_000_000],
      ['1,234.5', 1234.5],
      ['1e9', 1e9],
      ['2.5E-3', 0.0025],
      ['  42  ', 42],
      ['\t7.25\n', 7.25],
      ['-3', -3],
      ['+3', 3],
      ['−4.5', -4.5], // the minus sign the app prints
      ['$1,000', 1000],
      ['-$2M', -2_000_000],
      ['1.', 1],
      ['0', 0],
      ['-0', 0],
    ];
    for (const [text, value] of cases) expect(parseNumberInput(text), text).toBe(value);
    expect(Object.is(parseNumberInput('-0'), 0)).toBe(true);
  });

  it('in a percentage box 5 and 5% both mean five percent; unit letters and dollars are refused there', () => {
    expect(parseNumberInput('5', { percent: true })).toBe(5);
    expect(parseNumberInput('5%', { percent: true })).toBe(5);
    expect(parseNumberInput(' -2.5 % ', { percent: true })).toBe(-2.5);
    for (const text of ['5k%', '5k', '$5']) expect(readNumberInput(text, { percent: true }), text).toEqual({ ok: false, problem: 'unreadablePercent', error: M.unreadablePercent });
    expect(readNumberInput('5%')).toEqual({ ok: false, problem: 'percentSign', error: M.percentSign });
  });

  it('says what is wrong with anything else', () => {
    expect(readNumberInput('')).toEqual({ ok: false, problem: 'required', error: M.required });
    expect(readNumberInput('   ')).toEqual({ ok: false, problem: 'required', error: M.required });
    for (const text of ['abc', '-', '.', '1,00', '1,0000', '12,34,567', '1.2.3', '0x10', 'Infinity', 'NaN', '1e3k', '10BB', '10 billion', 'k', '5 5', '1e']) {
      expect(readNumberInput(text), text).toEqual({ ok: false, problem: 'unreadable', error: M.unreadable });
    }
    expect(readNumberInput('1e400')).toEqual({ ok: false, problem: 'tooLarge', error: M.tooLarge });
    expect(readNumberInput('-5', { negative: false })).toEqual({ ok: false, problem: 'negative', error: M.negative });
    expect(readNumberInput('0', { negative: false })).toEqual({ ok: true, value: 0 });
    expect(parseNumberInput('abc')).toBeNull();
  });
});

describe('a stored number shown back in its box', () => {
  it('is compact from ten million up when the short form is the same number, else grouped', () => {
    expect(numberInputText(10_000_000_000)).toBe('10B');
    expect(numberInputText(1_250_000_000_000)).toBe('1.25T');
    expect(numberInputText(25_000_000)).toBe('25M');
    expect(numberInputText(-30_000_000)).toBe('-30M');
    expect(numberInputText(12_345_678)).toBe('12,345,678');
    expect(numberInputText(1e15)).toBe('1000T');
  });

  it('is as JavaScript prints it below ten million', () => {
    for (const v of [0, 1, 0.5, -3.25, 1_000_000, 9_999_999]) expect(numberInputText(v)).toBe(String(v));
  });

  it('always reads back to the very number stored', () => {
    for (const v of [1e7, 10_000_000_000, 12_345_678.9, 123_456_789_012, -98_765_432.125, 1.5e13, 7e20, 2.5e-7, 42]) {
      expect(parseNumberInput(numberInputText(v)), String(v)).toBe(v);
    }
  });
});
