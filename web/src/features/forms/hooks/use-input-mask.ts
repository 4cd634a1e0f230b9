import Inputmask from 'inputmask';
import { useEffect, useState, type RefObject } from 'react';

/**
 * Attaches an inputmask mask with `options` to the input in `ref` after mount, re-applies it when the options
 * change (compared by value, so a new but equal object does not re-mask) and removes it on unmount; `null`
 * options remove the mask. The text already in the input is re-read by the new mask. Options are copied
 * before use (inputmask writes into them). Returns the attached instance, `null` until the first effect and
 * while no mask is on; the instance is also `input.inputmask`.
 */
export function useInputMask(
  ref: RefObject<HTMLInputElement | null>,
  options: Inputmask.Options | null,
): Inputmask.Instance | null {
  const key = options === null ? null : JSON.stringify(options);
  const [instance, setInstance] = useState<Inputmask.Instance | null>(null);
  useEffect(() => {
    const input = ref.current;
    if (!input || key === null) return;
    const attached = new Inputmask(JSON.parse(key) as Inputmask.Options).mask(input);
    setInstance(attached);
    return () => {
      attached.remove();
      setInstance(null);
    };
  }, [ref, key]);
  return instance;
}
