import { PanelLoadError } from '@/components/ui/overlay';
import { LoadingState } from '@/components/ui/status-states';
import { LazyWidget, retryableLazy } from '@/components/ui/widget-boundary';
import type { ServerFormProps } from './server-form';

const ServerForm = retryableLazy(async () => ({ default: (await import('./server-form')).ServerForm }), 'ServerForm');

/**
 * {@link ServerForm} loaded on first use: the form's code (intl-tel-input, libphonenumber's metadata, inputmask) is
 * a chunk of its own that no page pays for until a form is shown. A spinner shows meanwhile; when the chunk cannot be
 * loaded (a flaky network, or a release replaced it), the `SLIDE_PANEL_UNDEFINED_ERROR` alert with a retry button
 * takes the form's place, and nothing else on the page is touched (issue 19).
 */
export function LazyServerForm(props: ServerFormProps) {
  return (
    <LazyWidget
      name="server form"
      widget={ServerForm}
      props={props}
      loading={<LoadingState compact />}
      fallback={(retry) => <PanelLoadError onRetry={retry} />}
    />
  );
}
