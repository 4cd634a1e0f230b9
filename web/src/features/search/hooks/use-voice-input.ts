import { useCallback, useEffect, useRef, useState } from 'react';
import { VOICE_RECOGNITION_LANG } from '@/config/constants';

/** The part of the Web Speech API's `SpeechRecognition` voice search uses (not in TypeScript's DOM library). */
export interface SpeechRecognitionLike {
  lang: string;
  interimResults: boolean;
  maxAlternatives: number;
  continuous: boolean;
  start(): void;
  stop(): void;
  abort(): void;
  onresult: ((event: SpeechRecognitionResultEventLike) => void) | null;
  onerror: ((event: { error?: string; message?: string }) => void) | null;
  onend: (() => void) | null;
}

/** The part of a `SpeechRecognitionEvent` voice search reads: the best alternative of each result. */
export interface SpeechRecognitionResultEventLike {
  results: ArrayLike<ArrayLike<{ transcript: string }>>;
}

type SpeechRecognitionConstructor = new () => SpeechRecognitionLike;

/**
 * The browser's speech recognition, or `null` where voice search is not offered (spec §5): the browser lacks
 * `SpeechRecognition` and `webkitSpeechRecognition`, or the page is not a secure context (https or localhost).
 */
export function getSpeechRecognition(): SpeechRecognitionConstructor | null {
  if (typeof window === 'undefined' || !window.isSecureContext) return null;
  const speechWindow = window as unknown as {
    SpeechRecognition?: SpeechRecognitionConstructor;
    webkitSpeechRecognition?: SpeechRecognitionConstructor;
  };
  return speechWindow.SpeechRecognition ?? speechWindow.webkitSpeechRecognition ?? null;
}

/** What {@link useVoiceInput} gives the microphone button. */
export interface VoiceInput {
  /** Voice search is offered here (see {@link getSpeechRecognition}); render no button when `false`. */
  supported: boolean;
  /** The microphone is recording. */
  recording: boolean;
  /** Starts recording when stopped, stops when recording (spec §4 "Voice input: toggles between recording and stopped"). */
  toggle: () => void;
}

/**
 * Voice search input (issue 4; spec §4, §5, §8): one Russian (`ru-RU`) utterance per recording. The recognised
 * text goes to `onResult`; recognition errors (no speech, microphone denied, network) are only logged (spec §8)
 * and end the recording. Recording stops by itself at the end of speech, on {@link VoiceInput.toggle}, and when
 * the component unmounts (the search overlay closes).
 */
export function useVoiceInput(onResult: (text: string) => void): VoiceInput {
  const [supported] = useState(() => getSpeechRecognition() !== null);
  const [recording, setRecording] = useState(false);
  const recognitionRef = useRef<SpeechRecognitionLike | null>(null);
  const onResultRef = useRef(onResult);
  useEffect(() => {
    onResultRef.current = onResult;
  });

  useEffect(
    () => () => {
      const recognition = recognitionRef.current;
      recognitionRef.current = null;
      if (recognition) {
        recognition.onend = null;
        recognition.abort();
      }
    },
    [],
  );

  const toggle = useCallback(() => {
    const current = recognitionRef.current;
    if (current) {
      current.stop();
      return;
    }
    const Recognition = getSpeechRecognition();
    if (!Recognition) return;
    const recognition = new Recognition();
    recognition.lang = VOICE_RECOGNITION_LANG;
    recognition.interimResults = false;
    recognition.maxAlternatives = 1;
    recognition.continuous = false;
    recognition.onresult = (event) => {
      const text = Array.from(event.results, (result) => result[0]?.transcript ?? '')
        .join(' ')
        .trim();
      if (text) onResultRef.current(text);
    };
    recognition.onerror = (event) => {
      console.error('Voice search: recognition failed', event.error ?? event.message ?? event);
    };
    recognition.onend = () => {
      if (recognitionRef.current === recognition) recognitionRef.current = null;
      setRecording(false);
    };
    recognitionRef.current = recognition;
    try {
      recognition.start();
      setRecording(true);
    } catch (error) {
      recognitionRef.current = null;
      console.error('Voice search: recognition did not start', error);
    }
  }, []);

  return { supported, recording, toggle };
}
