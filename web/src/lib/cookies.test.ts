import { afterEach, describe, expect, it, vi } from 'vitest';
import { getCookie, serializeCookie, setCookie } from './cookies';

function clearCookies() {
  for (const pair of document.cookie.split(';')) {
    const name = pair.split('=')[0]!.trim();
    if (name) document.cookie = `${name}=; Path=/; Max-Age=0`;
  }
}

afterEach(clearCookies);

describe('serializeCookie', () => {
  it('writes path /, max-age in seconds and SameSite=Lax', () => {
    expect(serializeCookie('flag', 'Y', { maxAgeS: 32_832_000 })).toBe('flag=Y; Path=/; Max-Age=32832000; SameSite=Lax');
  });

  it('leaves max-age out for a session cookie and honours another path', () => {
    expect(serializeCookie('flag', 'N', { path: '/catalog/' })).toBe('flag=N; Path=/catalog/; SameSite=Lax');
  });

  it('URI-encodes the value', () => {
    expect(serializeCookie('text', 'лего; 1=2')).toBe(`text=${encodeURIComponent('лего; 1=2')}; Path=/; SameSite=Lax`);
  });
});

describe('setCookie and getCookie', () => {
  it('assigns the serialized string to document.cookie', () => {
    const setter = vi.spyOn(document, 'cookie', 'set');
    setCookie('flag', 'Y', { maxAgeS: 60 });
    expect(setter).toHaveBeenCalledWith('flag=Y; Path=/; Max-Age=60; SameSite=Lax');
  });

  it('reads back what it wrote, decoded, among other cookies', () => {
    document.cookie = 'other=1; Path=/';
    setCookie('text', 'лего; 1=2', { maxAgeS: 60 });
    document.cookie = 'text2=x; Path=/';
    expect(getCookie('text')).toBe('лего; 1=2');
    expect(getCookie('other')).toBe('1');
  });

  it('answers null for a cookie it does not hold, and for a name that is only a prefix', () => {
    document.cookie = 'flag_long=Y; Path=/';
    expect(getCookie('flag')).toBeNull();
  });

  it('forgets a cookie written with max-age 0', () => {
    setCookie('flag', 'Y', { maxAgeS: 60 });
    setCookie('flag', '', { maxAgeS: 0 });
    expect(getCookie('flag')).toBeNull();
  });
});
