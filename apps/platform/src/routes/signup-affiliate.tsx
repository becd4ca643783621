import { signupPage } from './signup-form.tsx';

/** /signup/affiliate */
export const Component = signupPage('affiliate');
