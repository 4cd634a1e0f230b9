import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PICTURE_SIZES } from '@/config/constants';
import { makePicture } from '@/test/fixtures';
import { Picture, pictureSrcSet } from './picture';

const id = '0123456789abcdef0123456789abcdef';

describe('pictureSrcSet', () => {
  it('lists each derivative with its real width, stopping at the first slot as wide as the picture', () => {
    // The same strings as the server's `Picture::srcset` test (domain/pictures.rs): the preload must match.
    expect(pictureSrcSet(makePicture({ width: 300, height: 200 }), 'webp')).toBe(
      `/pictures/${id}/160.webp 160w, /pictures/${id}/320.webp 300w`,
    );
    expect(pictureSrcSet(makePicture({ width: 2000, height: 2000 }), 'avif')).toBe(
      `/pictures/${id}/160.avif 160w, /pictures/${id}/320.avif 320w, /pictures/${id}/640.avif 640w, ` +
        `/pictures/${id}/1280.avif 1280w`,
    );
  });
});

describe('Picture', () => {
  it('offers AVIF once made, then WebP, then a JPEG img, all with the slot sizes', () => {
    const { container } = render(
      <Picture picture={makePicture({ avif: true })} slot="page" alt="Робот" width={800} height={800} />,
    );
    const sources = [...container.querySelectorAll('picture > source')];
    expect(sources.map((s) => s.getAttribute('type'))).toEqual(['image/avif', 'image/webp']);
    expect(sources.every((s) => s.getAttribute('sizes') === PICTURE_SIZES.page)).toBe(true);
    const img = screen.getByRole('img', { name: 'Робот' });
    expect(img.getAttribute('srcset')).toBe(pictureSrcSet(makePicture(), 'jpg'));
    expect(img).toHaveAttribute('data-placeholder', 'false');
  });

  it('leaves AVIF out while it is not made', () => {
    const { container } = render(<Picture picture={makePicture()} slot="card" alt="" width={400} height={400} />);
    expect([...container.querySelectorAll('source')].map((s) => s.getAttribute('type'))).toEqual(['image/webp']);
  });

  it('shows the placeholder, named, when the shop holds no copy', () => {
    render(<Picture picture={null} slot="card" alt="Робот" width={400} height={400} />);
    const placeholder = screen.getByRole('img', { name: 'Робот' });
    expect(placeholder.tagName.toLowerCase()).toBe('svg');
    expect(placeholder).toHaveAttribute('data-placeholder', 'true');
  });
});
