import { lazy, Suspense } from 'react';
import { LoadingState } from '@/components/ui/status-states';
import type { ServerFormProps } from './server-form';

const ServerForm = lazy(async () => ({ default: (await import('./server-form')).ServerForm }));

/**
 * {@link ServerForm} loaded on first use: the form's code (intl-tel-input, libphonenumber's metadata, inputmask) is
 * a chunk of its own that no page pays for until a form is shown. A spinner shows meanwhile.
 */
export function LazyServerForm(props: ServerFormProps) {
  return (
    <Suspense fallback={<LoadingState compact />}>
      <ServerForm {...props} />
    </Suspense>
  );
}
