import { describe, expect, it } from 'vitest';
import { loginPathFor, redirectTarget } from './login-redirect.ts';

describe('redirectTarget', () => {
  it('goes to the page the redirect parameter names, or home', () => {
    expect(redirectTarget(new URLSearchParams('redirect=shipping'))).toBe('/shipping');
    expect(redirectTarget(new URLSearchParams('redirect=admin%2Fuserlist'))).toBe(
      '/admin/userlist',
    );
    expect(redirectTarget(new URLSearchParams(''))).toBe('/');
    expect(redirectTarget(new URLSearchParams('redirect=/'))).toBe('/');
  });

  it('keeps the query of the page it comes back to', () => {
    expect(redirectTarget(new URLSearchParams('redirect=order%2F42%3Fx%3D1'))).toBe(
      '/order/42?x=1',
    );
  });

  it('never leaves the shop, however the other host is spelled', () => {
    for (const attack of [
      '//evil.example',
      '/\\evil.example',
      '\\\\evil.example',
      '%09//evil.example',
      '%0a//evil.example',
      '%09/%09/evil.example',
      '/%09/evil.example',
      'https://evil.example',
      '%20//evil.example',
    ]) {
      const target = redirectTarget(new URLSearchParams(`redirect=${attack}`));
      expect(target, attack).toMatch(/^\/(?![/\\])/);
      expect(new URL(target, 'https://shop.example').origin, attack).toBe('https://shop.example');
    }
  });
});

describe('loginPathFor', () => {
  it('comes back to the page being left', () => {
    expect(loginPathFor({ pathname: '/profile', search: '' })).toBe('/login?redirect=profile');
    expect(loginPathFor({ pathname: '/order/42', search: '?x=1' })).toBe(
      '/login?redirect=order%2F42%3Fx%3D1',
    );
    expect(loginPathFor({ pathname: '/', search: '' })).toBe('/login');
  });
});
