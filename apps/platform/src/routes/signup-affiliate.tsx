import { signupPage } from './signup-form';

/** /signup/affiliate */
export const Component = signupPage('affiliate');
