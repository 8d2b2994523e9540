import { describe, expect, it } from 'vitest';
import { hasSizedCopies, imageHeight, sizedImage } from './product-image.ts';

describe('sized copies of product pictures', () => {
  it('exist for the demo pictures and for uploads, wherever the store keeps them', () => {
    expect(hasSizedCopies('/images/headphones.webp')).toBe(true);
    expect(hasSizedCopies('/images/gaming-console.webp')).toBe(true);
    const name = '0b6a3f1e-4c2d-4e8f-9a1b-2c3d4e5f6a7b.webp';
    expect(hasSizedCopies(`/uploads/${name}`)).toBe(true);
    expect(hasSizedCopies(`https://images.shop.example/${name}`)).toBe(true);
  });

  it('do not exist for pictures linked from elsewhere, other formats or copies themselves', () => {
    expect(hasSizedCopies('https://cdn.example/lamp.jpg')).toBe(false);
    expect(hasSizedCopies('https://cdn.example/lamp.webp')).toBe(false);
    expect(hasSizedCopies('/images/headphones-640.webp')).toBe(false);
    expect(hasSizedCopies('/images/sub/lamp.webp')).toBe(false);
    expect(hasSizedCopies('/uploads/0b6a3f1e-4c2d-4e8f-9a1b-2c3d4e5f6a7b-640.webp')).toBe(false);
    expect(hasSizedCopies('')).toBe(false);
  });

  it('are addressed by the width before the extension, and are 5 wide by 4 high', () => {
    expect(sizedImage('/images/headphones.webp', 320)).toBe('/images/headphones-320.webp');
    expect(sizedImage('https://s3.example/b/1.webp', 640)).toBe('https://s3.example/b/1-640.webp');
    expect(sizedImage('0b6a.webp', 160)).toBe('0b6a-160.webp');
    expect(imageHeight(640)).toBe(512);
    expect(imageHeight(160)).toBe(128);
  });
});
