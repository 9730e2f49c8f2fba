import { describe, expect, it } from '@jest/globals';
import { themeToStore } from './theme-preference';

describe('themeToStore', () => {
  it('stores a choice that differs from the system setting', () => {
    expect(themeToStore('dark', 'light')).toBe('dark');
    expect(themeToStore('light', 'dark')).toBe('light');
  });

  it('stores nothing when the choice is what the system gives, so the page follows the system again', () => {
    expect(themeToStore('dark', 'dark')).toBeNull();
    expect(themeToStore('light', 'light')).toBeNull();
  });
});
