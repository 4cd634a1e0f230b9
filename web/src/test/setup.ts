import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import i18n from '@/i18n';
import { loadOverlayDialog } from '@/components/ui/overlay';
import { installMatchMedia, setViewportWidth } from './media';

// Also at load time: some libraries (inputmask) read `matchMedia` when their module is first imported,
// which happens before the first `beforeEach`.
installMatchMedia();

// The overlays' dialog is a chunk the app loads when idle (issue 22); here it is there from the start, so an overlay
// opens in the same render as in a browser that loaded it. `overlays.test.tsx` covers an overlay opened before it.
await loadOverlayDialog();

beforeEach(async () => {
  installMatchMedia();
  setViewportWidth(1280);
  localStorage.clear();
  await i18n.changeLanguage('ru');
});

afterEach(() => {
  cleanup();
});
