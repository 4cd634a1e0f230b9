import type { LoginView } from '../hooks/login-panel';
import { LoginForm, RegisterForm, ResetRequestForm } from './auth-forms';

/** Props of {@link LoginPanelBody}. */
export interface LoginPanelBodyProps {
  view: LoginView;
  /** Called after a log-in or a registration: the panel closes. */
  onDone: () => void;
}

/**
 * The login slide panel's content (issue 7): the log-in form, registration or the password-reset request. A chunk of
 * its own, loaded when a guest first opens the panel: the forms stay out of every page's first load (issue 22,
 * "ships no code that it does not run").
 */
export function LoginPanelBody({ view, onDone }: LoginPanelBodyProps) {
  if (view === 'register') return <RegisterForm onDone={onDone} />;
  if (view === 'reset') return <ResetRequestForm />;
  return <LoginForm onDone={onDone} />;
}
