import { signupPage } from './signup-form.tsx';

/** /signup/vendor */
export const Component = signupPage('merchant');
