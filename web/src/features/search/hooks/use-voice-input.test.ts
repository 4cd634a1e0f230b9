import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { VOICE_RECOGNITION_LANG } from '@/config/constants';
import type { SpeechRecognitionLike, SpeechRecognitionResultEventLike } from './use-voice-input';
import { getSpeechRecognition, useVoiceInput } from './use-voice-input';

/** A stand-in for the browser's `webkitSpeechRecognition`: records every instance and its calls. */
class FakeRecognition implements SpeechRecognitionLike {
  static instances: FakeRecognition[] = [];
  lang = '';
  interimResults = true;
  maxAlternatives = 0;
  continuous = true;
  onresult: SpeechRecognitionLike['onresult'] = null;
  onerror: SpeechRecognitionLike['onerror'] = null;
  onend: SpeechRecognitionLike['onend'] = null;
  start = vi.fn();
  stop = vi.fn();
  abort = vi.fn();
  constructor() {
    FakeRecognition.instances.push(this);
  }
}

/** A result event holding one result per transcript (best alternative only). */
function resultEvent(...transcripts: string[]): SpeechRecognitionResultEventLike {
  return { results: transcripts.map((transcript) => [{ transcript }]) };
}

// jsdom has no `isSecureContext`; keep whatever descriptor there is and put it back after each test.
const secureContextDescriptor = Object.getOwnPropertyDescriptor(window, 'isSecureContext');

function setSecureContext(value: boolean) {
  Object.defineProperty(window, 'isSecureContext', { value, configurable: true });
}

beforeEach(() => {
  FakeRecognition.instances = [];
});

afterEach(() => {
  if (secureContextDescriptor) Object.defineProperty(window, 'isSecureContext', secureContextDescriptor);
  else delete (window as { isSecureContext?: boolean }).isSecureContext;
});

describe('getSpeechRecognition / supported', () => {
  it('is unsupported on an insecure context even with the API present', () => {
    setSecureContext(false);
    vi.stubGlobal('webkitSpeechRecognition', FakeRecognition);
    vi.stubGlobal('SpeechRecognition', FakeRecognition);
    expect(getSpeechRecognition()).toBeNull();
    const { result } = renderHook(() => useVoiceInput(vi.fn()));
    expect(result.current.supported).toBe(false);
    // Toggling where unsupported does nothing.
    act(() => result.current.toggle());
    expect(FakeRecognition.instances).toHaveLength(0);
    expect(result.current.recording).toBe(false);
  });

  it('is unsupported on a secure context without the API', () => {
    setSecureContext(true);
    expect('webkitSpeechRecognition' in window).toBe(false);
    expect('SpeechRecognition' in window).toBe(false);
    expect(getSpeechRecognition()).toBeNull();
    const { result } = renderHook(() => useVoiceInput(vi.fn()));
    expect(result.current.supported).toBe(false);
  });

  it('prefers the unprefixed SpeechRecognition when both exist', () => {
    setSecureContext(true);
    class Unprefixed extends FakeRecognition {}
    vi.stubGlobal('webkitSpeechRecognition', FakeRecognition);
    vi.stubGlobal('SpeechRecognition', Unprefixed);
    expect(getSpeechRecognition()).toBe(Unprefixed);
  });
});

describe('useVoiceInput with webkitSpeechRecognition on a secure context', () => {
  beforeEach(() => {
    setSecureContext(true);
    vi.stubGlobal('webkitSpeechRecognition', FakeRecognition);
  });

  function setup() {
    const onResult = vi.fn();
    const hook = renderHook(() => useVoiceInput(onResult));
    return { onResult, ...hook };
  }

  it(`starts a ${VOICE_RECOGNITION_LANG} recognition without interim results on toggle and reports recording`, () => {
    const { result } = setup();
    expect(result.current.supported).toBe(true);
    expect(result.current.recording).toBe(false);
    expect(FakeRecognition.instances).toHaveLength(0);

    act(() => result.current.toggle());
    expect(FakeRecognition.instances).toHaveLength(1);
    const recognition = FakeRecognition.instances[0]!;
    expect(recognition.lang).toBe('ru-RU');
    expect(recognition.interimResults).toBe(false);
    expect(recognition.continuous).toBe(false);
    expect(recognition.maxAlternatives).toBe(1);
    expect(recognition.start).toHaveBeenCalledTimes(1);
    expect(result.current.recording).toBe(true);
  });

  it('hands the trimmed transcript to the callback', () => {
    const { result, onResult } = setup();
    act(() => result.current.toggle());
    const recognition = FakeRecognition.instances[0]!;
    act(() => recognition.onresult!(resultEvent('  лего дупло  ')));
    expect(onResult).toHaveBeenCalledTimes(1);
    expect(onResult).toHaveBeenCalledWith('лего дупло');
  });

  it('joins several results and ignores a blank one', () => {
    const { result, onResult } = setup();
    act(() => result.current.toggle());
    const recognition = FakeRecognition.instances[0]!;
    act(() => recognition.onresult!(resultEvent('   ')));
    expect(onResult).not.toHaveBeenCalled();
    act(() => recognition.onresult!(resultEvent('лего', 'техник ')));
    expect(onResult).toHaveBeenCalledWith('лего техник');
  });

  it('clears recording when the recognition ends, and a later toggle starts a new one', () => {
    const { result } = setup();
    act(() => result.current.toggle());
    const first = FakeRecognition.instances[0]!;
    act(() => first.onend!());
    expect(result.current.recording).toBe(false);

    act(() => result.current.toggle());
    expect(FakeRecognition.instances).toHaveLength(2);
    expect(FakeRecognition.instances[1]!.start).toHaveBeenCalledTimes(1);
    expect(first.stop).not.toHaveBeenCalled();
    expect(result.current.recording).toBe(true);
  });

  it('stops the recognition when toggled while recording', () => {
    const { result } = setup();
    act(() => result.current.toggle());
    const recognition = FakeRecognition.instances[0]!;
    act(() => result.current.toggle());
    expect(recognition.stop).toHaveBeenCalledTimes(1);
    expect(FakeRecognition.instances).toHaveLength(1);
    // The browser then ends it.
    act(() => recognition.onend!());
    expect(result.current.recording).toBe(false);
  });

  it('only logs a recognition error (spec §8)', () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { result, onResult } = setup();
    act(() => result.current.toggle());
    const recognition = FakeRecognition.instances[0]!;
    expect(() => act(() => recognition.onerror!({ error: 'not-allowed' }))).not.toThrow();
    expect(consoleError).toHaveBeenCalledTimes(1);
    expect(consoleError.mock.calls[0]).toContain('not-allowed');
    expect(onResult).not.toHaveBeenCalled();
    act(() => recognition.onend!());
    expect(result.current.recording).toBe(false);
  });

  it('logs, and does not record, when start() throws', () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { result } = setup();
    class Throwing extends FakeRecognition {
      override start = vi.fn(() => {
        throw new DOMException('busy', 'InvalidStateError');
      });
    }
    vi.stubGlobal('webkitSpeechRecognition', Throwing);
    expect(() => act(() => result.current.toggle())).not.toThrow();
    expect(consoleError).toHaveBeenCalledTimes(1);
    expect(result.current.recording).toBe(false);
  });

  it('aborts the recognition on unmount', () => {
    const { result, unmount } = setup();
    act(() => result.current.toggle());
    const recognition = FakeRecognition.instances[0]!;
    unmount();
    expect(recognition.abort).toHaveBeenCalledTimes(1);
    expect(recognition.onend).toBeNull();
  });

  it('does not abort anything on unmount when not recording', () => {
    const { result, unmount } = setup();
    act(() => result.current.toggle());
    const recognition = FakeRecognition.instances[0]!;
    act(() => recognition.onend!());
    unmount();
    expect(recognition.abort).not.toHaveBeenCalled();
  });
});
