import { describe, expect, it } from 'vitest';
import { readRotationLink, rotationLink } from './rotationLink.ts';

describe('rotation links', () => {
  it('carry only what is given, and read back the same', () => {
    expect(rotationLink()).toBe('/rotation');
    const url = rotationLink({ scanId: 7, start: '2019-01-02', end: '2024-12-31' });
    expect(url).toBe('/rotation?scan_id=7&start=2019-01-02&end=2024-12-31');
    expect(readRotationLink(new URL(url, 'http://x').searchParams)).toEqual({ scanId: 7, templateId: null, start: '2019-01-02', end: '2024-12-31' });
  });

  it('drop malformed ids and dates', () => {
    expect(readRotationLink(new URLSearchParams('scan_id=0&template_id=x1&start=2019-1-2&end=today'))).toEqual({ scanId: null, templateId: null, start: null, end: null });
  });
});
