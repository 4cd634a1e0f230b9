import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import i18n from '@/i18n';
import { installMatchMedia, setViewportWidth } from './media';

// Also at load time: some libraries (inputmask) read `matchMedia` when their module is first imported,
// which happens before the first `beforeEach`.
installMatchMedia();

beforeEach(async () => {
  installMatchMedia();
  setViewportWidth(1280);
  localStorage.clear();
  await i18n.changeLanguage('ru');
});

afterEach(() => {
  cleanup();
});
