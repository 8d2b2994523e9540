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

  it('never leaves the shop', () => {
    expect(redirectTarget(new URLSearchParams('redirect=//evil.example'))).toBe('/evil.example');
    expect(redirectTarget(new URLSearchParams('redirect=/\\evil.example'))).toBe('/evil.example');
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
