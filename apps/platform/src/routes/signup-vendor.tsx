import { signupPage } from './signup-form';

/** /signup/vendor */
export const Component = signupPage('merchant');
