import { describe, expect, it } from '@jest/globals';
import { chooseLocale, matchLocale, searchWithLocale } from './locale-choice';

describe('choosing the language', () => {
  it('matches browser tags to the supported languages', () => {
    expect(matchLocale('hi-IN')).toBe('hi');
    expect(matchLocale('pt')).toBe('pt-BR');
    expect(matchLocale('pt-PT')).toBe('pt-BR');
    expect(matchLocale('zh')).toBe('zh-CN');
    expect(matchLocale('zh-Hans-SG')).toBe('zh-CN');
    expect(matchLocale('zh-TW')).toBeUndefined();
    expect(matchLocale('ar-EG')).toBe('ar');
    expect(matchLocale('nl')).toBeUndefined();
  });

  it('prefers the link, then the remembered choice, then the browser, then English', () => {
    expect(chooseLocale({ search: '?lang=ja', remembered: 'fr', browser: ['de'] })).toBe('ja');
    expect(chooseLocale({ search: '?lang=xx', remembered: 'fr', browser: ['de'] })).toBe('fr');
    expect(chooseLocale({ search: '', remembered: null, browser: ['nl-NL', 'de-AT', 'fr'] })).toBe('de');
    expect(chooseLocale({ search: '', remembered: null, browser: ['nl'] })).toBe('en');
  });

  it('keeps other query parameters when it sets or clears the language', () => {
    expect(searchWithLocale('?a=1', 'hi')).toBe('?a=1&lang=hi');
    expect(searchWithLocale('?a=1&lang=hi', 'en')).toBe('?a=1');
    expect(searchWithLocale('?lang=hi', 'en')).toBe('');
  });
});
